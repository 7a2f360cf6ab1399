#!/usr/bin/env bash
# Render time of a championship's standings and director pages for a signed-in
# director (never served from the page cache), on SQLite, one request at a time.
#   benches/load/standings.sh [BINARY] [PAIRS...]
# For each size: a fresh database with the demo club and a botifarra Swiss of PAIRS
# pairs with 7 rounds played and round 8 paired (benches/load/swiss.py), served on
# loopback; then 50 GETs of each page with curl, and the p50 / p90 of `time_total`.
# BAZA_RUNS: requests per page (50); BAZA_SAVE=DIR keeps a copy of each page there.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=${1:-target/release/baza}
shift || true
sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(64 256 1024)
runs=${BAZA_RUNS:-50}
port=${BAZA_LOAD_PORT:-18091}
dir=$(mktemp -d)
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
pct() { sort -n | awk -v p="$1" '{a[NR]=$1} END {i=int((NR-1)*p)+1; printf "%.2f", a[i]*1000}'; }
for pairs in "${sizes[@]}"; do
  url=sqlite://$dir/s$pairs.sqlite3
  $bin migrate --db "$url" >/dev/null 2>&1
  $bin demo --db "$url" >/dev/null 2>&1
  python3 benches/load/swiss.py "$bin" "$pairs" 7 "$dir/swiss$pairs.json" >/dev/null
  id=$($bin tournament import "$dir/swiss$pairs.json" --club 1 --db "$url" 2>&1 | grep -o '#[0-9]*' | head -1 | tr -d '#')
  pw=$($bin user add director$pairs --role organiser --club 1 --db "$url" 2>/dev/null | tail -1)
  RUST_LOG=warn $bin serve --bind 127.0.0.1:$port --db "$url" >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
  jar=$dir/jar$pairs
  csrf=$(curl -fs -c "$jar" -b "$jar" "http://127.0.0.1:$port/entrar" | grep -o 'name="csrf" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//')
  curl -fs -o /dev/null -c "$jar" -b "$jar" -d "csrf=$csrf" -d "username=director$pairs" \
    --data-urlencode "password=$pw" -d "next=/" "http://127.0.0.1:$port/entrar"
  for page in "/campeonatos/$id" "/campeonatos/$id/direccion"; do
    code=$(curl -s -o "$dir/page.html" -w '%{http_code}' -b "$jar" "http://127.0.0.1:$port$page")
    size=$(wc -c <"$dir/page.html")
    [ -n "${BAZA_SAVE:-}" ] && cp "$dir/page.html" "$BAZA_SAVE/$pairs-$(basename "$page").html"
    for _ in $(seq 1 "$runs"); do
      curl -s -o /dev/null -w '%{time_total}\n' -b "$jar" "http://127.0.0.1:$port$page"
    done >"$dir/times"
    printf '%5d pairs  %-28s HTTP %s  %8d bytes  p50 %7s ms  p90 %7s ms\n' "$pairs" "$page" "$code" "$size" \
      "$(pct 0.5 <"$dir/times")" "$(pct 0.9 <"$dir/times")"
  done
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  pid=
done
