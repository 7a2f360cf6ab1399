DROP TABLE game_hands;
DROP TABLE games;
