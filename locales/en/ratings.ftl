ratings-title = Player ratings
ratings-explain = Glicko-2 rating, one per game: it starts at 1500 and is recomputed after every championship round and every club day of that game. The deviation (±) says how far to trust it: it shrinks with play and grows without.
ratings-periods = { $n ->
    [one] 1 rated period
   *[other] { $n } rated periods
}
ratings-player = Player
ratings-rating = Rating
ratings-rd = Deviation
ratings-games = Games
ratings-games-rated = { $n ->
    [one] 1 rated game
   *[other] { $n } rated games
}
ratings-unrated = Not rated yet: no rated game played.
ratings-none-yet = No rated games yet.
ratings-game-table = This game's list
ratings-chart = Rating over time
ratings-round = round { $n }
ratings-club-day = Club games
ratings-and = and
ratings-won = Won
ratings-lost = Lost
ratings-partners = Partners
ratings-no-partners = No partners yet.
ratings-championships = Championships
ratings-no-championships = No championship played yet.
ratings-championship = Championship
ratings-date = Date
ratings-entrant = Entered as
ratings-place = Place
ratings-club-games = Club games
ratings-no-games = No finished games yet.
ratings-head-to-head = Head to head
ratings-against = Against
ratings-compare = Compare
ratings-wins = { $n } won
ratings-draws = { $n } drawn
ratings-losses = { $n } lost
ratings-never-met = they have not met in any rated game yet.
ratings-pair-rating = Pair rating (mean of both)
seeding-title = Seeds by rating
seeding-explain = Every entrant with its rating in the championship's game (a pair, the mean of its two players; anyone unrated, 1500) and the order that follows.
seeding-none = No entrants yet.
seeding-new = By rating
seeding-now = Current seed
seeding-apply = Set these seeds
seeding-error-paired = Seeds are set before the first round is paired.
bracket-seeding-ratings = By the players' ratings (a pair by the mean of its two players)
bracket-seeded-ratings = by the players' ratings ({ $ratings })
