// The service worker, where the browser allows one (HTTPS or localhost; a club
// laptop serving plain HTTP on the LAN gets none, and pending.js works without it).
// It keeps the last copy of the static files and of the pages a scorekeeper types on
// (a game, its hand form, a championship table), so such a page reloaded off the
// network, or while a proxy answers that the server is away, opens from the phone;
// otherwise the network always answers first.
var CACHE = 'baza-pages-v1';
var KEPT = [
  /^\/static\//,
  /^\/partidas\/\d+(\/mano)?$/,
  /^\/campeonatos\/\d+\/(rondas|fases)\/\d+\/mesas\/\d+$/
];

self.addEventListener('install', function () { self.skipWaiting(); });
self.addEventListener('activate', function (e) { e.waitUntil(self.clients.claim()); });

self.addEventListener('fetch', function (e) {
  var req = e.request;
  if (req.method !== 'GET') return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (!KEPT.some(function (re) { return re.test(url.pathname); })) return;
  function kept(res) {
    return caches.match(req).then(function (hit) { return hit || res || Response.error(); });
  }
  e.respondWith(fetch(req).then(function (res) {
    if (res.ok) {
      var copy = res.clone();
      caches.open(CACHE).then(function (c) { return c.put(req, copy); });
    }
    // A proxy's 502/503/504 while the server is away: the kept copy, if any.
    if (res.status === 502 || res.status === 503 || res.status === 504) return kept(res);
    return res;
  }, function () {
    return kept(null);
  }));
});
