pin-wait-minutes = { $n ->
    [one] Massa PIN equivocats aquí. Per seguretat, torna-ho a provar d'aquí a { $n } minut, o demana a l'àrbitre que t'obri la taula.
   *[other] Massa PIN equivocats aquí. Per seguretat, torna-ho a provar d'aquí a { $n } minuts, o demana a l'àrbitre que t'obri la taula.
}
pin-wait-hours = { $n ->
    [one] Massa PIN equivocats aquí. Per seguretat, torna-ho a provar d'aquí a { $n } hora, o demana a l'àrbitre que t'obri la taula o a l'organització un PIN nou.
   *[other] Massa PIN equivocats aquí. Per seguretat, torna-ho a provar d'aquí a { $n } hores, o demana a l'àrbitre que t'obri la taula o a l'organització un PIN nou.
}
done-pin-changed = L'organització ha canviat el PIN: el que vas escriure ja no serveix. Escriu el PIN nou per continuar anotant.
done-pins-renewed = PIN nous per a les dues parelles: els d'abans ja no obren res. Dona'ls a les parelles o imprimeix l'acta un altre cop.
done-pins-renewed-player = PIN nous per als dos jugadors: els d'abans ja no obren res. Dona'ls als jugadors o imprimeix l'acta un altre cop.
table-pins-now = PIN de cada parella
table-pins-now-player = PIN de cada jugador
table-renew-pins-help = Si s'ha perdut l'acta o algú ha vist un PIN, canvia'ls: els mòbils que van escriure els d'abans hauran d'escriure els nous.
table-renew-pins = Canviar els PIN d'aquesta taula
audit-table-pins = { $who } va canviar els PIN de { $table }.
done-game-pin-renewed = PIN nou per a aquesta partida: el d'abans ja no obre res.
game-renew-pin-help = Si algú ha vist el PIN, canvia'l: els mòbils que van escriure el d'abans hauran d'escriure el nou.
game-renew-pin = Canviar el PIN de la partida
audit-game-pin = { $who } va canviar el PIN d'una partida de { $game }.
