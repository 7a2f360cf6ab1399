done-round-published = Ronda publicada: ya se ve en la clasificación y en la pantalla en directo.
done-hand-saved = Mano anotada.
done-hand-corrected = Mano corregida.
done-hand-deleted = Mano borrada. Puedes deshacerlo desde el historial de la partida.
done-hand-restored = Mano repuesta en su sitio; el marcador se ha recalculado.
done-result-saved = Resultado guardado.
done-signed = Resultado firmado: la mesa queda confirmada.
done-imported = { $n ->
    [one] Campeonato importado con { $n } inscrito.
   *[other] Campeonato importado con { $n } inscritos.
}
safe-delete-title = ¿Borrar la mano { $n }?
safe-delete-lead = La mano se borrará y el marcador se recalculará. Podrás deshacerlo desde el historial de la partida.
safe-delete-confirm = Sí, borrar la mano { $n }
safe-cancel = No, volver a la partida
safe-history-title = Historial de la partida
safe-history-link = Historial y deshacer
safe-history-empty = Aún no se ha anotado ninguna mano.
safe-history-create = Mano { $n } anotada
safe-history-update = Mano { $n } corregida
safe-history-delete = Mano { $n } borrada
safe-history-restore = Mano { $n } repuesta
safe-history-other = Cambio en la mano { $n }
safe-undo = Deshacer
safe-undo-occupied = La mano { $n } no puede volver a su sitio: ya se ha anotado otra mano con ese número. Si sobra, bórrala primero; si no, anota la mano de nuevo.
safe-undo-breaks = La mano { $n } no puede volver: con ella, la mano { $m } dejaría de ser válida (por ejemplo, porque la partida ya habría terminado). No se ha cambiado nada.
safe-undo-not-kept = Esta mano se borró cuando Baza aún no guardaba las manos borradas enteras: no se puede reponer. Anótala de nuevo.
safe-next-same = Otra partida con los mismos jugadores
