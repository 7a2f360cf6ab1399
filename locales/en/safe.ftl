done-round-published = Round published: it now shows in the standings and on the live screen.
done-hand-saved = Hand saved.
done-hand-corrected = Hand corrected.
done-hand-deleted = Hand deleted. You can undo this from the game's history.
done-hand-restored = Hand put back in its place; the score was recalculated.
done-result-saved = Result saved.
done-signed = Result signed: the table is confirmed.
done-imported = { $n ->
    [one] Championship imported with { $n } entrant.
   *[other] Championship imported with { $n } entrants.
}
safe-delete-title = Delete hand { $n }?
safe-delete-lead = The hand will be deleted and the score recalculated. You can undo this from the game's history.
safe-delete-confirm = Yes, delete hand { $n }
safe-cancel = No, back to the game
safe-history-title = Game history
safe-history-link = History and undo
safe-history-empty = No hand has been entered yet.
safe-history-create = Hand { $n } entered
safe-history-update = Hand { $n } corrected
safe-history-delete = Hand { $n } deleted
safe-history-restore = Hand { $n } put back
safe-history-other = Change to hand { $n }
safe-undo = Undo
safe-undo-occupied = Hand { $n } cannot go back in its place: another hand with that number has been entered since. If that one is extra, delete it first; otherwise enter the hand again.
safe-undo-breaks = Hand { $n } cannot go back: with it, hand { $m } would no longer be valid (for example, because the game would already have ended). Nothing was changed.
safe-undo-not-kept = This hand was deleted before Baza kept deleted hands whole: it cannot be put back. Enter it again.
safe-next-same = Another game with the same players
