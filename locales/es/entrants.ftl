# Las personas detrás de los inscritos de un campeonato: elegirlas, vincularlas.
link-players = Jugadores
link-player = Jugador
link-player-n = Jugador { $n }
link-player-name = Nombre o licencia (escribe y elige de la lista)
link-player-club = Club con el que juega en este campeonato (si lo dejas vacío, su club de ahora)
link-name-optional = (si lo dejas vacío, los apellidos de los jugadores)
link-not-linked = sin vincular
link-title = Inscritos sin vincular
link-help = Estos jugadores se escribieron a mano: di quién es cada uno para que sus partidas cuenten en su puntuación.
link-typed = Escrito: «{ $name }»
link-is = ¿Es { $who }?
link-confirm = Sí, es esta persona
link-new = Es otra persona: crearla
link-back = Volver a la dirección del campeonato
link-report-linked = { $n ->
    [one] { $n } persona vinculada
   *[other] { $n } personas vinculadas
}
link-report-unlinked = { $n ->
    [one] { $n } sin vincular
   *[other] { $n } sin vincular
}
link-import-columns = Columnas opcionales: «jugador 1», «jugador 2», «licencia 1», «licencia 2», «club 1», «club 2». Una licencia conocida vincula al jugador; un nombre solo se propone. También vale un Excel (.xlsx): se lee su primera hoja.
error-link-slot = Ese jugador no está en la inscripción o ya está vinculado.
error-link-person = No existe esa persona.
error-link-twice = Esa persona ya juega en este campeonato.
audit-entrant-link = { $who } vinculó a { $person } con la inscripción { $name }.
