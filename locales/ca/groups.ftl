## The liguillas before the first round: drawn by lot, an entrant moved.
groups-title = Lliguetes
groups-help = Fins a la primera ronda, les lliguetes es poden sortejar (per bombos: els millors caps de sèrie, cadascun en una lligueta diferent) i es pot passar una parella d'una lligueta a una altra.
groups-draw = Sortejar les lliguetes
groups-move = Passar
groups-move-to = a la lligueta
groups-group = Lligueta { $n }
done-groups-drawn = Lliguetes sortejades per bombos (llavor { $n }).
error-groups-none = Aquest campionat no es juga en lliguetes.
error-groups-started = Les lliguetes ja no poden canviar: la primera ronda està sortejada.
error-groups-no-such = No existeix aquesta lligueta:
audit-groups-draw = { $who } va sortejar les lliguetes per bombos (llavor { $seed }).
audit-groups-move = { $who } va passar { $name } a la lligueta { $group }.
audit-entity-groups = les lliguetes
