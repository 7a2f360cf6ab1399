DROP TABLE brackets;
