champ-format-partida = Una partida
champ-format-best-of = Al mejor de varias partidas
champ-format-timed = Tantos, manos o minutos (lo que llegue antes)
champ-target = Partida a (tantos)
champ-target-own = Lo que digan las opciones de la mesa
champ-format-only-chosen = Solo cuenta el formato del juego elegido.
champ-unplayable = Así no se puede jugar
