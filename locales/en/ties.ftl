# Match points with halves, and ties that no criterion breaks.
champ-points-hint = Half a point: 0.5 or ½ (for instance 1 for a win and ½ for a draw).
champ-points-halves = Match points: a whole number or a half (0.5 or ½); no other fraction
champ-ties = Ties no criterion breaks
champ-ties-entry-order = By order of entry (seeds first), said in the standings
champ-ties-lot = By a lot Baza draws, its seed written in the standings
champ-ties-shared = Shared place (ex aequo)
standings-ex-aequo = { $place } ex aequo
standings-tie-shared = ex aequo
standings-tie-lot = by lot, seed { $seed }
standings-tie-lot-page = by lot
standings-lot-seed = The places by lot come from Baza's lot drawn with the seed { $seed }: anyone can draw it again with it.
standings-tie-entry-order = by order of entry
