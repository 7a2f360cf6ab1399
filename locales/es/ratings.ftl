ratings-title = Puntuaciones de los jugadores
ratings-explain = Puntuación Glicko-2, una por juego: empieza en 1500 y se recalcula tras cada ronda de campeonato y cada día de partidas del club de ese juego. La desviación (±) dice cuánto se fía de ella: baja al jugar y sube sin jugar.
ratings-periods = { $n ->
    [one] 1 periodo puntuado
   *[other] { $n } periodos puntuados
}
ratings-player = Jugador
ratings-rating = Puntuación
ratings-rd = Desviación
ratings-games = Partidas
ratings-games-rated = { $n ->
    [one] 1 partida puntuada
   *[other] { $n } partidas puntuadas
}
ratings-unrated = Aún sin puntuación: no ha jugado ninguna partida puntuada.
ratings-none-yet = Aún no hay partidas puntuadas.
ratings-game-table = Lista de este juego
ratings-chart = Evolución de la puntuación
ratings-round = ronda { $n }
ratings-club-day = Partidas del club
ratings-and = y
ratings-won = Ganada
ratings-lost = Perdida
ratings-partners = Compañeros
ratings-no-partners = Aún sin compañeros.
ratings-championships = Campeonatos
ratings-no-championships = Aún no ha jugado ningún campeonato.
ratings-championship = Campeonato
ratings-date = Fecha
ratings-entrant = Inscrito como
ratings-place = Puesto
ratings-club-games = Partidas del club
ratings-no-games = Aún no hay partidas terminadas.
ratings-head-to-head = Cara a cara
ratings-against = Contra
ratings-compare = Comparar
ratings-wins = { $n ->
    [one] 1 ganada
   *[other] { $n } ganadas
}
ratings-draws = { $n ->
    [one] 1 empatada
   *[other] { $n } empatadas
}
ratings-losses = { $n ->
    [one] 1 perdida
   *[other] { $n } perdidas
}
ratings-never-met = aún no se han enfrentado en ninguna partida puntuada.
ratings-pair-rating = Puntuación de la pareja (media de los dos)
seeding-title = Cabezas de serie por puntuación
seeding-explain = Cada inscrito con su puntuación en el juego del campeonato (una pareja, la media de sus dos jugadores; quien no tiene, 1500) y el orden que sale de ella.
seeding-none = Aún no hay inscritos.
seeding-new = Por puntuación
seeding-now = Cabeza de serie actual
seeding-apply = Poner estos cabezas de serie
seeding-error-paired = Los cabezas de serie se ponen antes de emparejar la primera ronda.
bracket-seeding-ratings = Por las puntuaciones de los jugadores (una pareja, la media de sus dos jugadores)
bracket-seeded-ratings = por las puntuaciones de los jugadores ({ $ratings })
