champ-format-partida = Una partida
champ-format-best-of = Al millor de diverses partides
champ-format-timed = Punts, mans o minuts (el que arribi abans)
champ-target = Partida a (punts)
champ-target-own = El que diguin les opcions de la taula
champ-format-only-chosen = Només compta el format del joc triat.
champ-unplayable = Així no es pot jugar
champ-edit = Canviar la configuració
champ-delete = Esborrar el campionat
champ-reach = Els mòbils entren a
champ-reach-local = Baza només escolta en aquest ordinador: els mòbils no hi arriben. Engega'l amb --bind 0.0.0.0:8080.
champ-circuits = { $n ->
    [one] Compta per al circuit:
   *[other] Compta per als circuits:
}
champ-cut-here = Tallar per aquí: aquesta meitat és només per a la seva parella
champ-cut-here-player = Tallar per aquí: aquesta meitat és només per al jugador que anomena
champ-your-pin = PIN de la vostra parella
champ-your-pin-player = El teu PIN
champ-pin-keep = No l'ensenyeu a l'altra parella: amb ell signeu el vostre resultat.
champ-pin-keep-player = No l'ensenyis al teu rival: amb ell signes el teu resultat.
champ-pins-title = Full de taules amb els PIN (per a la direcció)
champ-pins-note = Els dos PIN de cada taula. No el deixeu a la vista dels jugadors.
champ-pair = Parella
champ-pair-player = Jugador
champ-print-pins = Imprimir el full de PIN
champ-save = Desar els canvis
champ-edit-too-late = La configuració ja no es pot canviar: la primera ronda està aparellada.
champ-delete-what = El campionat desapareix de les llistes i de les seves pàgines. El seu registre de canvis es conserva. No es pot desfer des d'aquí.
champ-delete-counts = Inscrits
champ-delete-confirm = Sí, esborrar el campionat
champ-delete-cancel = No, tornar a la direcció
champ-cotos = Cotos per guanyar l'encontre
champ-format-cotos = { $cotos } cotos per guanyar, cadascun al millor de { $n } partides
