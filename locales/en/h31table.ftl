builder-turn-of = To play: { $name }
builder-legal-moves = Moves the rules allow now
builder-other-move = Another move (seat, action and value)
ruling-apply-to-hand = Apply the ruling to hand { $n }
game-take-to-referee = Take to the referee
game-locked-note = This table's result is confirmed: a correction goes through the director or the referee.
table-your-pair-pin = Your pair's PIN
table-your-pair-pin-player = Your PIN
