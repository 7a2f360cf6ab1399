// The hand form's trump chooser follows "delegada": the dealer chooses the trump, or
// the dealer's partner once it is delegated, so ticking the box moves the chooser
// across the table and unticking it brings it back to the dealer. The chooser can
// still be changed by hand afterwards (a referee recording what happened).
(function () {
  document.querySelectorAll("select[name='chooser'][data-dealer]").forEach(function (chooser) {
    var form = chooser.form;
    var delegated = form && form.querySelector("input[name='delegated']");
    if (!delegated) return;
    var dealer = parseInt(chooser.dataset.dealer, 10);
    if (isNaN(dealer)) return;
    delegated.addEventListener("change", function () {
      chooser.value = String(delegated.checked ? (dealer + 2) % 4 : dealer);
    });
  });
})();
