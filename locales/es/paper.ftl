# Lo que se imprime: la hoja de la ronda para la pared, las actas y la clasificación.
paper-by-name = Busca tu nombre
paper-by-name-note = Cada jugador por orden alfabético, con su mesa y su lado.
paper-after-round = tras la ronda { $n }
paper-round-playing = ronda { $n } en juego
paper-legend = Abreviaturas
paper-wdl-long = Ganadas, empatadas y perdidas
paper-points-long = Puntos
tiebreak-wins-short = V
tiebreak-points-short = Ptos.
tiebreak-head-to-head-short = ED
tiebreak-point-difference-short = Dif.
tiebreak-points-for-short = TF
tiebreak-buchholz-short = Bh.
tiebreak-median-buchholz-short = Bh. med.
tiebreak-sonneborn-berger-short = S-B
tiebreak-lot-short = Sorteo
