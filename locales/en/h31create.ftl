champ-format-partida = One partida
champ-format-best-of = Best of several partidas
champ-format-timed = Points, hands or minutes (whichever comes first)
champ-target = Partida to (points)
champ-target-own = What the table options say
champ-format-only-chosen = Only the chosen game's format counts.
champ-unplayable = It cannot be played like this
champ-edit = Change the settings
champ-delete = Delete the championship
champ-reach = Phones open
champ-reach-local = Baza listens on this computer only: phones cannot reach it. Start it with --bind 0.0.0.0:8080.
champ-circuits = { $n ->
    [one] Counts towards the circuit:
   *[other] Counts towards the circuits:
}
champ-cut-here = Cut here: this half is for its pair only
champ-cut-here-player = Cut here: this half is for the player it names only
champ-your-pin = Your pair's PIN
champ-your-pin-player = Your PIN
champ-pin-keep = Do not show it to the other pair: it signs your result.
champ-pin-keep-player = Do not show it to your opponent: it signs your result.
champ-pins-title = Table sheet with the PINs (for the director)
champ-pins-note = Both PINs of every table. Keep it out of the players' sight.
champ-pair = Pair
champ-pair-player = Player
champ-print-pins = Print the PIN sheet
champ-save = Save the changes
champ-edit-too-late = The settings can no longer change: the first round is paired.
champ-delete-what = The championship leaves the lists and its pages. Its record of changes is kept. It cannot be undone from here.
champ-delete-counts = Entrants
champ-delete-confirm = Yes, delete the championship
champ-delete-cancel = No, back to the director's page
champ-cotos = Cotos to win the match
champ-format-cotos = { $cotos } cotos to win, each the best of { $n } partidas
