# Importing a championship from its baza-tournament/1 file.
champ-import = Import a championship
champ-import-title = Import a championship
champ-import-help = Upload the file of a championship Baza exported (here or in another installation), or paste its text. It is created in this club with its entrants, rounds, results, games and brackets.
champ-import-file = Championship file (.json)
champ-import-text = Or paste its text here
champ-import-button = Import the championship
champ-import-no-file = Choose the championship's file or paste its text.
champ-import-not-utf8 = The file is not text: choose the .json file Baza exported.
champ-import-not-json = The championship was not imported: the file cannot be read. { $why }
champ-import-not-championship = The file is not a Baza championship: it lacks "format": "baza-tournament/1".
champ-import-refused = The championship was not imported: the file has an error
