circuit-new = Nuevo circuito
circuit-name = Nombre del circuito
circuit-points = Puntos por puesto, del primero en adelante (p. ej. 100, 80, 65, 55)
circuit-floor-label = Puntos por participar (puestos fuera de la tabla)
circuit-best-label = Cuentan los mejores N campeonatos (vacío: todos)
circuit-championships = Campeonatos del circuito
circuit-no-championships = El club aún no tiene campeonatos.
circuit-create = Crear el circuito
circuit-error-name = Escribe un nombre de hasta 80 letras.
circuit-error-points = Los puntos por puesto son números separados por comas, de mayor a menor.
circuit-error-floor = Los puntos por participar son un número entero.
circuit-error-best = Los mejores N es un número del 1 al 100, o vacío.
circuit-error-championships = Marca al menos un campeonato del club.
circuit-scoring = Puntos: { $points }
circuit-floor = { $n } por participar
circuit-best = cuentan los { $n } mejores
circuit-print = Imprimir
circuit-players = Clasificación por jugadores
circuit-pairs = Clasificación por parejas
circuit-who = Nombre
circuit-won = Ganados
circuit-total = Total
circuit-empty = Aún no hay puestos en estos campeonatos.
circuit-explain = Entre paréntesis, los puntos que no cuentan. Los puntos de un jugador le siguen con cualquier compañero. Desempates: más campeonatos ganados, mejor puesto, y quién quedó por delante en los campeonatos que jugaron ambos.
circuit-edit = Cambiar el circuito
circuit-edit-title = Cambiar { $name }
circuit-save = Guardar los cambios
circuit-cancel = Volver sin guardar
circuit-list = Circuitos del club
circuit-none = El club aún no tiene circuitos.
circuit-count = { $n ->
    [one] 1 campeonato
   *[other] { $n } campeonatos
}
circuit-player-circuits = Circuitos
circuit-player-line = Puesto { $rank } de { $of } · { $n ->
    [one] 1 punto
   *[other] { $n } puntos
}
done-circuit-saved = Cambios del circuito guardados.
audit-circuit-create = { $who } creó el circuito { $name }.
audit-circuit-update = { $who } cambió el circuito { $name }.
audit-entity-circuit = un circuito
circuit-delete = Borrar el circuito
circuit-delete-what = El circuito desaparece de la lista del club y de las páginas de los jugadores y las parejas. Sus campeonatos no cambian. El registro de cambios del club guarda lo que era. No se puede deshacer desde aquí.
circuit-delete-confirm = Sí, borrar el circuito
circuit-delete-cancel = No, volver al circuito
circuit-stale = Otra persona cambió este circuito mientras lo tenías abierto: no se ha guardado nada. Aquí sigue lo que escribiste; si lo guardas, sustituye a su cambio.
circuit-stale-delete = Otra persona cambió este circuito mientras tenías abierta esta página: no se ha borrado.
circuit-now = Ahora es: { $what }
circuit-dropped = { $n ->
    [one] Ya no se puede elegir { $names } (se borró, o no es de este club): se ha quitado de lo que marcaste.
   *[other] Ya no se pueden elegir { $names } (se borraron, o no son de este club): se han quitado de lo que marcaste.
}
circuit-as-pair = Como pareja
done-circuit-deleted = Circuito borrado.
audit-circuit-delete = { $who } borró el circuito { $name }.
