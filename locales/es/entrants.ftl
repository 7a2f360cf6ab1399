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
link-unmatched = Crear una persona para cada jugador sin coincidencias ({ $n })
link-unmatched-help = Los jugadores que no se parecen a nadie del registro pasan a ser personas nuevas, todos de una vez. Los que tienen una posible coincidencia se quedan aquí para que decidas uno a uno.
error-link-none-new = No queda ningún jugador sin coincidencias: a los que faltan por vincular se les parece alguien del registro. Decide uno a uno quién es cada uno.
audit-entrant-link-new = { $n ->
    [one] { $who } creó { $n } persona del registro para el jugador sin coincidencias y la vinculó.
   *[other] { $who } creó { $n } personas del registro para los jugadores sin coincidencias y las vinculó.
}
done-people-made = { $n ->
    [one] Se ha creado { $n } persona del registro y se ha vinculado.
   *[other] Se han creado { $n } personas del registro y se han vinculado.
}
entrants-search-label = Buscar por nombre de jugador, de pareja o por número
entrants-search-button = Buscar
entrants-search-all = Ver todos
entrants-shown-pairs = { $shown } de { $total ->
    [one] { $total } pareja
   *[other] { $total } parejas
}
entrants-shown-players = { $shown } de { $total ->
    [one] { $total } jugador
   *[other] { $total } jugadores
}
