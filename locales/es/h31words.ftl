## The audit log in sentences.
audit-what = Qué pasó
audit-in-championship = Campeonato: { $name }
audit-in-game = Partida: { $game }
audit-versus = contra
audit-who-user = { $name }
audit-who-token = { $who } (con una clave de acceso)
audit-who-ruling = { $who }, con un fallo del árbitro
audit-who-pair-pin = la pareja { $pair } con su PIN
audit-who-some-pair-pin = una pareja de la mesa con su PIN
audit-who-table-pin = quien tenía el PIN de la mesa
audit-who-game-pin = quien tenía el PIN de la partida
audit-who-demo = la demostración
audit-who-cli = la consola del servidor
audit-who-unknown = alguien
audit-yes = sí
audit-no = no
audit-side-n = la pareja { $n }
audit-seat-n = el asiento { $n }
audit-change = { $what }: { $from } → { $to }
audit-changed = cambió { $what }
audit-hand-points = tantos de la mano
audit-hand-entry = lo anotado
audit-hand-now-record = lo anotado pasó a ser la mano completa, carta a carta
audit-hand-now-quick = la mano completa pasó a ser una anotación del formulario rápido
audit-club-create = { $who } creó el club { $name }.
audit-user-create = { $who } creó la cuenta { $name }.
audit-user-disable = { $who } desactivó la cuenta { $name }.
audit-user-enable = { $who } reactivó la cuenta { $name }.
audit-user-role = { $who } dio a la cuenta { $name } el papel de { $role }.
audit-player-create = { $who } dio de alta al jugador { $name }.
audit-player-update = { $who } cambió los datos del jugador { $name }.
audit-pair-create = { $who } dio de alta la pareja { $name }.
audit-pair-update = { $who } cambió los datos de la pareja { $name }.
audit-person-rename = { $who } cambió el nombre de { $name } a { $into }.
audit-person-merge = { $who } unió { $name } con { $into }.
audit-person-retire = { $who } dio de baja a { $name }.
audit-person-reactivate = { $who } volvió a dar de alta a { $name }.
audit-game-create = { $who } empezó una partida de { $game }: { $players }.
audit-hand-create = { $who } anotó la mano { $n }.
audit-hand-update = { $who } corrigió la mano { $n }.
audit-hand-update-what = { $who } corrigió la mano { $n }: { $changes }.
audit-hand-delete = { $who } borró la mano { $n }.
audit-hand-restore = { $who } repuso la mano { $n }.
audit-hand-at = { $n } de { $table }
audit-tournament-create = { $who } creó el campeonato { $name }.
audit-entrant-register = { $who } inscribió a { $name }.
audit-entrant-late = { $who } inscribió a { $name } con el campeonato ya empezado.
audit-entrant-import = { $n ->
    [one] { $who } importó { $n } inscrito.
   *[other] { $who } importó { $n } inscritos.
}
audit-entrant-withdraw = { $who } retiró a { $name } del campeonato.
audit-entrant-reinstate = { $who } volvió a admitir a { $name }.
audit-entrant-check-in = { $who } marcó que { $name } ha llegado.
audit-entrant-check-out = { $who } quitó la llegada de { $name }.
audit-entrants-checked-in = { $n ->
    [one] { $who } marcó la llegada de { $n } inscrito.
   *[other] { $who } marcó la llegada de { $n } inscritos.
}
audit-entrant-seed = { $who } ordenó los cabezas de serie por su puntuación.
audit-round-pair = { $who } sorteó los emparejamientos de la ronda { $n }.
audit-round-publish = { $who } publicó la ronda { $n }.
audit-table-of-round = la mesa { $table } de la ronda { $round }
audit-table-pairs = { $place } ({ $a } contra { $b })
audit-table-knockout = la mesa { $table } de la fase final
audit-a-table = una mesa
audit-result-record = { $who } anotó el resultado de { $table }: { $score }.
audit-result-correct = { $who } corrigió el resultado de { $table }: { $score }.
audit-result-correct-from = { $who } corrigió el resultado de { $table }: { $from } → { $score }.
audit-result-override = { $who } anotó el resultado de { $table } en lugar del propuesto: { $score }.
audit-result-confirm = { $who } confirmó el resultado de { $table }: { $score }.
audit-result-propose = { $who } propuso el resultado de { $table }: { $score }.
audit-result-propose-none = { $who } propuso un resultado para { $table }.
audit-result-withdraw = { $who } retiró el resultado propuesto de { $table }.
audit-result-void = { $who } anuló { $table }: se juega de nuevo.
audit-result-typed = { $who } pasó { $table } a resultado tecleado por la dirección.
audit-table-moved = { $who } llevó { $table } a la mesa física { $physical }.
audit-result-other = { $who } cambió el resultado de { $table }.
audit-match-third = del partido por el tercer puesto
audit-match-final = de la final
audit-match-final-again = de la final de desempate
audit-match-semi-final = de la semifinal { $n }
audit-match-quarter-final = del cuarto de final { $n }
audit-match-of-round = del partido { $n } de la ronda { $round }
audit-match-of-losers = del partido { $n } de la ronda { $round } de repesca
audit-a-match = de un partido
audit-bracket-create = { $who } creó el cuadro.
audit-bracket-create-early = { $who } sorteó el cuadro con { $n ->
    [one] 1 ronda del suizo sin jugar
   *[other] { $n } rondas del suizo sin jugar
}.
audit-bracket-create-early-league = { $who } sorteó el cuadro con { $n ->
    [one] 1 jornada de la liga sin jugar
   *[other] { $n } jornadas de la liga sin jugar
}.
audit-bracket-import = { $who } importó el cuadro.
audit-bracket-paper = { $who } eligió el papel { $paper } para imprimir el cuadro.
audit-bracket-delete = { $who } borró el cuadro.
audit-bracket-clear = { $who } borró el resultado { $match }.
audit-bracket-record = { $who } anotó el resultado { $match }: { $score }.
audit-bracket-record-winner = { $who } anotó el resultado { $match }: { $score }; gana { $winner }.
audit-bracket-correct = { $who } corrigió el resultado { $match }: { $score }.
audit-bracket-correct-winner = { $who } corrigió el resultado { $match }: { $score }; gana { $winner }.
audit-bracket-confirm = { $who } confirmó el resultado { $match }: { $score }.
audit-bracket-confirm-winner = { $who } confirmó el resultado { $match }: { $score }; gana { $winner }.
audit-other = { $who } cambió { $what }.
audit-entity-club = los datos del club
audit-entity-user = una cuenta
audit-entity-player = un jugador
audit-entity-pair = una pareja
audit-entity-game = una partida
audit-entity-hand = una mano
audit-entity-tournament = el campeonato
audit-entity-entrant = los inscritos
audit-entity-round = una ronda
audit-entity-result = un resultado
audit-entity-bracket = el cuadro
audit-entity-event = el campeonato
audit-entity-phase = una fase
audit-entity-other = un dato

## Why a round cannot be paired.
pairing-not-enough = Hacen falta al menos dos inscritos que puedan jugar para emparejar una ronda.
pairing-late-entry = Un inscrito llegó tarde, y en una liga todos contra todos el calendario se fija al empezar.
pairing-late-entry-of = { $name } se inscribió tarde, y en una liga todos contra todos el calendario se fija al empezar.
pairing-too-large = Hay demasiados inscritos o demasiada diferencia de puntos para emparejar la ronda con exactitud.
pairing-invalid = Los datos del campeonato no cuadran: no se puede emparejar la ronda.

## What an import did.
done-entrants-imported = { $n ->
    [one] { $n } inscrito importado.
   *[other] { $n } inscritos importados.
}
done-game-imported = { $n ->
    [one] Partida importada con { $n } mano.
   *[other] Partida importada con { $n } manos.
}

## A round's row when its columns stack on a phone.
round-row-versus = contra
round-row-physical = en la mesa física
