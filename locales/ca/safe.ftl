done-round-published = Ronda publicada: ja es veu a la classificació i a la pantalla en directe.
done-hand-saved = Mà anotada.
done-hand-corrected = Mà corregida.
done-hand-deleted = Mà esborrada. La pots recuperar des de l'historial de la partida.
done-hand-restored = Mà tornada al seu lloc; el marcador s'ha recalculat.
done-result-saved = Resultat desat.
done-signed = Resultat signat: la taula queda confirmada.
done-imported = { $n ->
    [one] Campionat importat amb { $n } inscrit.
   *[other] Campionat importat amb { $n } inscrits.
}
safe-delete-title = Esborrar la mà { $n }?
safe-delete-lead = La mà s'esborrarà i el marcador es recalcularà. Ho podràs desfer des de l'historial de la partida.
safe-delete-confirm = Sí, esborra la mà { $n }
safe-cancel = No, torna a la partida
safe-history-title = Historial de la partida
safe-history-link = Historial i desfer
safe-history-empty = Encara no s'ha anotat cap mà.
safe-history-create = Mà { $n } anotada
safe-history-update = Mà { $n } corregida
safe-history-delete = Mà { $n } esborrada
safe-history-restore = Mà { $n } recuperada
safe-history-other = Canvi a la mà { $n }
safe-undo = Desfer
safe-undo-occupied = La mà { $n } no pot tornar al seu lloc: ja s'ha anotat una altra mà amb aquest número. Si sobra, esborra-la primer; si no, anota la mà de nou.
safe-undo-breaks = La mà { $n } no pot tornar: amb ella, la mà { $m } deixaria de ser vàlida (per exemple, perquè la partida ja hauria acabat). No s'ha canviat res.
safe-undo-not-kept = Aquesta mà es va esborrar quan Baza encara no desava les mans esborrades senceres: no es pot recuperar. Anota-la de nou.
safe-next-same = Una altra partida amb els mateixos jugadors
