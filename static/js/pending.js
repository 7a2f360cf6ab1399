// Keeps what a scorekeeper sends while the phone is off the venue's network.
//
// Forms marked `data-keep="SCOPE"` are sent with fetch. When the request cannot reach
// the server, or the answer is not one Baza wrote (a proxy's page saying the server is
// away, a captive portal's, any status without Baza's `Baza-Answer` header), or says
// that the request was not read or the server is away (408, 502, 503, 504: it may or
// may not have stored it), the submission is kept in localStorage ("pendiente de
// enviar") and sent again, in order, when the network is back; the form's one-time
// submission id makes a resend idempotent on the server. A form also marked
// `data-next` (the new-hand form) is made ready for the next hand at once, with the
// version the server will have after the kept hands. What Baza refuses on arrival
// (422, 409), and a page asking who sends (the session ended, the PIN changed: Baza
// marks it with its `Baza-Asks` header), is shown as Baza renders it, with the typed
// values; the scope's later submissions then wait for the scorekeeper ("Cargar" puts
// one back in the form, "Descartar" drops it).
// Without this script every form posts as usual.
(function () {
  'use strict';
  var KEY = 'baza-pending-v1';
  var box = document.getElementById('pending');
  var sending = false;
  var timer = null;
  var sentHere = 0;

  function load() {
    try {
      var q = JSON.parse(window.localStorage.getItem(KEY) || '[]');
      return Array.isArray(q) ? q : [];
    } catch (e) {
      return [];
    }
  }

  function store(q) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(q));
    } catch (e) {
      // Storage full or disabled: the form falls back to a plain post next time.
    }
  }

  function hex(bytes) {
    var a = new Uint8Array(bytes);
    window.crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) {
      return ('0' + b.toString(16)).slice(-2);
    }).join('');
  }

  function t(name) {
    return (box && box.getAttribute('data-t-' + name)) || '';
  }

  function scopeHere() {
    return box ? box.getAttribute('data-scope') : null;
  }

  function ofScope(q, scope) {
    return q.filter(function (i) { return i.scope === scope; });
  }

  function render() {
    if (!box) return;
    var scope = scopeHere();
    var mine = ofScope(load(), scope);
    var list = box.querySelector('ol');
    var status = box.querySelector('.pending-status');
    list.textContent = '';
    box.hidden = mine.length === 0;
    status.textContent = sending ? t('sending') : (mine.some(function (i) { return i.held; }) ? t('held') : t('waiting'));
    mine.forEach(function (item) {
      var li = document.createElement('li');
      li.className = item.held ? 'pending-item held' : 'pending-item';
      var when = new Date(item.at);
      var hh = ('0' + when.getHours()).slice(-2) + ':' + ('0' + when.getMinutes()).slice(-2);
      li.appendChild(document.createTextNode((item.label || t('item')) + ' · ' + hh + ' · ' + (item.held ? t('held-one') : t('waiting-one'))));
      if (item.held) {
        var form = document.querySelector('form[data-keep="' + scope + '"][data-next]');
        if (form) li.appendChild(button(t('load'), function () { loadInto(form, item); }));
        li.appendChild(button(t('drop'), function () { drop(item.id); }));
      }
      list.appendChild(li);
    });
    var board = document.querySelector('table.scoreboard tbody');
    if (board) {
      Array.prototype.forEach.call(board.querySelectorAll('tr.pending-row'), function (r) { r.remove(); });
      var cols = document.querySelectorAll('table.scoreboard thead th').length || 1;
      mine.forEach(function () {
        var tr = document.createElement('tr');
        tr.className = 'pending-row';
        var td = document.createElement('td');
        td.colSpan = cols;
        td.textContent = t('row');
        tr.appendChild(td);
        board.appendChild(tr);
      });
    }
  }

  function button(text, act) {
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'link-button';
    b.textContent = text;
    b.addEventListener('click', act);
    return b;
  }

  function drop(id) {
    store(load().filter(function (i) { return i.id !== id; }));
    render();
  }

  // Puts a kept submission back in the form (its values and its submission id, so
  // that a hand the server did store is not stored twice; the page's own version and
  // token), for the scorekeeper to check and send.
  function loadInto(form, item) {
    var params = new URLSearchParams(item.body);
    params.forEach(function (value, name) {
      if (name === 'csrf' || name === 'version') return;
      var el = form.elements[name];
      if (!el) return;
      if (el.type === 'checkbox') el.checked = true;
      else el.value = value;
    });
    drop(item.id);
    form.scrollIntoView();
  }

  function schedule() {
    if (timer) return;
    timer = window.setInterval(function () {
      if (!load().some(function (i) { return !i.held; })) {
        window.clearInterval(timer);
        timer = null;
        return;
      }
      flush();
    }, 4000);
  }

  // An answer that stored nothing for sure, to send again: not Baza's own (a proxy's
  // or a captive portal's page), a 408 (the server, or a proxy, gave up waiting for
  // the request on a slow network before reading it), or the server away (502, 503,
  // 504).
  function away(res) {
    var s = res.status;
    return s === 408 || s === 502 || s === 503 || s === 504 || res.headers.get('Baza-Answer') !== '1';
  }

  // A page that asks who is sending, as Baza marks it (`Baza-Asks`, on the answer
  // the redirects end at): its sign-in page (the session ended meanwhile), or the page
  // asking for a table's or a game's PIN (the organiser changed it). Nothing was
  // stored.
  function asksWho(res) {
    return !!res.headers.get('Baza-Asks');
  }

  function post(item) {
    return window.fetch(item.action, {
      method: 'POST',
      body: item.body,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' }
    });
  }

  // Shows the server's answer to a refused submission: the form again, with what was
  // typed and what to fix.
  function showRefusal(html) {
    document.open();
    document.write(html);
    document.close();
    window.setTimeout(showAlert, 0);
  }

  // The message of a refused form is where the eye is: scrolled to, and focused
  // (a screen reader reads it).
  function showAlert() {
    var alert = document.querySelector('[role="alert"]');
    if (!alert) { window.scrollTo(0, 0); return; }
    if (!alert.hasAttribute('tabindex')) alert.setAttribute('tabindex', '-1');
    alert.scrollIntoView({ block: 'start' });
    alert.focus({ preventScroll: true });
  }

  // Sends the kept submissions, oldest first, one at a time. `justTyped` is the id
  // of a submission made on this page a moment ago: sent at once, it goes on to the
  // page the server answers with, as a plain form would.
  function flush(justTyped) {
    if (sending) return;
    var next = load().filter(function (i) { return !i.held; })[0];
    if (!next) { render(); return; }
    sending = true;
    render();
    post(next).then(function (res) {
      if (away(res)) return offNetwork();
      return res.text().then(function (html) {
        sending = false;
        var q = load().filter(function (i) { return i.id !== next.id; });
        if (res.ok && !asksWho(res)) {
          store(q);
          if (next.id === justTyped && q.length === 0) {
            window.location.assign(res.url);
            return;
          }
          if (q.some(function (i) { return !i.held; })) {
            flush(justTyped);
          } else {
            render();
            if (!document.querySelector('form[data-next]') && scopeHere() === next.scope) window.location.reload();
          }
        } else {
          // A refused submission comes back in the form Baza shows; one that met a
          // page asking who sends stays kept, first in its place, for after.
          if (asksWho(res)) q = load();
          q.forEach(function (i) { if (i.scope === next.scope) i.held = true; });
          store(q);
          showRefusal(html);
        }
      });
    }, offNetwork);

    // Off the network, or the server away: keep it, and try again.
    function offNetwork() {
      sending = false;
      var typed = load().filter(function (i) { return i.id === justTyped; })[0];
      if (typed) advance(typed.scope);
      render();
      schedule();
    }
  }

  // Makes the new-hand form ready for the next hand: empty fields, a fresh
  // submission id, and the version the game will have once the kept hands are in.
  function advance(scope) {
    var form = document.querySelector('form[data-keep="' + scope + '"][data-next]');
    if (!form) return;
    sentHere += 1;
    Array.prototype.forEach.call(document.querySelectorAll('form[data-keep="' + scope + '"]'), function (f) {
      var version = f.elements.version;
      var submission = f.elements.submission;
      var base = Number(f.getAttribute('data-base-version'));
      if (f.hasAttribute('data-next')) f.reset();
      if (version && !isNaN(base)) version.value = String(base + sentHere);
      if (submission) submission.value = hex(16);
    });
    handsAhead(form);
    var note = document.querySelector('.next-hand-note');
    if (note) note.hidden = false;
    form.scrollIntoView();
  }

  // Tells the new-hand form how many kept hands come before the one it takes now
  // (hand_form.js moves the trump chooser to that hand's dealer).
  function handsAhead(form) {
    form.setAttribute('data-hands-ahead', String(sentHere));
    form.dispatchEvent(new CustomEvent('baza:next-hand'));
  }

  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    var scope = form.getAttribute && form.getAttribute('data-keep');
    if (!scope || !window.fetch || !window.localStorage) return;
    var q = load();
    if (ofScope(q, scope).some(function (i) { return i.held; })) return; // settle those first, as a plain post
    ev.preventDefault();
    var body = new URLSearchParams(new FormData(form));
    if (ev.submitter && ev.submitter.name) body.append(ev.submitter.name, ev.submitter.value);
    var item = {
      id: hex(8),
      action: form.getAttribute('action'),
      body: body.toString(),
      scope: scope,
      label: form.getAttribute('data-label') || '',
      at: Date.now()
    };
    // Behind other kept submissions it waits for them: the form is free at once.
    var behind = sending || q.some(function (i) { return !i.held; });
    q.push(item);
    store(q);
    if (behind) {
      advance(scope);
      render();
      flush();
    } else {
      flush(item.id);
    }
  });

  // The version each form was rendered with (a hidden field's value attribute
  // follows what the script writes into it).
  Array.prototype.forEach.call(document.querySelectorAll('form[data-keep]'), function (f) {
    if (f.elements.version) f.setAttribute('data-base-version', f.elements.version.value);
  });

  // A page opened while submissions of its scope wait: its forms count them in.
  (function () {
    var scope = scopeHere();
    var waiting = ofScope(load(), scope).filter(function (i) { return !i.held; }).length;
    if (!scope || waiting === 0) return;
    sentHere = waiting;
    Array.prototype.forEach.call(document.querySelectorAll('form[data-keep="' + scope + '"]'), function (f) {
      var version = f.elements.version;
      var base = Number(f.getAttribute('data-base-version'));
      if (version && !isNaN(base)) version.value = String(base + waiting);
    });
    var next = document.querySelector('form[data-keep="' + scope + '"][data-next]');
    if (next) handsAhead(next);
  })();

  // Where the browser allows one, a service worker keeps these pages for a reload
  // off the network.
  if ('serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register('/sw.js').catch(function () {});
  }

  // A page that answers a refused form (sent without this script, or reloaded).
  if (document.querySelector('form[data-keep]') && document.querySelector('[role="alert"]')) showAlert();

  window.addEventListener('online', function () { flush(); });
  window.addEventListener('pageshow', function () { render(); });
  render();
  if (load().some(function (i) { return !i.held; })) {
    flush();
    schedule();
  }
})();
