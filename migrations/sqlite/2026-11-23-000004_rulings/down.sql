DROP TABLE rulings;
