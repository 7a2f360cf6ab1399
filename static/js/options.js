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
// while the form's field has one of those values. Hidden, it is still sent, so that a
// form the server refuses comes back with everything typed, hidden fields too; the
// server reads only the fields that apply to the choices made (two cotos chosen and
// then one partida make a championship of one partida). Without script every field
// stays visible.
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

// The way results are entered follows the chosen game: a game with no table of two
// sides (data-results-only on its match format) only types results, so choosing it
// checks "result" and the hand-by-hand choice is not offered.
(function () {
  document.querySelectorAll(".format-options").forEach(function (box) {
    var form = box.closest("form");
    if (!form) return;
    var select = form.querySelector("select[name='" + box.dataset.optionsFor + "']");
    var hands = form.querySelector("input[name='entry'][value='hands']");
    var result = form.querySelector("input[name='entry'][value='result']");
    if (!select || !hands || !result) return;
    // Whether "result" was checked here rather than by the organiser: choosing a
    // game played at tables again brings "hands" back.
    var moved = false;
    function follow() {
      var group = box.querySelector(".format-group[data-game='" + select.value + "']");
      var only = !!(group && group.dataset.resultsOnly);
      if (only && hands.checked) {
        result.checked = true;
        moved = true;
      } else if (!only && moved) {
        hands.checked = true;
        moved = false;
      }
      hands.disabled = only;
    }
    result.addEventListener("change", function () { moved = false; });
    select.addEventListener("change", follow);
    follow();
  });
})();

// The tie-breaks follow the game and the system while the organiser has not changed
// them: each game starts from its own (a botifarra open ranks by the score alone), a
// league (round robin) from its own (head-to-head, difference…) instead of the
// Swiss's Buchholz, and back. The hidden "tb_defaults" says whose they are, so that
// without script the server gives the posted game and system their own.
(function () {
  document.querySelectorAll("fieldset.tiebreaks").forEach(function (box) {
    var form = box.closest("form");
    var system = form && form.elements["system"];
    var game = form && form.elements["game"];
    var noted = box.querySelector("input[name='tb_defaults']");
    if (!system || !game || !noted) return;
    var selects = box.querySelectorAll("select[name^='tb']");
    function kind(value) {
      if (value === "swiss") return "swiss";
      if (value === "round_robin" || value === "round_robin_double") return "league";
      return null;
    }
    function list(g, k) {
      var v = k && box.getAttribute("data-" + k + "-" + g);
      return v === null || v === undefined ? null : v.split(" ");
    }
    function now() {
      return Array.prototype.map.call(selects, function (s) { return s.value; });
    }
    function same(l) {
      return now().every(function (v, i) { return v === (l[i] || ""); });
    }
    var was = { game: game.value, kind: kind(system.value) };
    function follow() {
      // A system with no ranking of its own (ceros) keeps the one it came with.
      var next = { game: game.value, kind: kind(system.value) || was.kind };
      var from = list(was.game, was.kind), to = list(next.game, next.kind);
      if (from && to && same(from)) {
        selects.forEach(function (s, i) { s.value = to[i] || ""; });
        noted.value = next.game + " " + next.kind;
      }
      was = next;
    }
    system.addEventListener("change", follow);
    game.addEventListener("change", follow);
  });
})();
