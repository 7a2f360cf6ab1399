pin-wait-minutes = { $n ->
    [one] Too many wrong PINs here. For safety, try again in { $n } minute, or ask the referee to open the table for you.
   *[other] Too many wrong PINs here. For safety, try again in { $n } minutes, or ask the referee to open the table for you.
}
pin-wait-hours = { $n ->
    [one] Too many wrong PINs here. For safety, try again in { $n } hour, or ask the referee to open the table for you or the organisers for a new PIN.
   *[other] Too many wrong PINs here. For safety, try again in { $n } hours, or ask the referee to open the table for you or the organisers for a new PIN.
}
done-pin-changed = The organisers have changed the PIN: the one you typed no longer works. Type the new PIN to keep score.
done-pins-renewed = New PINs for both pairs: the old ones open nothing any more. Give them to the pairs or print the slip again.
done-pins-renewed-player = New PINs for both players: the old ones open nothing any more. Give them to the players or print the slip again.
table-pins-now = Each pair's PIN
table-pins-now-player = Each player's PIN
table-renew-pins-help = If the slip is lost or someone has seen a PIN, change them: the phones that typed the old ones will have to type the new ones.
table-renew-pins = Change this table's PINs
audit-table-pins = { $who } changed the PINs of { $table }.
done-game-pin-renewed = A new PIN for this game: the old one opens nothing any more.
game-renew-pin-help = If someone has seen the PIN, change it: the phones that typed the old one will have to type the new one.
game-renew-pin = Change the game's PIN
audit-game-pin = { $who } changed the PIN of a game of { $game }.
