# Match points with halves, and ties that no criterion breaks.
champ-points-hint = Mig punt: 0,5 o ½ (per exemple, 1 la victòria i ½ l'empat).
champ-points-halves = Punts de classificació: un nombre enter o amb mig punt (0,5 o ½); no valen altres fraccions
champ-ties = Empats que cap criteri no desfà
champ-ties-entry-order = Per ordre d'inscripció (caps de sèrie primer), dit a la classificació
champ-ties-lot = Per sorteig de Baza, amb la llavor anotada a la classificació
champ-ties-shared = Lloc compartit (ex aequo)
standings-ex-aequo = { $place } ex aequo
standings-tie-shared = ex aequo
standings-tie-lot = per sorteig, llavor { $seed }
standings-tie-lot-page = per sorteig
standings-lot-seed = Els llocs per sorteig surten del sorteig de Baza amb la llavor { $seed }: amb ella qualsevol el pot repetir.
standings-tie-entry-order = per ordre d'inscripció
