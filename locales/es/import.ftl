# Importar un campeonato desde su fichero baza-tournament/1.
champ-import = Importar un campeonato
champ-import-title = Importar un campeonato
champ-import-help = Sube el fichero de un campeonato que Baza exportó (aquí o en otra instalación), o pega su texto. Se crea en este club con sus inscritos, rondas, resultados, partidas y cuadros.
champ-import-file = Fichero del campeonato (.json)
champ-import-text = O pega aquí su texto
champ-import-button = Importar el campeonato
champ-import-no-file = Elige el fichero del campeonato o pega su texto.
champ-import-not-utf8 = El fichero no es texto: elige el fichero .json que exportó Baza.
champ-import-not-json = El campeonato no se ha importado: el fichero no se puede leer. { $why }
champ-import-not-championship = El fichero no es un campeonato de Baza: le falta "format": "baza-tournament/1".
champ-import-refused = El campeonato no se ha importado porque el fichero tiene un error
