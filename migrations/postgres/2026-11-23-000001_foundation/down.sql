DROP TABLE matches;
DROP TABLE entries;
DROP TABLE events;
DROP TABLE pairs;
DROP TABLE players;
DROP TABLE clubs;
