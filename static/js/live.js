// Live pages without a meta refresh (which a screen reader cannot stop).
// The wall (main[data-wall]): on a screen wide enough for its two columns, shows
// as many rows of each list as fit the screen, turns to the next screen of rows
// every data-turn seconds (with the screen's number), and reloads the page (to
// data-next) after a whole turn once data-refresh seconds have passed. Without
// this script every row is shown. Other pages (script[data-refresh]): reloads
// after data-refresh seconds unless someone is typing in a form.
(function () {
  "use strict";
  var me = document.currentScript;
  var wall = document.querySelector("main[data-wall]");
  var started = Date.now();
  if (!wall) {
    var every = Number(me && me.dataset.refresh) || 0;
    if (every <= 0) return;
    var touched = false;
    document.addEventListener("input", function () { touched = true; });
    setInterval(function () {
      var a = document.activeElement;
      var typing = a && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName);
      if (!touched && !typing) location.reload();
    }, every * 1000);
    return;
  }
  var refresh = (Number(wall.dataset.refresh) || 30) * 1000;
  var turn = (Number(wall.dataset.turn) || 10) * 1000;
  var next = wall.dataset.next || location.href;
  var label = wall.querySelector(".wall-page");
  var lists = Array.prototype.slice.call(wall.querySelectorAll("tbody"));
  var page = 0;
  var pages = 1;
  function rows(tb) { return Array.prototype.slice.call(tb.rows); }
  function sideBySide() {
    var s = wall.querySelectorAll(".wall-grid > section");
    return s.length > 1 && Math.abs(s[0].getBoundingClientRect().top - s[1].getBoundingClientRect().top) < 2;
  }
  function layout() {
    lists.forEach(function (tb) { rows(tb).forEach(function (r) { r.hidden = false; }); });
    pages = 1;
    if (!sideBySide()) { lists.forEach(function (tb) { tb.dataset.per = ""; }); return; }
    var foot = label ? label.parentElement.getBoundingClientRect().height + 16 : 40;
    lists.forEach(function (tb) {
      var all = rows(tb);
      if (!all.length) return;
      var top = tb.getBoundingClientRect().top + window.scrollY;
      var h = Math.max.apply(null, all.map(function (r) { return r.getBoundingClientRect().height; }));
      var per = Math.max(1, Math.floor((window.innerHeight - top - foot) / h));
      tb.dataset.per = String(per);
      pages = Math.max(pages, Math.ceil(all.length / per));
    });
  }
  function show() {
    lists.forEach(function (tb) {
      var per = Number(tb.dataset.per) || 0;
      if (!per) return;
      var all = rows(tb);
      var own = Math.max(1, Math.ceil(all.length / per));
      var p = page % own;
      all.forEach(function (r, i) { r.hidden = Math.floor(i / per) !== p; });
    });
    if (label) label.textContent = pages > 1 ? " · " + (page + 1) + "/" + pages : "";
  }
  // Fewer rows until the page fits the screen (the estimate ignores margins).
  function fit() {
    layout();
    show();
    for (var i = 0; i < 60 && document.documentElement.scrollHeight > window.innerHeight; i++) {
      var shrunk = false;
      pages = 1;
      lists.forEach(function (tb) {
        var per = Number(tb.dataset.per) || 0;
        if (per > 1) { tb.dataset.per = String(per - 1); shrunk = true; }
        if (Number(tb.dataset.per)) pages = Math.max(pages, Math.ceil(tb.rows.length / Number(tb.dataset.per)));
      });
      if (!shrunk) break;
      show();
    }
  }
  fit();
  window.addEventListener("resize", function () { page = 0; fit(); });
  setInterval(function () {
    page = (page + 1) % pages;
    if (page === 0 && Date.now() - started >= refresh) { location.href = next; return; }
    show();
  }, pages > 1 ? turn : refresh);
})();
