circuit-new = New circuit
circuit-name = Circuit name
circuit-points = Points by place, from first on (e.g. 100, 80, 65, 55)
circuit-floor-label = Points for taking part (places beyond the table)
circuit-best-label = The best N championships count (empty: all)
circuit-championships = The circuit's championships
circuit-no-championships = The club has no championships yet.
circuit-create = Create the circuit
circuit-error-name = Type a name of up to 80 letters.
circuit-error-points = Points by place are numbers separated by commas, highest first.
circuit-error-floor = Points for taking part are a whole number.
circuit-error-best = Best N is a number from 1 to 100, or empty.
circuit-error-championships = Tick at least one of the club's championships.
circuit-scoring = Points: { $points }
circuit-floor = { $n } for taking part
circuit-best = best { $n } count
circuit-print = Print
circuit-players = Standings by player
circuit-pairs = Standings by pair
circuit-who = Name
circuit-won = Won
circuit-total = Total
circuit-empty = No places in these championships yet.
circuit-explain = In brackets, points that do not count. A player's points follow them whatever the partner. Tie-breaks: more championships won, best place, then who finished ahead in the championships both played.
circuit-edit = Change the circuit
circuit-edit-title = Change { $name }
circuit-save = Save the changes
circuit-cancel = Back without saving
circuit-list = The club's circuits
circuit-none = The club has no circuits yet.
circuit-count = { $n ->
    [one] 1 championship
   *[other] { $n } championships
}
circuit-player-circuits = Circuits
circuit-player-line = Place { $rank } of { $of } · { $n ->
    [one] 1 point
   *[other] { $n } points
}
done-circuit-saved = The circuit's changes are saved.
audit-circuit-create = { $who } created the circuit { $name }.
audit-circuit-update = { $who } changed the circuit { $name }.
audit-entity-circuit = a circuit
circuit-delete = Delete the circuit
circuit-delete-what = The circuit leaves the club's list and the players' and pairs' pages. Its championships do not change. The club's record of changes keeps what it was. It cannot be undone from here.
circuit-delete-confirm = Yes, delete the circuit
circuit-delete-cancel = No, back to the circuit
circuit-stale = Someone else changed this circuit while you had it open: nothing was saved. What you typed is still here; saved, it replaces their change.
circuit-stale-delete = Someone else changed this circuit while you had this page open: it was not deleted.
circuit-now = It is now: { $what }
circuit-dropped = { $n ->
    [one] { $names } can no longer be chosen (deleted, or not this club's): it was taken out of what you ticked.
   *[other] { $names } can no longer be chosen (deleted, or not this club's): they were taken out of what you ticked.
}
circuit-as-pair = As a pair
done-circuit-deleted = Circuit deleted.
audit-circuit-delete = { $who } deleted the circuit { $name }.
