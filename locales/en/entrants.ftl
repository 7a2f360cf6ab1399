# The people behind a championship's entrants: picking them, linking them.
link-players = Players
link-player = Player
link-player-n = Player { $n }
link-player-name = Name or licence (type and pick from the list)
link-player-club = Club she plays for in this championship (empty: her current club)
link-name-optional = (empty: the players' surnames)
link-not-linked = not linked
link-title = Entrants not linked
link-help = These players were typed by hand: say who each one is so that their games count in their rating.
link-typed = Typed: “{ $name }”
link-is = Is it { $who }?
link-confirm = Yes, this person
link-new = Somebody else: create her
link-back = Back to the championship's desk
link-report-linked = { $n ->
    [one] { $n } person linked
   *[other] { $n } people linked
}
link-report-unlinked = { $n ->
    [one] { $n } not linked
   *[other] { $n } not linked
}
link-import-columns = Optional columns: “player 1”, “player 2”, “licence 1”, “licence 2”, “club 1”, “club 2”. A known licence links the player; a name alone is only suggested. An Excel workbook (.xlsx) will do too: its first sheet is read.
error-link-slot = That player is not in the entry or is already linked.
error-link-person = There is no such person.
error-link-twice = That person already plays in this championship.
audit-entrant-link = { $who } linked { $person } to the entry { $name }.
