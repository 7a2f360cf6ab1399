// Table options: show only the options of the game chosen in the form's "game"
// select (without script every game's options stay visible under its name, and
// the server reads only the chosen game's).
(function () {
  document.querySelectorAll(".table-options").forEach(function (box) {
    var form = box.closest("form");
    if (!form) return;
    var select = form.querySelector("select[name='" + box.dataset.optionsFor + "']");
    if (!select) return;
    function show() {
      box.querySelectorAll(".option-group, .format-group").forEach(function (g) {
        var on = g.dataset.game === select.value;
        g.hidden = !on;
        g.querySelectorAll(".option-group-note").forEach(function (n) { n.hidden = true; });
      });
    }
    select.addEventListener("change", show);
    show();
  });
})();
