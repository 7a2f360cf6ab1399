pin-wait-minutes = { $n ->
    [one] Demasiados PIN equivocados aquí. Por seguridad, vuelve a probar dentro de { $n } minuto, o pide al árbitro que te abra la mesa.
   *[other] Demasiados PIN equivocados aquí. Por seguridad, vuelve a probar dentro de { $n } minutos, o pide al árbitro que te abra la mesa.
}
pin-wait-hours = { $n ->
    [one] Demasiados PIN equivocados aquí. Por seguridad, vuelve a probar dentro de { $n } hora, o pide al árbitro que te abra la mesa o a la organización un PIN nuevo.
   *[other] Demasiados PIN equivocados aquí. Por seguridad, vuelve a probar dentro de { $n } horas, o pide al árbitro que te abra la mesa o a la organización un PIN nuevo.
}
done-pin-changed = La organización ha cambiado el PIN: el que escribiste ya no sirve. Escribe el PIN nuevo para seguir anotando.
done-pins-renewed = PIN nuevos para las dos parejas: los de antes ya no abren nada. Dáselos a las parejas o imprime el acta otra vez.
done-pins-renewed-player = PIN nuevos para los dos jugadores: los de antes ya no abren nada. Dáselos a los jugadores o imprime el acta otra vez.
table-pins-now = PIN de cada pareja
table-pins-now-player = PIN de cada jugador
table-renew-pins-help = Si se ha perdido el acta o alguien ha visto un PIN, cámbialos: los móviles que escribieron los de antes tendrán que escribir los nuevos.
table-renew-pins = Cambiar los PIN de esta mesa
audit-table-pins = { $who } cambió los PIN de { $table }.
done-game-pin-renewed = PIN nuevo para esta partida: el de antes ya no abre nada.
game-renew-pin-help = Si alguien ha visto el PIN, cámbialo: los móviles que escribieron el de antes tendrán que escribir el nuevo.
game-renew-pin = Cambiar el PIN de la partida
audit-game-pin = { $who } cambió el PIN de una partida de { $game }.
