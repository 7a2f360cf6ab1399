circuit-new = Nou circuit
circuit-name = Nom del circuit
circuit-points = Punts per lloc, del primer endavant (p. ex. 100, 80, 65, 55)
circuit-floor-label = Punts per participar (llocs fora de la taula)
circuit-best-label = Compten els millors N campionats (buit: tots)
circuit-championships = Campionats del circuit
circuit-no-championships = El club encara no té campionats.
circuit-create = Crear el circuit
circuit-error-name = Escriu un nom de fins a 80 lletres.
circuit-error-points = Els punts per lloc són nombres separats per comes, de més gran a més petit.
circuit-error-floor = Els punts per participar són un nombre enter.
circuit-error-best = Els millors N és un nombre de l'1 al 100, o buit.
circuit-error-championships = Marca almenys un campionat del club.
circuit-scoring = Punts: { $points }
circuit-floor = { $n } per participar
circuit-best = compten els { $n } millors
circuit-print = Imprimir
circuit-players = Classificació per jugadors
circuit-pairs = Classificació per parelles
circuit-who = Nom
circuit-won = Guanyats
circuit-total = Total
circuit-empty = Encara no hi ha llocs en aquests campionats.
circuit-explain = Entre parèntesis, els punts que no compten. Els punts d'un jugador el segueixen amb qualsevol company. Desempats: més campionats guanyats, millor lloc, i qui va quedar per davant en els campionats que van jugar tots dos.
circuit-edit = Canviar el circuit
circuit-edit-title = Canviar { $name }
circuit-save = Desar els canvis
circuit-cancel = Tornar sense desar
circuit-list = Circuits del club
circuit-none = El club encara no té circuits.
circuit-count = { $n ->
    [one] 1 campionat
   *[other] { $n } campionats
}
circuit-player-circuits = Circuits
circuit-player-line = Lloc { $rank } de { $of } · { $n ->
    [one] 1 punt
   *[other] { $n } punts
}
done-circuit-saved = Canvis del circuit desats.
audit-circuit-create = { $who } va crear el circuit { $name }.
audit-circuit-update = { $who } va canviar el circuit { $name }.
audit-entity-circuit = un circuit
circuit-delete = Esborrar el circuit
circuit-delete-what = El circuit desapareix de la llista del club i de les pàgines dels jugadors i les parelles. Els seus campionats no canvien. El registre de canvis del club guarda el que era. No es pot desfer des d'aquí.
circuit-delete-confirm = Sí, esborrar el circuit
circuit-delete-cancel = No, tornar al circuit
circuit-stale = Una altra persona ha canviat aquest circuit mentre el tenies obert: no s'ha desat res. Aquí segueix el que vas escriure; si el deses, substitueix el seu canvi.
circuit-stale-delete = Una altra persona ha canviat aquest circuit mentre tenies oberta aquesta pàgina: no s'ha esborrat.
circuit-now = Ara és: { $what }
circuit-dropped = { $n ->
    [one] Ja no es pot triar { $names } (s'ha esborrat, o no és d'aquest club): s'ha tret del que vas marcar.
   *[other] Ja no es poden triar { $names } (s'han esborrat, o no són d'aquest club): s'han tret del que vas marcar.
}
circuit-as-pair = Com a parella
done-circuit-deleted = Circuit esborrat.
audit-circuit-delete = { $who } va esborrar el circuit { $name }.
