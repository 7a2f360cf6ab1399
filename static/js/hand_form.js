// The hand form's trump chooser follows "delegada": the dealer chooses the trump, or
// the dealer's partner once it is delegated, so ticking the box moves the chooser
// across the table and unticking it brings it back to the dealer. The chooser can
// still be changed by hand afterwards (a referee recording what happened).
//
// The dealer is the page's, moved on one seat for each hand kept on the phone ahead
// of this one: pending.js counts them in the form's `data-hands-ahead` and says so
// with a `baza:next-hand` event when it makes the form ready for the next hand.
(function () {
  document.querySelectorAll("select[name='chooser'][data-dealer]").forEach(function (chooser) {
    var form = chooser.form;
    var delegated = form && form.querySelector("input[name='delegated']");
    if (!delegated) return;
    var first = parseInt(chooser.dataset.dealer, 10);
    var seats = parseInt(chooser.dataset.seats, 10) || 4;
    if (isNaN(first)) return;
    function dealer() {
      var ahead = parseInt(form.getAttribute("data-hands-ahead") || "0", 10) || 0;
      return (first + ahead) % seats;
    }
    function follow() {
      var d = dealer();
      chooser.value = String(delegated.checked ? (d + 2) % seats : d);
    }
    delegated.addEventListener("change", follow);
    form.addEventListener("baza:next-hand", follow);
    if (form.hasAttribute("data-hands-ahead")) follow();
  });
})();
