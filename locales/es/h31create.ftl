champ-format-partida = Una partida
champ-format-best-of = Al mejor de varias partidas
champ-format-timed = Tantos, manos o minutos (lo que llegue antes)
champ-target = Partida a (tantos)
champ-target-own = Lo que digan las opciones de la mesa
champ-format-only-chosen = Solo cuenta el formato del juego elegido.
champ-unplayable = Así no se puede jugar
champ-edit = Cambiar la configuración
champ-delete = Borrar el campeonato
champ-reach = Los móviles entran en
champ-reach-local = Baza solo escucha en este ordenador: los móviles no llegan. Arráncalo con --bind 0.0.0.0:8080.
champ-circuits = { $n ->
    [one] Cuenta para el circuito:
   *[other] Cuenta para los circuitos:
}
champ-cut-here = Cortar por aquí: esta mitad es solo para su pareja
champ-cut-here-player = Cortar por aquí: esta mitad es solo para el jugador que nombra
champ-your-pin = PIN de vuestra pareja
champ-your-pin-player = Tu PIN
champ-pin-keep = No lo enseñéis a la otra pareja: con él firmáis vuestro resultado.
champ-pin-keep-player = No lo enseñes a tu rival: con él firmas tu resultado.
champ-pins-title = Hoja de mesas con los PIN (para la dirección)
champ-pins-note = Los dos PIN de cada mesa. No la dejéis a la vista de los jugadores.
champ-pair = Pareja
champ-pair-player = Jugador
champ-print-pins = Imprimir la hoja de PIN
champ-save = Guardar los cambios
champ-edit-too-late = La configuración ya no se puede cambiar: la primera ronda está emparejada.
champ-delete-what = El campeonato desaparece de las listas y de sus páginas. Su registro de cambios se conserva. No se puede deshacer desde aquí.
champ-delete-counts = Inscritos
champ-delete-confirm = Sí, borrar el campeonato
champ-delete-cancel = No, volver a la dirección
champ-cotos = Cotos para ganar el encuentro
champ-format-cotos = { $cotos } cotos para ganar, cada uno al mejor de { $n } partidas
