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
link-unmatched = Crear una persona per a cada jugador sense coincidències ({ $n })
link-unmatched-help = Els jugadors que no s'assemblen a ningú del registre passen a ser persones noves, tots alhora. Els que tenen una possible coincidència es queden aquí perquè decideixis un per un.
error-link-none-new = No queda cap jugador sense coincidències: als que falten per vincular s'hi assembla algú del registre. Decideix un per un qui és cadascun.
audit-entrant-link-new = { $n ->
    [one] { $who } va crear { $n } persona del registre per al jugador sense coincidències i la va vincular.
   *[other] { $who } va crear { $n } persones del registre per als jugadors sense coincidències i les va vincular.
}
done-people-made = { $n ->
    [one] S'ha creat { $n } persona del registre i s'ha vinculat.
   *[other] S'han creat { $n } persones del registre i s'han vinculat.
}
entrants-search-label = Cercar pel nom d'un jugador, de la parella o pel número
entrants-search-button = Cercar
entrants-search-all = Veure'ls tots
entrants-shown-pairs = { $shown } de { $total ->
    [one] { $total } parella
   *[other] { $total } parelles
}
entrants-shown-players = { $shown } de { $total ->
    [one] { $total } jugador
   *[other] { $total } jugadors
}
