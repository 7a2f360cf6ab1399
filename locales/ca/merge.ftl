# Fusionar dues fitxes d'una mateixa persona, de qualsevol club (administració).
merge-title = Fusionar dues fitxes d'una persona
merge-lead = Quan una mateixa persona està donada d'alta dues vegades (per exemple, una vegada a cada club), fusiona les seves dues fitxes: tot el de la fitxa que es treu passa a la que es queda.
merge-keep = Es queda
merge-drop = Es treu (passa a la que es queda)
merge-choose = Tria una persona…
merge-preview = Veure què es mou
merge-confirm-title = Abans de fusionar: això és el que es mou
merge-summary = Tot el { DE($drop) } passa a { $keep }.
merge-do = Fusionar les dues fitxes
merge-change = Canviar l'elecció
merge-code = Codi
merge-licence = Llicència
merge-birth-year = Any de naixement
merge-clubs = Clubs
merge-no-clubs = Sense club
merge-moves-memberships = { $n ->
    [one] 1 fitxa de club passa a { $keep }: { $clubs }.
   *[other] { $n } fitxes de club passen a { $keep }: { $clubs }.
}
merge-moves-no-memberships = No té fitxa a cap club que passi tal qual.
merge-moves-joined = A { $club } totes dues tenen fitxa («{ $kept }» i «{ $merged }»): es fusionen en una, «{ $kept }», amb les seves partides, parelles i inscripcions.
merge-moves-pairs = { $n ->
    [0] No juga en cap parella de club.
    [one] 1 parella de club: { $names }.
   *[other] { $n } parelles de club: { $names }.
}
merge-moves-games = { $n ->
    [0] No s'ha assegut a cap partida de club.
    [one] 1 partida de club amb un seient seu.
   *[other] { $n } partides de club amb un seient seu.
}
merge-moves-championships = { $n ->
    [0] No està inscrita a cap campionat.
    [one] Inscrita a 1 campionat: { $names }.
   *[other] Inscrita a { $n } campionats: { $names }.
}
merge-moves-rewritten = { $n ->
    [one] 1 campionat la nomena pel seu codi o la seva llicència i passarà a nomenar { $keep }: { $names }.
   *[other] { $n } campionats la nomenen pel seu codi o la seva llicència i passaran a nomenar { $keep }: { $names }.
}
merge-moves-ratings = Historial de puntuació de { $game }: { $games ->
    [one] 1 partida puntuada
   *[other] { $games } partides puntuades
} en { $periods ->
    [one] 1 període
   *[other] { $periods } períodes
} { $kept ->
    [0] { $games ->
        [one] passa
       *[other] passen
    } a { $keep }, que no en tenia cap
    [one] { $games ->
        [one] se suma
       *[other] se sumen
    } a la 1 { DE($keep) }
   *[other] { $games ->
        [one] se suma
       *[other] se sumen
    } a les { $kept } { DE($keep) }
}; la seva puntuació de { $game } es torna a calcular amb tota la història.
merge-moves-no-ratings = No té cap partida puntuada en cap joc.
merge-moves-circuits = { $n ->
    [0] No té línia a cap circuit.
    [one] Té línia a 1 circuit, que passarà a { $keep }: { $names }.
   *[other] Té línia a { $n } circuits, que passaran a { $keep }: { $names }.
}
merge-moves-licence = La seva llicència ({ $licence }) passa a { $keep }, que no en tenia.
merge-moves-birth-year = El seu any de naixement ({ $year }) passa a { $keep }, que no el tenia.
merge-moves-initials = Va demanar sortir a les pàgines públiques només amb la inicial del cognom: { $keep } sortirà així també.
merge-undo-warning = Aquesta fusió no es podrà desfer: en fusionar dues fitxes d'un mateix club no queda constància de quines partides, parelles i inscripcions eren de cadascuna.
merge-undo-note = La fusió queda a l'auditoria, des d'on es pot desfer.
merge-audit-link = Fusions de persones (auditoria)
merge-audit-title = Fusions de persones
merge-itself = Tria dues fitxes diferents: una persona no es fusiona amb ella mateixa.
merge-no-club = sense club
merge-pick-both = Tria la fitxa que es queda i la que es treu.
merge-no-such-person = Aquesta persona no existeix (o ja no). Torna a triar.
merge-drop-gone = La fitxa que es treu ja es va fusionar amb una altra ({ $what }). Torna a triar.
merge-keep-gone = La fitxa que es queda ja es va fusionar amb una altra ({ $what }). Torna a triar.
merge-same-championship = No es pot fusionar: totes dues juguen al mateix campionat ({ $what }), així que són dues persones.
merge-undo = Desfer
merge-undo-title = Desfer una fusió
merge-undo-done = Aquesta fusió ja es va desfer.
merge-undo-joined = Aquesta fusió no es pot desfer: a { $what } les dues fitxes del club es van fusionar en una, i no queda constància de quines partides, parelles i inscripcions eren de cadascuna. No s'ha tocat res.
merge-undo-person = { $what } ja no està fusionada amb aquesta persona: alguna cosa ha canviat des de la fusió. No s'ha tocat res.
merge-undo-membership = La fitxa { DE($what) } ja no és d'aquesta persona: ha canviat des de la fusió. No s'ha tocat res.
merge-undo-licence = La llicència { DE($what) } ha canviat des de la fusió. No s'ha tocat res.
merge-undo-championship = Els inscrits del campionat { $what } han canviat des de la fusió. No s'ha tocat res.
merge-back-audit = Tornar a les fusions
audit-people-merge = { $who } va fusionar { $name } amb { $into }: són la mateixa persona.
audit-people-merge-rated = Passen les seves partides puntuades: { $games }.
audit-people-merge-rated-game = { $n } de { $game }
audit-people-unmerge = { $who } va desfer la fusió { DE($name) } amb { $into }.
