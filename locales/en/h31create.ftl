champ-format-partida = One partida
champ-format-best-of = Best of several partidas
champ-format-timed = Points, hands or minutes (whichever comes first)
champ-target = Partida to (points)
champ-target-own = What the table options say
champ-format-only-chosen = Only the chosen game's format counts.
champ-unplayable = It cannot be played like this
