club-default-game = Juego habitual
club-default-game-help = El formulario de nueva partida lo ofrece primero; se puede cambiar en cada partida.
club-bad-game = Elige uno de los cinco juegos.
club-circuits = Circuitos de la temporada
club-championships = Campeonatos
club-no-championships = Todavía no hay campeonatos.
