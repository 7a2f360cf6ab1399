# Fusionar dos fichas de una misma persona, de cualquier club (administración).
merge-title = Fusionar dos fichas de una persona
merge-lead = Cuando una misma persona está dada de alta dos veces (por ejemplo, una vez en cada club), fusiona sus dos fichas: todo lo de la ficha que se quita pasa a la que se queda.
merge-keep = Se queda
merge-drop = Se quita (pasa a la que se queda)
merge-choose = Elige a una persona…
merge-preview = Ver qué se mueve
merge-confirm-title = Antes de fusionar: esto es lo que se mueve
merge-summary = Todo lo de { $drop } pasa a { $keep }.
merge-do = Fusionar las dos fichas
merge-change = Cambiar la elección
merge-code = Código
merge-licence = Licencia
merge-birth-year = Año de nacimiento
merge-clubs = Clubes
merge-no-clubs = Sin club
merge-moves-memberships = { $n ->
    [one] 1 ficha de club pasa a { $keep }: { $clubs }.
   *[other] { $n } fichas de club pasan a { $keep }: { $clubs }.
}
merge-moves-no-memberships = No tiene ficha en ningún club que pase tal cual.
merge-moves-joined = En { $club } las dos tienen ficha («{ $kept }» y «{ $merged }»): se fusionan en una, «{ $kept }», con sus partidas, parejas e inscripciones.
merge-moves-pairs = { $n ->
    [0] No juega en ninguna pareja de club.
    [one] 1 pareja de club: { $names }.
   *[other] { $n } parejas de club: { $names }.
}
merge-moves-games = { $n ->
    [0] No se ha sentado en ninguna partida de club.
    [one] 1 partida de club con un asiento suyo.
   *[other] { $n } partidas de club con un asiento suyo.
}
merge-moves-championships = { $n ->
    [0] No está inscrita en ningún campeonato.
    [one] Inscrita en 1 campeonato: { $names }.
   *[other] Inscrita en { $n } campeonatos: { $names }.
}
merge-moves-rewritten = { $n ->
    [one] 1 campeonato la nombra por su código o su licencia y pasará a nombrar a { $keep }: { $names }.
   *[other] { $n } campeonatos la nombran por su código o su licencia y pasarán a nombrar a { $keep }: { $names }.
}
merge-moves-ratings = Historial de puntuación de { $game }: { $games ->
    [one] 1 partida puntuada
   *[other] { $games } partidas puntuadas
} en { $periods ->
    [one] 1 periodo
   *[other] { $periods } periodos
} { $kept ->
    [0] { $games ->
        [one] pasa
       *[other] pasan
    } a { $keep }, que no tenía ninguna
    [one] { $games ->
        [one] se suma
       *[other] se suman
    } a la 1 de { $keep }
   *[other] { $games ->
        [one] se suma
       *[other] se suman
    } a las { $kept } de { $keep }
}; su puntuación de { $game } se vuelve a calcular con toda la historia.
merge-moves-no-ratings = No tiene ninguna partida puntuada en ningún juego.
merge-moves-circuits = { $n ->
    [0] No tiene línea en ningún circuito.
    [one] Tiene línea en 1 circuito, que pasará a { $keep }: { $names }.
   *[other] Tiene línea en { $n } circuitos, que pasarán a { $keep }: { $names }.
}
merge-moves-licence = Su licencia ({ $licence }) pasa a { $keep }, que no tenía.
merge-moves-birth-year = Su año de nacimiento ({ $year }) pasa a { $keep }, que no lo tenía.
merge-moves-initials = Pidió salir en las páginas públicas solo con la inicial del apellido: { $keep } saldrá así también.
merge-undo-warning = Esta fusión no se podrá deshacer: al fusionar dos fichas de un mismo club no queda constancia de qué partidas, parejas e inscripciones eran de cada una.
merge-undo-note = La fusión queda en la auditoría, desde donde se puede deshacer.
merge-audit-link = Fusiones de personas (auditoría)
merge-audit-title = Fusiones de personas
merge-itself = Elige dos fichas distintas: una persona no se fusiona consigo misma.
merge-no-club = sin club
merge-pick-both = Elige la ficha que se queda y la que se quita.
merge-no-such-person = Esa persona no existe (o ya no). Vuelve a elegir.
merge-drop-gone = La ficha que se quita ya se fusionó con otra ({ $what }). Vuelve a elegir.
merge-keep-gone = La ficha que se queda ya se fusionó con otra ({ $what }). Vuelve a elegir.
merge-same-championship = No se puede fusionar: las dos juegan en el mismo campeonato ({ $what }), así que son dos personas.
merge-undo = Deshacer
merge-undo-title = Deshacer una fusión
merge-undo-done = Esta fusión ya se deshizo.
merge-undo-joined = Esta fusión no se puede deshacer: en { $what } las dos fichas del club se fusionaron en una, y no queda constancia de qué partidas, parejas e inscripciones eran de cada una. No se ha tocado nada.
merge-undo-person = { $what } ya no está fusionada con esta persona: algo cambió desde la fusión. No se ha tocado nada.
merge-undo-membership = La ficha de { $what } ya no es de esta persona: cambió desde la fusión. No se ha tocado nada.
merge-undo-licence = La licencia de { $what } cambió desde la fusión. No se ha tocado nada.
merge-undo-championship = Los inscritos del campeonato { $what } cambiaron desde la fusión. No se ha tocado nada.
merge-back-audit = Volver a las fusiones
audit-people-merge = { $who } fusionó a { $name } con { $into }: son la misma persona.
audit-people-merge-rated = Pasan sus partidas puntuadas: { $games }.
audit-people-merge-rated-game = { $n } de { $game }
audit-people-unmerge = { $who } deshizo la fusión de { $name } con { $into }.
