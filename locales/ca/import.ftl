# Importar un campionat des del seu fitxer baza-tournament/1.
champ-import = Importar un campionat
champ-import-title = Importar un campionat
champ-import-help = Puja el fitxer d'un campionat que Baza va exportar (aquí o en una altra instal·lació), o enganxa'n el text. Es crea en aquest club amb els inscrits, les rondes, els resultats, les partides i els quadres.
champ-import-file = Fitxer del campionat (.json)
champ-import-text = O enganxa'n aquí el text
champ-import-button = Importar el campionat
champ-import-no-file = Tria el fitxer del campionat o enganxa'n el text.
champ-import-not-utf8 = El fitxer no és text: tria el fitxer .json que va exportar Baza.
champ-import-not-json = El campionat no s'ha importat: el fitxer no es pot llegir. { $why }
champ-import-not-championship = El fitxer no és un campionat de Baza: li falta "format": "baza-tournament/1".
champ-import-refused = El campionat no s'ha importat perquè el fitxer té un error
