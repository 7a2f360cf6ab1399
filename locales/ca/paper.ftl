# El que s'imprimeix: el full de la ronda per a la paret, les actes i la classificació.
paper-by-name = Busca el teu nom
paper-by-name-note = Cada jugador per ordre alfabètic, amb la seva taula i el seu costat.
paper-after-round = després de la ronda { $n }
paper-round-playing = ronda { $n } en joc
paper-legend = Abreviatures
paper-wdl-long = Guanyades, empatades i perdudes
paper-points-long = Punts
tiebreak-wins-short = V
tiebreak-points-short = Punts
tiebreak-head-to-head-short = ED
tiebreak-point-difference-short = Dif.
tiebreak-points-for-short = PF
tiebreak-buchholz-short = Bh.
tiebreak-median-buchholz-short = Bh. mitjà
tiebreak-sonneborn-berger-short = S-B
tiebreak-lot-short = Sorteig
