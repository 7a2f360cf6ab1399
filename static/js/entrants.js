// The director's list of entrants: as one types in its search field, the rows the
// words typed do not find are hidden and the count of those shown is said again.
// The page works without it: the field's form asks the page again (GET ?buscar=),
// whose list the server has filtered the same way. A row's button sends the words
// typed too, so that the list comes back searched after the change.
(function () {
  "use strict";
  var input = document.querySelector("input[data-entrants-search]");
  var table = document.querySelector("table.entrants");
  if (!input || !table) return;
  var said = document.querySelector(".entrants-shown");
  // As the server folds a name: lower case, without accents, blanks collapsed.
  function fold(s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/\u00b7/g, ".")
      .toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }
  function filter() {
    var q = fold(input.value);
    var words = q ? q.split(" ") : [];
    var shown = 0;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
      var names = row.dataset.search || "";
      var show = !words.length || input.value.trim() === row.dataset.entrant ||
        words.every(function (w) { return names.indexOf(w) >= 0; });
      row.hidden = !show;
      if (show) shown++;
    });
    if (said && said.dataset.pattern) said.textContent = said.dataset.pattern.replace("{n}", String(shown));
  }
  // "search": the field's clear button; "change": a value set without typing.
  ["input", "search", "change"].forEach(function (ev) { input.addEventListener(ev, filter); });
  table.addEventListener("submit", function (e) {
    var form = e.target;
    var kept = form.querySelector("input[name=buscar]");
    if (!kept) {
      kept = document.createElement("input");
      kept.type = "hidden";
      kept.name = "buscar";
      form.appendChild(kept);
    }
    kept.value = input.value.trim();
  });
})();
