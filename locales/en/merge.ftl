# Merging two records of one person, from any clubs (administration).
merge-title = Merge two records of one person
merge-lead = When one person is registered twice (for example once in each club), merge her two records: everything of the record that goes moves to the one that stays.
merge-keep = Stays
merge-drop = Goes (moves into the one that stays)
merge-choose = Choose a person…
merge-preview = See what moves
merge-confirm-title = Before merging: this is what moves
merge-summary = Everything of { $drop } moves to { $keep }.
merge-do = Merge the two records
merge-change = Change the choice
merge-code = Code
merge-licence = Licence
merge-birth-year = Year of birth
merge-clubs = Clubs
merge-no-clubs = No club
merge-moves-memberships = { $n ->
    [one] 1 club membership moves to { $keep }: { $clubs }.
   *[other] { $n } club memberships move to { $keep }: { $clubs }.
}
merge-moves-no-memberships = No club membership moves as it is.
merge-moves-joined = In { $club } both have a membership (“{ $kept }” and “{ $merged }”): they become one, “{ $kept }”, with their games, pairs and entries.
merge-moves-pairs = { $n ->
    [0] She plays in no club pair.
    [one] 1 club pair: { $names }.
   *[other] { $n } club pairs: { $names }.
}
merge-moves-games = { $n ->
    [0] She sat at no club game.
    [one] 1 club game with a seat of hers.
   *[other] { $n } club games with a seat of hers.
}
merge-moves-championships = { $n ->
    [0] She entered no championship.
    [one] Entered in 1 championship: { $names }.
   *[other] Entered in { $n } championships: { $names }.
}
merge-moves-rewritten = { $n ->
    [one] 1 championship names her by code or licence and will name { $keep }: { $names }.
   *[other] { $n } championships name her by code or licence and will name { $keep }: { $names }.
}
merge-moves-ratings = { $game } rating history: { $games ->
    [one] 1 rated game
   *[other] { $games } rated games
} in { $periods ->
    [one] 1 period
   *[other] { $periods } periods
} { $kept ->
    [0] { $games ->
        [one] goes
       *[other] go
    } to { $keep }, who had none
    [one] { $games ->
        [one] adds
       *[other] add
    } to the 1 of { $keep }
   *[other] { $games ->
        [one] adds
       *[other] add
    } to the { $kept } of { $keep }
}; the { $game } rating is computed again from the whole history.
merge-moves-no-ratings = No rated game in any game.
merge-moves-circuits = { $n ->
    [0] She has no line in any circuit.
    [one] She has a line in 1 circuit, which moves to { $keep }: { $names }.
   *[other] She has a line in { $n } circuits, which move to { $keep }: { $names }.
}
merge-moves-licence = Her licence ({ $licence }) moves to { $keep }, who had none.
merge-moves-birth-year = Her year of birth ({ $year }) moves to { $keep }, who had none.
merge-moves-initials = She asked to be shown on public pages by the initial of her surname: { $keep } will be shown so too.
merge-undo-warning = This merge cannot be undone: when two records of one club become one, nothing says which games, pairs and entries were whose.
merge-undo-note = The merge stays in the audit, where it can be undone.
merge-audit-link = Merges of people (audit)
merge-audit-title = Merges of people
merge-itself = Choose two different records: a person is not merged into herself.
merge-no-club = no club
merge-pick-both = Choose the record that stays and the one that goes.
merge-no-such-person = That person does not exist (or no longer). Choose again.
merge-drop-gone = The record that goes was already merged into another ({ $what }). Choose again.
merge-keep-gone = The record that stays was already merged into another ({ $what }). Choose again.
merge-same-championship = Cannot merge: both play in the same championship ({ $what }), so they are two people.
merge-undo = Undo
merge-undo-title = Undo a merge
merge-undo-done = This merge was already undone.
merge-undo-joined = This merge cannot be undone: in { $what } the two records of the club became one, and nothing says which games, pairs and entries were whose. Nothing was changed.
merge-undo-person = { $what } is no longer merged into this person: something changed since the merge. Nothing was changed.
merge-undo-membership = The membership of { $what } is no longer this person's: it changed since the merge. Nothing was changed.
merge-undo-licence = The licence of { $what } changed since the merge. Nothing was changed.
merge-undo-championship = The entrants of the championship { $what } changed since the merge. Nothing was changed.
merge-back-audit = Back to the merges
audit-people-merge = { $who } merged { $name } into { $into }: they are one person.
audit-people-merge-rated = Rated games moved: { $games }.
audit-people-merge-rated-game = { $n } of { $game }
audit-people-unmerge = { $who } undid the merge of { $name } into { $into }.
