// The entrant form's player boxes: as one types a name or a licence, the register's
// people are offered (GET /personas/buscar); picking one fills the hidden person id,
// so the entrant is linked. Without script the typed name is sent, not linked.
(function () {
  document.querySelectorAll("input[data-person]").forEach(function (input) {
    var hidden = input.form && input.form.elements[input.dataset.person];
    if (!hidden) return;
    var list = document.createElement("ul");
    list.className = "person-offers";
    list.hidden = true;
    input.parentNode.appendChild(list);
    var timer = null, asked = "";
    function offer(people) {
      list.textContent = "";
      people.forEach(function (p) {
        var item = document.createElement("li");
        var pick = document.createElement("button");
        pick.type = "button";
        pick.className = "link-button row-action";
        pick.textContent = p.label + (p.licence ? " · " + p.licence : "");
        pick.addEventListener("click", function () {
          input.value = p.name;
          hidden.value = p.id;
          list.hidden = true;
        });
        item.appendChild(pick);
        list.appendChild(item);
      });
      list.hidden = people.length === 0;
    }
    function ask() {
      var q = input.value.trim();
      asked = q;
      if (q.length < 2) { offer([]); return; }
      fetch("/personas/buscar?q=" + encodeURIComponent(q), { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : []; })
        .then(function (people) { if (q === asked) offer(people); })
        .catch(function () { offer([]); });
    }
    input.addEventListener("input", function () {
      hidden.value = "";
      clearTimeout(timer);
      timer = setTimeout(ask, 250);
    });
  });
})();
