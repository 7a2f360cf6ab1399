# Les persones darrere dels inscrits d'un campionat: triar-les, vincular-les.
link-players = Jugadors
link-player = Jugador
link-player-n = Jugador { $n }
link-player-name = Nom o llicència (escriu i tria de la llista)
link-player-club = Club amb què juga en aquest campionat (si el deixes buit, el seu club d'ara)
link-name-optional = (si el deixes buit, els cognoms dels jugadors)
link-not-linked = sense vincular
link-title = Inscrits sense vincular
link-help = Aquests jugadors es van escriure a mà: digues qui és cadascun perquè les seves partides comptin en la seva puntuació.
link-typed = Escrit: «{ $name }»
link-is = És { $who }?
link-confirm = Sí, és aquesta persona
link-new = És una altra persona: crear-la
link-back = Tornar a la direcció del campionat
link-report-linked = { $n ->
    [one] { $n } persona vinculada
   *[other] { $n } persones vinculades
}
link-report-unlinked = { $n ->
    [one] { $n } sense vincular
   *[other] { $n } sense vincular
}
link-import-columns = Columnes opcionals: «jugador 1», «jugador 2», «llicència 1», «llicència 2», «club 1», «club 2». Una llicència coneguda vincula el jugador; un nom només es proposa. També val un Excel (.xlsx): se'n llegeix el primer full.
error-link-slot = Aquest jugador no és a la inscripció o ja està vinculat.
error-link-person = No existeix aquesta persona.
error-link-twice = Aquesta persona ja juga en aquest campionat.
audit-entrant-link = { $who } va vincular { $person } amb la inscripció { $name }.
