## The audit log in sentences.
audit-what = Què ha passat
audit-in-championship = Campionat: { $name }
audit-in-game = Partida: { $game }
audit-versus = contra
audit-who-user = { $name }
audit-who-token = { $who } (amb una clau d'accés)
audit-who-ruling = { $who }, amb una decisió de l'àrbitre
audit-who-pair-pin = la parella { $pair } amb el seu PIN
audit-who-some-pair-pin = una parella de la taula amb el seu PIN
audit-who-table-pin = qui tenia el PIN de la taula
audit-who-game-pin = qui tenia el PIN de la partida
audit-who-demo = la demostració
audit-who-cli = la consola del servidor
audit-who-unknown = algú
audit-yes = sí
audit-no = no
audit-side-n = la parella { $n }
audit-seat-n = el seient { $n }
audit-change = { $what }: { $from } → { $to }
audit-changed = va canviar { $what }
audit-hand-points = punts de la mà
audit-hand-entry = el que s'havia anotat
audit-hand-now-record = el que s'havia anotat va passar a ser la mà completa, carta a carta
audit-hand-now-quick = la mà completa va passar a ser una anotació del formulari ràpid
audit-club-create = { $who } va crear el club { $name }.
audit-user-create = { $who } va crear el compte { $name }.
audit-user-disable = { $who } va desactivar el compte { $name }.
audit-user-enable = { $who } va reactivar el compte { $name }.
audit-user-role = { $who } va donar al compte { $name } el paper de { $role }.
audit-player-create = { $who } va donar d'alta el jugador { $name }.
audit-player-update = { $who } va canviar les dades del jugador { $name }.
audit-pair-create = { $who } va donar d'alta la parella { $name }.
audit-pair-update = { $who } va canviar les dades de la parella { $name }.
audit-person-rename = { $who } va canviar el nom { DE($name) } a { $into }.
audit-person-merge = { $who } va unir { $name } amb { $into }.
audit-person-retire = { $who } va donar de baixa { $name }.
audit-person-reactivate = { $who } va tornar a donar d'alta { $name }.
audit-game-create = { $who } va començar una partida de { $game }: { $players }.
audit-hand-create = { $who } va anotar la mà { $n }.
audit-hand-update = { $who } va corregir la mà { $n }.
audit-hand-update-what = { $who } va corregir la mà { $n }: { $changes }.
audit-hand-delete = { $who } va esborrar la mà { $n }.
audit-hand-restore = { $who } va tornar a posar la mà { $n }.
audit-hand-at = { $n } de { $table }
audit-tournament-create = { $who } va crear el campionat { $name }.
audit-entrant-register = { $who } va inscriure { $name }.
audit-entrant-late = { $who } va inscriure { $name } amb el campionat ja començat.
audit-entrant-import = { $n ->
    [one] { $who } va importar { $n } inscrit.
   *[other] { $who } va importar { $n } inscrits.
}
audit-entrant-withdraw = { $who } va retirar { $name } del campionat.
audit-entrant-reinstate = { $who } va tornar a admetre { $name }.
audit-entrant-check-in = { $who } va marcar que { $name } ha arribat.
audit-entrant-check-out = { $who } va treure l'arribada { DE($name) }.
audit-entrants-checked-in = { $n ->
    [one] { $who } va marcar l'arribada de { $n } inscrit.
   *[other] { $who } va marcar l'arribada de { $n } inscrits.
}
audit-entrant-seed = { $who } va ordenar els caps de sèrie per la seva puntuació.
audit-round-pair = { $who } va sortejar els aparellaments de la ronda { $n }.
audit-round-publish = { $who } va publicar la ronda { $n }.
audit-table-of-round = la taula { $table } de la ronda { $round }
audit-table-pairs = { $place } ({ $a } contra { $b })
audit-table-knockout = la taula { $table } de la fase final
audit-a-table = una taula
audit-result-record = { $who } va anotar el resultat de { $table }: { $score }.
audit-result-correct = { $who } va corregir el resultat de { $table }: { $score }.
audit-result-correct-from = { $who } va corregir el resultat de { $table }: { $from } → { $score }.
audit-result-override = { $who } va anotar el resultat de { $table } en lloc del proposat: { $score }.
audit-result-confirm = { $who } va confirmar el resultat de { $table }: { $score }.
audit-result-propose = { $who } va proposar el resultat de { $table }: { $score }.
audit-result-propose-none = { $who } va proposar un resultat per a { $table }.
audit-result-withdraw = { $who } va retirar el resultat proposat de { $table }.
audit-result-void = { $who } va anul·lar { $table }: es torna a jugar.
audit-result-typed = { $who } va passar { $table } a resultat teclejat per la direcció.
audit-table-moved = { $who } va portar { $table } a la taula física { $physical }.
audit-result-other = { $who } va canviar el resultat de { $table }.
audit-match-third = del partit pel tercer lloc
audit-match-final = de la final
audit-match-final-again = de la final de desempat
audit-match-semi-final = de la semifinal { $n }
audit-match-quarter-final = del quart de final { $n }
audit-match-of-round = del partit { $n } de la ronda { $round }
audit-match-of-losers = del partit { $n } de la ronda { $round } de repesca
audit-a-match = d'un partit
audit-bracket-create = { $who } va crear el quadre.
audit-bracket-create-early = { $who } va sortejar el quadre amb { $n ->
    [one] 1 ronda del suís sense jugar
   *[other] { $n } rondes del suís sense jugar
}.
audit-bracket-create-early-league = { $who } va sortejar el quadre amb { $n ->
    [one] 1 jornada de la lliga sense jugar
   *[other] { $n } jornades de la lliga sense jugar
}.
audit-bracket-import = { $who } va importar el quadre.
audit-bracket-paper = { $who } va triar el paper { $paper } per imprimir el quadre.
audit-bracket-delete = { $who } va esborrar el quadre.
audit-bracket-clear = { $who } va esborrar el resultat { $match }.
audit-bracket-record = { $who } va anotar el resultat { $match }: { $score }.
audit-bracket-record-winner = { $who } va anotar el resultat { $match }: { $score }; guanya { $winner }.
audit-bracket-correct = { $who } va corregir el resultat { $match }: { $score }.
audit-bracket-correct-winner = { $who } va corregir el resultat { $match }: { $score }; guanya { $winner }.
audit-bracket-confirm = { $who } va confirmar el resultat { $match }: { $score }.
audit-bracket-confirm-winner = { $who } va confirmar el resultat { $match }: { $score }; guanya { $winner }.
audit-other = { $who } va canviar { $what }.
audit-entity-club = les dades del club
audit-entity-user = un compte
audit-entity-player = un jugador
audit-entity-pair = una parella
audit-entity-game = una partida
audit-entity-hand = una mà
audit-entity-tournament = el campionat
audit-entity-entrant = els inscrits
audit-entity-round = una ronda
audit-entity-result = un resultat
audit-entity-bracket = el quadre
audit-entity-event = el campionat
audit-entity-phase = una fase
audit-entity-other = una dada

## Why a round cannot be paired.
pairing-not-enough = Calen com a mínim dos inscrits que puguin jugar per aparellar una ronda.
pairing-late-entry = Un inscrit va arribar tard, i en una lliga tots contra tots el calendari es fixa en començar.
pairing-late-entry-of = { $name } es va inscriure tard, i en una lliga tots contra tots el calendari es fixa en començar.
pairing-too-large = Hi ha massa inscrits o massa diferència de punts per aparellar la ronda amb exactitud.
pairing-invalid = Les dades del campionat no quadren: no es pot aparellar la ronda.

## What an import did.
done-entrants-imported = { $n ->
    [one] { $n } inscrit importat.
   *[other] { $n } inscrits importats.
}
done-game-imported = { $n ->
    [one] Partida importada amb { $n } mà.
   *[other] Partida importada amb { $n } mans.
}

## A round's row when its columns stack on a phone.
round-row-versus = contra
round-row-physical = a la taula física
