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
link-unmatched = Create a person for each player without a match ({ $n })
link-unmatched-help = The players who resemble nobody in the register become new people, all at once. Those with a possible match stay here for you to decide one by one.
error-link-none-new = No player without a match is left: the ones still to link each resemble someone in the register. Decide who each one is, one by one.
audit-entrant-link-new = { $n ->
    [one] { $who } created { $n } person in the register for the player without a match and linked them.
   *[other] { $who } created { $n } people in the register for the players without a match and linked them.
}
done-people-made = { $n ->
    [one] { $n } person created in the register and linked.
   *[other] { $n } people created in the register and linked.
}
entrants-search-label = Search by a player's name, the pair's name or its number
entrants-search-button = Search
entrants-search-all = Show all
entrants-shown-pairs = { $shown } of { $total ->
    [one] { $total } pair
   *[other] { $total } pairs
}
entrants-shown-players = { $shown } of { $total ->
    [one] { $total } player
   *[other] { $total } players
}
