DROP TABLE repesca_liguillas;
