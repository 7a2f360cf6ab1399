builder-turn-of = Le toca a { $name }
builder-legal-moves = Jugadas que las reglas permiten ahora
builder-other-move = Otra jugada (asiento, acción y valor)
ruling-apply-to-hand = Aplicar el fallo a la mano { $n }
game-take-to-referee = Llevar al árbitro
game-locked-note = El resultado de esta mesa está confirmado: una corrección pasa por el director o el árbitro.
table-your-pair-pin = PIN de tu pareja
table-your-pair-pin-player = Tu PIN
