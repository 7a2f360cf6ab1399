builder-turn-of = Li toca a { $name }
builder-legal-moves = Jugades que les regles permeten ara
builder-other-move = Una altra jugada (seient, acció i valor)
ruling-apply-to-hand = Aplica l'acta a la mà { $n }
game-take-to-referee = Porta-la a l'àrbitre
game-locked-note = El resultat d'aquesta taula està confirmat: una correcció passa pel director o l'àrbitre.
table-your-pair-pin = PIN de la teva parella
table-your-pair-pin-player = El teu PIN
