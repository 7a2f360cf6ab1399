# What is printed: the round sheet for the wall, the slips and the standings.
paper-by-name = Find your name
paper-by-name-note = Every player in alphabetical order, with their table and side.
paper-after-round = after round { $n }
paper-round-playing = round { $n } being played
paper-legend = Abbreviations
paper-wdl-long = Won, drawn and lost
paper-points-long = Points
tiebreak-wins-short = W
tiebreak-points-short = Pts
tiebreak-head-to-head-short = H2H
tiebreak-point-difference-short = Diff.
tiebreak-points-for-short = PF
tiebreak-buchholz-short = Bh.
tiebreak-median-buchholz-short = Med. Bh.
tiebreak-sonneborn-berger-short = S-B
tiebreak-lot-short = Lot
