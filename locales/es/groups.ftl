## The liguillas before the first round: drawn by lot, an entrant moved.
groups-title = Liguillas
groups-help = Hasta la primera ronda, las liguillas se pueden sortear (por bombos: los mejores cabezas de serie, cada uno en una liguilla distinta) y se puede pasar una pareja de una liguilla a otra.
groups-draw = Sortear las liguillas
groups-move = Pasar
groups-move-to = a la liguilla
groups-group = Liguilla { $n }
done-groups-drawn = Liguillas sorteadas por bombos (semilla { $n }).
error-groups-none = Este campeonato no se juega en liguillas.
error-groups-started = Las liguillas ya no pueden cambiar: la primera ronda está sorteada.
error-groups-no-such = No existe esa liguilla:
audit-groups-draw = { $who } sorteó las liguillas por bombos (semilla { $seed }).
audit-groups-move = { $who } pasó a { $name } a la liguilla { $group }.
audit-entity-groups = las liguillas
