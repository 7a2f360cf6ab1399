## The audit log in sentences.
audit-what = What happened
audit-in-championship = Championship: { $name }
audit-in-game = Game: { $game }
audit-versus = vs
audit-who-user = { $name }
audit-who-token = { $who } (with an access token)
audit-who-ruling = { $who }, with a referee's ruling
audit-who-pair-pin = the pair { $pair } with its PIN
audit-who-some-pair-pin = a pair at the table with its PIN
audit-who-table-pin = the holder of the table's PIN
audit-who-game-pin = the holder of the game's PIN
audit-who-demo = the demo
audit-who-cli = the server console
audit-who-unknown = someone
audit-yes = yes
audit-no = no
audit-side-n = pair { $n }
audit-seat-n = seat { $n }
audit-change = { $what }: { $from } → { $to }
audit-changed = changed { $what }
audit-hand-points = hand points
audit-hand-entry = what was entered
audit-hand-now-record = what was entered became the full hand, card by card
audit-hand-now-quick = the full hand became a quick-form entry
audit-club-create = { $who } created the club { $name }.
audit-user-create = { $who } created the account { $name }.
audit-user-disable = { $who } disabled the account { $name }.
audit-user-enable = { $who } enabled the account { $name } again.
audit-user-role = { $who } gave the account { $name } the role { $role }.
audit-player-create = { $who } added the player { $name }.
audit-player-update = { $who } changed the player { $name }.
audit-pair-create = { $who } added the pair { $name }.
audit-pair-update = { $who } changed the pair { $name }.
audit-person-rename = { $who } renamed { $name } to { $into }.
audit-person-merge = { $who } merged { $name } into { $into }.
audit-person-retire = { $who } retired { $name }.
audit-person-reactivate = { $who } made { $name } active again.
audit-game-create = { $who } started a game of { $game }: { $players }.
audit-hand-create = { $who } entered hand { $n }.
audit-hand-update = { $who } corrected hand { $n }.
audit-hand-update-what = { $who } corrected hand { $n }: { $changes }.
audit-hand-delete = { $who } deleted hand { $n }.
audit-hand-restore = { $who } put hand { $n } back.
audit-hand-at = { $n } at { $table }
audit-tournament-create = { $who } created the championship { $name }.
audit-entrant-register = { $who } registered { $name }.
audit-entrant-late = { $who } registered { $name } after the championship had started.
audit-entrant-import = { $n ->
    [one] { $who } imported { $n } entrant.
   *[other] { $who } imported { $n } entrants.
}
audit-entrant-withdraw = { $who } withdrew { $name } from the championship.
audit-entrant-reinstate = { $who } let { $name } back in.
audit-entrant-check-in = { $who } checked { $name } in.
audit-entrant-check-out = { $who } undid the check-in of { $name }.
audit-entrants-checked-in = { $n ->
    [one] { $who } checked in { $n } entrant.
   *[other] { $who } checked in { $n } entrants.
}
audit-entrant-seed = { $who } seeded the entrants by rating.
audit-round-pair = { $who } drew the pairings of round { $n }.
audit-round-publish = { $who } published round { $n }.
audit-table-of-round = table { $table } of round { $round }
audit-table-pairs = { $place } ({ $a } vs { $b })
audit-table-knockout = table { $table } of the knockout
audit-a-table = a table
audit-result-record = { $who } entered the result of { $table }: { $score }.
audit-result-correct = { $who } corrected the result of { $table }: { $score }.
audit-result-correct-from = { $who } corrected the result of { $table }: { $from } → { $score }.
audit-result-override = { $who } entered the result of { $table } instead of the proposed one: { $score }.
audit-result-confirm = { $who } confirmed the result of { $table }: { $score }.
audit-result-propose = { $who } proposed the result of { $table }: { $score }.
audit-result-propose-none = { $who } proposed a result for { $table }.
audit-result-withdraw = { $who } withdrew the proposed result of { $table }.
audit-result-void = { $who } annulled { $table }: it is played again.
audit-result-typed = { $who } switched { $table } to a result typed by the director.
audit-table-moved = { $who } took { $table } to hall table { $physical }.
audit-result-other = { $who } changed the result of { $table }.
audit-match-third = of the third-place match
audit-match-final = of the final
audit-match-final-again = of the deciding final
audit-match-semi-final = of semi-final { $n }
audit-match-quarter-final = of quarter-final { $n }
audit-match-of-round = of match { $n } of round { $round }
audit-match-of-losers = of match { $n } of round { $round } of the losers' bracket
audit-a-match = of a match
audit-bracket-create = { $who } created the bracket.
audit-bracket-create-early = { $who } drew the bracket with { $n ->
    [one] 1 Swiss round
   *[other] { $n } Swiss rounds
} unplayed.
audit-bracket-create-early-league = { $who } drew the bracket with { $n ->
    [one] 1 league round
   *[other] { $n } league rounds
} unplayed.
audit-bracket-import = { $who } imported the bracket.
audit-bracket-paper = { $who } chose { $paper } paper to print the bracket.
audit-bracket-delete = { $who } deleted the bracket.
audit-bracket-clear = { $who } cleared the result { $match }.
audit-bracket-record = { $who } entered the result { $match }: { $score }.
audit-bracket-record-winner = { $who } entered the result { $match }: { $score }; { $winner } wins.
audit-bracket-correct = { $who } corrected the result { $match }: { $score }.
audit-bracket-correct-winner = { $who } corrected the result { $match }: { $score }; { $winner } wins.
audit-bracket-confirm = { $who } confirmed the result { $match }: { $score }.
audit-bracket-confirm-winner = { $who } confirmed the result { $match }: { $score }; { $winner } wins.
audit-other = { $who } changed { $what }.
audit-entity-club = the club's details
audit-entity-user = an account
audit-entity-player = a player
audit-entity-pair = a pair
audit-entity-game = a game
audit-entity-hand = a hand
audit-entity-tournament = the championship
audit-entity-entrant = the entrants
audit-entity-round = a round
audit-entity-result = a result
audit-entity-bracket = the bracket
audit-entity-event = the championship
audit-entity-phase = a phase
audit-entity-other = a record

## Why a round cannot be paired.
pairing-not-enough = At least two entrants who can play are needed to pair a round.
pairing-late-entry = An entrant joined late, and a round robin's schedule is fixed at the start.
pairing-late-entry-of = { $name } joined late, and a round robin's schedule is fixed at the start.
pairing-too-large = Too many entrants, or too wide a spread of points, to pair the round exactly.
pairing-invalid = The championship's data do not add up: the round cannot be paired.

## What an import did.
done-entrants-imported = { $n ->
    [one] { $n } entrant imported.
   *[other] { $n } entrants imported.
}
done-game-imported = { $n ->
    [one] Game imported with { $n } hand.
   *[other] Game imported with { $n } hands.
}

## A round's row when its columns stack on a phone.
round-row-versus = vs
round-row-physical = at physical table
