// "Busca tu mesa": as one types a name, the page is asked again (GET ?mesa=, as the
// form sends it without script) and its answer replaces the one shown.
(function () {
  document.querySelectorAll("input[data-find-table]").forEach(function (input) {
    var form = input.form;
    var answer = form && form.parentNode.querySelector(".find-table-answer");
    if (!answer) return;
    var timer = null, asked = "";
    function ask() {
      var q = input.value.trim();
      asked = q;
      if (q.length < 2) { answer.textContent = ""; return; }
      var url = form.getAttribute("action").split("#")[0] + "?mesa=" + encodeURIComponent(q);
      fetch(url, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : ""; })
        .then(function (html) {
          if (q !== asked || !html) return;
          var doc = new DOMParser().parseFromString(html, "text/html");
          var got = doc.querySelector(".find-table-answer");
          if (got) answer.innerHTML = got.innerHTML;
        })
        .catch(function () {});
    }
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, 250);
    });
  });
})();
