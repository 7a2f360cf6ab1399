club-default-game = Joc habitual
club-default-game-help = El formulari de partida nova l'ofereix primer; es pot canviar a cada partida.
club-bad-game = Tria un dels cinc jocs.
club-circuits = Circuits de la temporada
club-championships = Campionats
club-no-championships = Encara no hi ha campionats.
