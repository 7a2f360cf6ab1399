champ-format-partida = Una partida
champ-format-best-of = Al millor de diverses partides
champ-format-timed = Punts, mans o minuts (el que arribi abans)
champ-target = Partida a (punts)
champ-target-own = El que diguin les opcions de la taula
champ-format-only-chosen = Només compta el format del joc triat.
champ-unplayable = Així no es pot jugar
