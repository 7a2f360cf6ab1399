# Match points with halves, and ties that no criterion breaks.
champ-points-hint = Medio punto: 0,5 o ½ (por ejemplo, 1 la victoria y ½ el empate).
champ-points-halves = Puntos de clasificación: un número entero o con medio punto (0,5 o ½); no valen otras fracciones
champ-ties = Empates que ningún criterio deshace
champ-ties-entry-order = Por orden de inscripción (cabezas de serie primero), dicho en la clasificación
champ-ties-lot = Por sorteo de Baza, con su semilla anotada en la clasificación
champ-ties-shared = Puesto compartido (ex aequo)
standings-ex-aequo = { $place } ex aequo
standings-tie-shared = ex aequo
standings-tie-lot = por sorteo, semilla { $seed }
standings-tie-lot-page = por sorteo
standings-lot-seed = Los puestos por sorteo salen del sorteo de Baza con la semilla { $seed }: con ella cualquiera puede repetirlo.
standings-tie-entry-order = por orden de inscripción
