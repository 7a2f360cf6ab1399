ratings-title = Puntuacions dels jugadors
ratings-explain = Puntuació Glicko-2, una per joc: comença a 1500 i es recalcula després de cada ronda de campionat i cada dia de partides del club d'aquest joc. La desviació (±) diu quant s'hi pot confiar: baixa en jugar i puja sense jugar.
ratings-periods = { $n ->
    [one] 1 període puntuat
   *[other] { $n } períodes puntuats
}
ratings-player = Jugador
ratings-rating = Puntuació
ratings-rd = Desviació
ratings-games = Partides
ratings-games-rated = { $n ->
    [one] 1 partida puntuada
   *[other] { $n } partides puntuades
}
ratings-unrated = Encara sense puntuació: no ha jugat cap partida puntuada.
ratings-none-yet = Encara no hi ha partides puntuades.
ratings-game-table = Llista d'aquest joc
ratings-chart = Evolució de la puntuació
ratings-round = ronda { $n }
ratings-club-day = Partides del club
ratings-and = i
ratings-won = Guanyada
ratings-lost = Perduda
ratings-partners = Companys
ratings-no-partners = Encara sense companys.
ratings-championships = Campionats
ratings-no-championships = Encara no ha jugat cap campionat.
ratings-championship = Campionat
ratings-date = Data
ratings-entrant = Inscrit com a
ratings-place = Lloc
ratings-club-games = Partides del club
ratings-no-games = Encara no hi ha partides acabades.
ratings-head-to-head = Cara a cara
ratings-against = Contra
ratings-compare = Comparar
ratings-wins = { $n ->
    [one] 1 guanyada
   *[other] { $n } guanyades
}
ratings-draws = { $n ->
    [one] 1 empatada
   *[other] { $n } empatades
}
ratings-losses = { $n ->
    [one] 1 perduda
   *[other] { $n } perdudes
}
ratings-never-met = encara no s'han enfrontat en cap partida puntuada.
ratings-pair-rating = Puntuació de la parella (mitjana dels dos)
seeding-title = Caps de sèrie per puntuació
seeding-explain = Cada inscrit amb la seva puntuació en el joc del campionat (una parella, la mitjana dels seus dos jugadors; qui no en té, 1500) i l'ordre que en surt.
seeding-none = Encara no hi ha inscrits.
seeding-new = Per puntuació
seeding-now = Cap de sèrie actual
seeding-apply = Posar aquests caps de sèrie
seeding-error-paired = Els caps de sèrie es posen abans d'aparellar la primera ronda.
bracket-seeding-ratings = Per les puntuacions dels jugadors (una parella, la mitjana dels seus dos jugadors)
bracket-seeded-ratings = per les puntuacions dels jugadors ({ $ratings })
