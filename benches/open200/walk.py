"""A botifarra open of N pairs (200) walked over HTTP as its director does, from an
empty database: Primeros pasos, the championship form's defaults (botifarra, ROUNDS
rounds), the pairs pasted from a spreadsheet, two marked absent, each round paired,
published and every table's result typed by the director, the best 16 drawn to a
knockout played to its champion. Prints (and appends to DIR/figures.txt) what each
step took and the size and render time of the pages at 99 tables.
    python3 benches/open200/walk.py http://127.0.0.1:8150 200 7 [--out DIR]
against `baza serve` on an empty database. Its files (figures.txt, the pages kept to
look at, state.json) go under DIR, made if missing: by default the repository's
target/open200/, whatever the current folder. SKIP_TABLES=1,2 leaves round 1's tables
1 and 2 to the phones (the walk waits for Enter)."""
import argparse, re, sys, time, random, json, os
from html.parser import HTMLParser
import requests
sys.path.insert(0, os.path.dirname(__file__))
import names

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
args = argparse.ArgumentParser(description="A botifarra open walked over HTTP as its director does.")
args.add_argument("base", nargs="?", default="http://127.0.0.1:8150", help="the server's address")
args.add_argument("pairs", nargs="?", type=int, default=200, help="pairs entered")
args.add_argument("rounds", nargs="?", type=int, default=7, help="Swiss rounds before the knockout")
args.add_argument("--out", default=os.path.join(REPO, "target", "open200"),
                  help="folder of the files written (made if missing); default: target/open200/ of the repository")
args = args.parse_args()
BASE, N, ROUNDS, OUT = args.base, args.pairs, args.rounds, args.out
os.makedirs(OUT, exist_ok=True)
s = requests.Session()
log = open(f"{OUT}/figures.txt", "a")
def say(*a):
    line = " ".join(str(x) for x in a); print(line, flush=True); log.write(line + "\n"); log.flush()

def csrf(html=None):
    if html is None: html = s.get(BASE + "/entrar").text
    return re.search(r'name="csrf" value="([^"]*)"', html).group(1)

def post(path, fields, expect=(303,), **kw):
    t = time.perf_counter()
    data = dict(fields) if isinstance(fields, dict) else list(fields)
    if isinstance(data, dict): data["csrf"] = TOKEN
    else: data.append(("csrf", TOKEN))
    r = s.post(BASE + path, data=data, allow_redirects=False, **kw)
    dt = time.perf_counter() - t
    if r.status_code not in expect:
        say("UNEXPECTED", r.status_code, path); open(f"{OUT}/err.html", "w").write(r.text)
        raise SystemExit(1)
    return r, dt

def timed_get(path, n=10, sess=None, gz=False):
    sess = sess or s
    times = []; size = 0
    hdr = {"Accept-Encoding": "gzip"} if gz else {"Accept-Encoding": "identity"}
    for _ in range(n):
        t = time.perf_counter(); r = sess.get(BASE + path, headers=hdr, stream=True); body = r.raw.read(); times.append(time.perf_counter() - t)
        size = len(body)
    times.sort()
    return times[len(times)//2] * 1000, times[int(len(times)*0.9)] * 1000, size, r.status_code

class Form(HTMLParser):
    def __init__(self, cls):
        super().__init__(); self.cls = cls; self.inside = False; self.fields = []; self.sel = None; self.opts = []; self.ta = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and self.cls in (a.get("class") or ""): self.inside = True
        if not self.inside: return
        if tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a: return
            self.fields.append([a["name"], a.get("value") or ""])
        if tag == "select": self.sel = a.get("name"); self.opts = []
        if tag == "option" and self.sel: self.opts.append((a.get("value") or "", "selected" in a))
        if tag == "textarea": self.ta = a.get("name"); self.fields.append([self.ta, ""])
    def handle_data(self, d):
        if self.ta: self.fields[-1][1] += d
    def handle_endtag(self, tag):
        if tag == "form" and self.inside: self.inside = False
        if tag == "select" and self.sel:
            chosen = [v for v, sel in self.opts if sel] or [v for v, _ in self.opts[:1]]
            self.fields.append([self.sel, chosen[0] if chosen else ""]); self.sel = None
        if tag == "textarea": self.ta = None

def health():
    return timed_get("/health", 20)

say(f"=== walk {N} pairs, {ROUNDS} rounds, {time.strftime('%H:%M:%S')} ===")
say("health p50/p90 ms, bytes", health())
TOKEN = csrf()
r, dt = post("/primeros-pasos", [("username", "directora"), ("password", "botifarra-2026"), ("confirm", "botifarra-2026"),
    ("club", "Penya Botifarrera de Lloret"), ("town", "Lloret de Mar"), ("game", "botifarra")])
club = r.headers["location"]
say("primeros pasos ->", club, f"{dt*1000:.0f} ms")
TOKEN = csrf(s.get(BASE + club).text)
html = s.get(BASE + club + "/campeonatos/nuevo").text
f = Form("tournament-form"); f.feed(html)
fields = [(k, v) for k, v in f.fields if k not in ("name", "rounds", "csrf")]
fields += [("name", "Open de Botifarra de Lloret"), ("rounds", str(ROUNDS))]
say("form defaults:", {k: v for k, v in fields if not k.startswith("fmt.") or k.startswith("fmt.botifarra")})
r, dt = post(club + "/campeonatos/nuevo", fields)
loc = r.headers["location"]; cid = int(re.search(r"/campeonatos/(\d+)", loc).group(1))
say("championship", cid, f"{dt*1000:.0f} ms")
pasted = names.pasted(N)
r, dt = post(f"/campeonatos/{cid}/inscritos/importar", [("csv", pasted)], expect=(303, 200, 422, 400))
say("import", N, "pairs:", r.status_code, r.headers.get("location"), f"{dt*1000:.0f} ms")
if r.status_code == 303:
    t = time.perf_counter(); ip = s.get(BASE + r.headers["location"]); say("import report page:", ip.status_code, len(ip.content), "bytes,", ip.text.count("<form"), "forms,", f"{(time.perf_counter()-t)*1000:.0f} ms")
    open(f"{OUT}/import-report.html", "w").write(ip.text)
if r.status_code != 303:
    open(f"{OUT}/import.html", "w").write(r.text)
    # the import page may ask for a confirmation: post the same with its hidden fields
    f = Form("csv-form"); f.feed(r.text); say("import page form:", [k for k, _ in f.fields])
D = f"/campeonatos/{cid}/direccion"
dh = s.get(BASE + D).text
eids = sorted(set(int(x) for x in re.findall(rf"/campeonatos/{cid}/inscritos/(\d+)/retirar", dh)))
say("entrants on the director's page:", len(eids), "page bytes", len(dh.encode()))
open(f"{OUT}/director-entrants.html", "w").write(dh)
# one check-in as the director clicks it: POST, then the director's page again
for _ in range(2):
    t = time.perf_counter(); post(f"/campeonatos/{cid}/inscritos/{eids[5]}/presente", []); s.get(BASE + D); say("check-in click (toggle) + page", f"{(time.perf_counter()-t)*1000:.0f} ms")
for e in eids[-2:]:
    _, dt = post(f"/campeonatos/{cid}/inscritos/{e}/retirar", []); say("absent", e, f"{dt*1000:.0f} ms")

def tables_of(r):
    h = s.get(BASE + D).text
    return sorted(set(int(t) for t in re.findall(rf"/campeonatos/{cid}/rondas/{r}/mesas/(\d+)\"", h)))

rng = random.Random(3)
for rnd in range(1, ROUNDS + 1):
    _, dt = post(f"/campeonatos/{cid}/rondas", [("tables", "")])
    say(f"round {rnd}: pair", f"{dt*1000:.0f} ms")
    _, dt = post(f"/campeonatos/{cid}/rondas/{rnd}/publicar", [])
    say(f"round {rnd}: publish", f"{dt*1000:.0f} ms")
    tabs = tables_of(rnd)
    if rnd in (1, ROUNDS):
        for path in (D, f"/campeonatos/{cid}", f"/campeonatos/{cid}/directo", f"/campeonatos/{cid}/imprimir/actas?ronda={rnd}", f"/campeonatos/{cid}/imprimir/emparejamientos?ronda={rnd}", f"/campeonatos/{cid}/imprimir/clasificacion"):
            a = timed_get(path, 10); b = timed_get(path, 3, gz=True)
            say(f"round {rnd} ({len(tabs)} tables, nothing played) GET {path}: p50 {a[0]:.1f} ms p90 {a[1]:.1f} ms, {a[2]} bytes ({b[2]} gzip), HTTP {a[3]}")
        anon = requests.Session()
        for path in (f"/campeonatos/{cid}", f"/campeonatos/{cid}/directo"):
            a = timed_get(path, 10, sess=anon); b = timed_get(path, 3, sess=anon, gz=True)
            say(f"round {rnd} public GET {path}: p50 {a[0]:.1f} ms p90 {a[1]:.1f} ms, {a[2]} bytes ({b[2]} gzip)")
        say("health", health())
    ts = []
    skip = set(int(x) for x in os.environ.get("SKIP_TABLES", "").split(",") if x) if rnd == 1 else set()
    for t in tabs:
        if t in skip: continue
        a = rng.randint(20, 100)
        sc = ("101", str(a)) if rng.random() < 0.5 else (str(a), "101")
        _, dt = post(f"/campeonatos/{cid}/rondas/{rnd}/mesas/{t}", [("version", "0"), ("score_a", sc[0]), ("score_b", sc[1]), ("forfeit", "")])
        ts.append(dt * 1000)
    if ts:
        ts.sort(); say(f"round {rnd}: {len(ts)} results typed by the director, p50 {ts[len(ts)//2]:.0f} ms, max {ts[-1]:.0f} ms")
    if skip:
        say("waiting for the phone tables", skip); input()
for path in (D, f"/campeonatos/{cid}", f"/campeonatos/{cid}/directo", f"/campeonatos/{cid}/imprimir/clasificacion"):
    a = timed_get(path, 10); b = timed_get(path, 3, gz=True)
    say(f"after round {ROUNDS} GET {path}: p50 {a[0]:.1f} ms p90 {a[1]:.1f} ms, {a[2]} bytes ({b[2]} gzip), HTTP {a[3]}")
say("health", health())
json.dump({"cid": cid, "club": club, "cookies": s.cookies.get_dict()}, open(f"{OUT}/state.json", "w"))
# knockout of the best 16
_, dt = post(f"/campeonatos/{cid}/fases", [("name", "Fase final"), ("qualify", "top"), ("n", "16"), ("shape", "single")])
say("knockout drawn", f"{dt*1000:.0f} ms")
done = set()
while True:
    h = s.get(BASE + D).text
    ms = [m for m in dict.fromkeys(re.findall(rf"/campeonatos/{cid}/fases/(\d+)/mesas/(\d+)\"", h)) if m not in done]
    if not ms: break
    for b, t in ms:
        r, dt = post(f"/campeonatos/{cid}/fases/{b}/mesas/{t}", [("version", "0"), ("score_a", "101"), ("score_b", str(rng.randint(20, 100))), ("forfeit", "")], expect=(303, 409, 422, 400, 200))
        done.add((b, t))
        if r.status_code != 303: say("knockout table", b, t, r.status_code)
h = s.get(BASE + f"/campeonatos/{cid}/imprimir/clasificacion").text
open(f"{OUT}/final-standings.html", "w").write(h)
m = re.search(r"(Campe[^<:]{0,12}: [^<]+)", h)
say("knockout tables played", len(done), "; ", m.group(1).strip() if m else "no champion named")
say("=== end", time.strftime('%H:%M:%S'), "===")
