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

// A field that applies to one choice only (data-when="field:value value"): shown
// while the form's field has one of those values (without script every field stays
// visible, and the server reads only those that apply).
(function () {
  document.querySelectorAll("[data-when]").forEach(function (el) {
    var form = el.closest("form");
    if (!form) return;
    var at = el.dataset.when.lastIndexOf(":");
    var field = form.elements[el.dataset.when.slice(0, at)];
    if (!field) return;
    var values = el.dataset.when.slice(at + 1).split(" ");
    function show() {
      el.hidden = values.indexOf(field.value) < 0;
    }
    form.addEventListener("change", show);
    show();
  });
})();
