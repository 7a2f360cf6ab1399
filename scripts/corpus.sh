#!/usr/bin/env bash
# Rulings stay byte for byte the same: rules a fixed corpus of random hands of every game
# and player count with the release `baza check --jsonl` and compares the SHA-256 of
# each output with the committed digests.
#
# Per game and player count (and tute for 4 each alone): N random complete records
# (`baza random-hands`, seeds 1 to N) ruled in Spanish; the same records with two
# adjacent events swapped (most become violations, so the messages are ruled too) in
# Spanish, Catalan and English; and the same records with the first two cards of seat 0
# written "?" (partial deals), in Spanish.
#
#   scripts/corpus.sh             compare 10,000 records a case with tests/corpus-digests.txt
#   scripts/corpus.sh --write     write the digests anew (only when a ruling is meant to
#                                 change; say which in the commit)
#   --count N --digests FILE      another corpus: tests/it/corpus.rs rules the first 300
#                                 records a case in the test suite, against the digests
#                                 `--count 300 --digests tests/it/corpus-digests.txt` writes
#
# Needs cargo, jq and sha256sum.
set -euo pipefail

cd "$(dirname "$0")/.."
digests=tests/corpus-digests.txt
count=10000
write=false
while [[ $# -gt 0 ]]; do
    case "$1" in
        --write) write=true ;;
        --count) count=$2; shift ;;
        --digests) digests=$2; shift ;;
        *) echo "usage: scripts/corpus.sh [--write] [--count N] [--digests FILE]" >&2; exit 2 ;;
    esac
    shift
done

cargo build --release --quiet --bin baza
baza=target/release/baza
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name game players options
cases=(
    "cuatrola-4 cuatrola 4 {}"
    "tute-2 tute 2 {}"
    "tute-3 tute 3 {}"
    "tute-4 tute 4 {}"
    "tute-4-alone tute 4 {\"partnerships\":false}"
    "guinote-2 guinote 2 {}"
    "guinote-4 guinote 4 {}"
    "botifarra-4 botifarra 4 {}"
    "cinquillo-2 cinquillo 2 {}"
    "cinquillo-4 cinquillo 4 {}"
)

# Swaps events k and k + 1, k = (7 × events + dealer) mod (events − 1).
swap='(.events | length) as $n
  | if $n >= 2 then
      ((7 * $n + .dealer) % ($n - 1)) as $k
      | .events = .events[0:$k] + [.events[$k + 1], .events[$k]] + .events[$k + 2:]
    else . end'
hide='.hands[0] = (["?", "?"] + .hands[0][2:])'

sum() { sha256sum | cut -d' ' -f1; }

out="$work/digests.txt"
for c in "${cases[@]}"; do
    read -r name game players options <<<"$c"
    records="$work/$name.jsonl"
    "$baza" random-hands --game "$game" --players "$players" --options "$options" \
        --count "$count" --seed 1 >"$records"
    jq -c "$swap" "$records" >"$work/$name.swapped.jsonl"
    jq -c "$hide" "$records" >"$work/$name.partial.jsonl"
    echo "$("$baza" check --jsonl --lang es "$records" | sum)  $name complete es" >>"$out"
    for lang in es ca en; do
        echo "$("$baza" check --jsonl --lang "$lang" "$work/$name.swapped.jsonl" | sum)  $name swapped $lang" >>"$out"
    done
    echo "$("$baza" check --jsonl --lang es "$work/$name.partial.jsonl" | sum)  $name partial es" >>"$out"
done

if $write; then
    cp "$out" "$digests"
    echo "corpus: wrote $digests ($(wc -l <"$digests") digests of $count records each)"
elif diff -u "$digests" "$out"; then
    echo "corpus: the $(wc -l <"$out") digests of $count records each are the same"
else
    echo "corpus: the rulings differ from $digests" >&2
    exit 1
fi
