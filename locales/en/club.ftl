club-default-game = Usual game
club-default-game-help = The new-game form offers it first; each game can still choose another.
club-bad-game = Choose one of the five games.
club-circuits = Season circuits
club-championships = Championships
club-no-championships = No championships yet.
