#!/usr/bin/env bash
# One Swiss round of a 400-pair championship at federation scale, on a release build.
#   benches/load/round.sh [sqlite|postgres] [VIEWERS] [POLL_MS]
# Database: a fresh one with the demo club and a cuatrola Swiss of BAZA_ROUND_PAIRS
# pairs (400) with BAZA_ROUND_PLAYED rounds (3) played and typed (benches/load/swiss.py,
# imported with `baza tournament import`), switched to hand-by-hand entry. Then
# benches/load/round.rs (example `load_round`): the director pairs and publishes the
# next round (200 tables); every table opens with its PIN, enters its game hand by
# hand until it ends, and the other pair signs with its PIN, while VIEWERS (500) phones
# poll the live page every POLL_MS (1000) ms; then the director pairs the round after,
# and the database is read for every acknowledged hand.
# SQLite: one server. PostgreSQL: two servers on one database behind one address, the
# client's own round-robin TCP proxy (`load_round proxy`; nginx is not installed here).
set -euo pipefail
cd "$(dirname "$0")/../.."
backend=${1:-sqlite}
viewers=${2:-500}
poll=${3:-1000}
pairs=${BAZA_ROUND_PAIRS:-400}
played=${BAZA_ROUND_PLAYED:-3}
features=()
if [ "$backend" = postgres ] || [ -f /usr/include/postgresql/libpq-fe.h ]; then
  features=(--features postgres)
fi
cargo build --release "${features[@]}" --bin baza --example load_round
# BAZA_BIN: another build of the server to measure (a baseline), same client.
bin=${BAZA_BIN:-target/release/baza}
client=target/release/examples/load_round
dir=$(mktemp -d)
pids=()
if [ "$backend" = postgres ]; then
  name=baza_round_$$
  psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE $name"
  url=postgres://postgres@127.0.0.1:5432/$name
else
  url=sqlite://$dir/round.sqlite3
fi
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [ "$backend" = postgres ]; then
    psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $name WITH (FORCE)" || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
$bin migrate --db "$url" >/dev/null 2>&1
$bin demo --db "$url" >/dev/null 2>&1
python3 benches/load/swiss.py "$bin" "$pairs" "$played" "$dir/swiss.json" cuatrola 0 >/dev/null
id=$($bin tournament import "$dir/swiss.json" --club 1 --db "$url" 2>&1 | grep -o '#[0-9]*' | head -1 | tr -d '#')
sql="UPDATE tournaments SET entry_mode = 'hands' WHERE event_id = $id"
if [ "$backend" = postgres ]; then
  psql -h 127.0.0.1 -U postgres -d "$name" -qc "$sql"
else
  python3 -c "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()" "$dir/round.sqlite3" "$sql"
fi
pw=$($bin user add director --role organiser --club 1 --db "$url" 2>/dev/null | tail -1)
port=${BAZA_LOAD_PORT:-18093}
wait_up() {
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$1/health" >/dev/null && return 0; sleep 0.1; done
  echo "no server on port $1" >&2
  return 1
}
if [ "$backend" = postgres ]; then
  for p in $((port + 1)) $((port + 2)); do
    RUST_LOG=warn $bin serve --bind 127.0.0.1:$p --db "$url" >/dev/null 2>&1 &
    pids+=($!)
    wait_up $p
  done
  $client proxy 127.0.0.1:$port 127.0.0.1:$((port + 1)) 127.0.0.1:$((port + 2)) &
  pids+=($!)
  servers="two servers behind the runner's proxy"
else
  RUST_LOG=warn $bin serve --bind 127.0.0.1:$port --db "$url" >/dev/null 2>&1 &
  pids+=($!)
  servers="one server"
fi
wait_up $port
echo "backend $backend, $servers, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%F %H:%M') UTC, $(git rev-parse --short HEAD)"
echo "$pairs pairs, $played rounds played"
$client "http://127.0.0.1:$port" director "$pw" "$id" "$url" "$viewers" "$poll"
