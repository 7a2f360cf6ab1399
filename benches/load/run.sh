#!/usr/bin/env bash
# Load test of a release build on loopback, bounded in time (about 17 × SECONDS).
#   benches/load/run.sh [sqlite|postgres] [SECONDS]
# Database: the demo club + a 256-pair botifarra Swiss with 7 rounds played and round 8
# at 128 live tables. Pages with wrk at 32 and 256 connections, without and with gzip:
# /health (a JSON line), / (the plainest HTML page), the standings and the live round
# page; a game's scoreboard after 9 and after 50 hands against /health; then 32
# scorekeepers posting hands to their own games (benches/load/hands.rs), every hand
# counted afterwards, in 9-hand games and in 50-hand games (the save's cost at hands
# 1-10 against hands 41-50); and the server's resident memory before and after.
set -euo pipefail
cd "$(dirname "$0")/../.."
backend=${1:-sqlite}
secs=${2:-10}
command -v wrk >/dev/null || { echo "needs wrk: apt-get install wrk" >&2; exit 2; }
# One binary serves both backends: with libpq present it is built for both, so the
# SQLite and PostgreSQL runs measure the same build.
features=()
if [ "$backend" = postgres ] || [ -f /usr/include/postgresql/libpq-fe.h ]; then
  features=(--features postgres)
fi
cargo build --release "${features[@]}" --bin baza --example load_hands
bin=target/release/baza
dir=$(mktemp -d)
if [ "$backend" = postgres ]; then
  name=baza_load_$$
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $name"
  url=postgres://postgres@127.0.0.1:5432/$name
else
  url=sqlite://$dir/load.sqlite3
fi
cleanup() {
  [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
  [ "$backend" = postgres ] && psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" || true
  rm -rf "$dir"
}
trap cleanup EXIT
$bin migrate --db "$url" >/dev/null 2>&1
$bin demo --db "$url" >/dev/null 2>&1
python3 benches/load/swiss.py "$bin" 256 7 "$dir/swiss.json" >/dev/null
id=$($bin tournament import "$dir/swiss.json" --club 1 --db "$url" 2>&1 | grep -o '#[0-9]*' | head -1 | tr -d '#')
pw=$($bin user add loader --role organiser --club 1 --db "$url" 2>/dev/null | tail -1)
port=${BAZA_LOAD_PORT:-18089}
RUST_LOG=warn $bin serve --bind 127.0.0.1:$port --db "$url" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/health" >/dev/null && break; sleep 0.1; done
echo "backend $backend, $(nproc) cores, $(date -u +%F), championship #$id"
rss() {
  echo "server RSS $1: $(($(ps -o rss= -p "$pid") / 1024)) MB; threads $(ps -o nlwp= -p "$pid");" \
    "page cache $(curl -fs "http://127.0.0.1:$port/health" | python3 -c 'import json,sys; c=json.load(sys.stdin)["page_cache"]; print(c["pages"], "pages,", c["bytes"] // 1024, "kB of", c["budget"] // 1048576, "MB")')"
}
rss "at start"
# Each page twice: as curl and wrk ask (no Accept-Encoding), and as a phone's browser
# asks (gzip): the pages then go out compressed, the public ones compressed once.
for enc in plain gzip; do
  hdr=()
  [ "$enc" = gzip ] && hdr=(-H "Accept-Encoding: gzip, deflate, br")
  for conns in 32 256; do
    for path in /health / "/campeonatos/$id" "/campeonatos/$id/directo"; do
      wrk -t2 -c"$conns" -d"${secs}s" --latency "${hdr[@]}" "http://127.0.0.1:$port$path" |
        awk -v p="$path" -v c="$conns" -v e="$enc" '
          /Requests\/sec/ {rps=$2}
          /^ +50%/ {p50=$2} /^ +99%/ {p99=$2}
          /Non-2xx/ {bad=$NF}
          /Transfer\/sec/ {tr=$2}
          END {printf "%-5s %-26s %4d conns  %9s req/s  p50 %8s  p99 %8s  %9s/s  non-2xx %s\n", e, p, c, rps, p50, p99, tr, (bad==""?0:bad)}'
    done
  done
done
rss "after the pages"
# A game's scoreboard, read from the results stored with its hands.
hands=target/release/examples/load_hands
g9=$($hands "http://127.0.0.1:$port" loader "$pw" 1 1 prepare:9)
g50=$($hands "http://127.0.0.1:$port" loader "$pw" 1 1 prepare:50)
for path in /health "/partidas/$g9" "/partidas/$g50"; do
  wrk -t2 -c32 -d"${secs}s" --latency "http://127.0.0.1:$port$path" |
    awk -v p="$path" '
      /Requests\/sec/ {rps=$2}
      /^ +50%/ {p50=$2} /^ +99%/ {p99=$2}
      /Non-2xx/ {bad=$NF}
      END {printf "plain %-26s   32 conns  %9s req/s  p50 %8s  p99 %8s  non-2xx %s\n", p, rps, p50, p99, (bad==""?0:bad)}'
done
$hands "http://127.0.0.1:$port" loader "$pw" 32 "$secs"
$hands "http://127.0.0.1:$port" loader "$pw" 32 "$secs" long
rss "after the load"
