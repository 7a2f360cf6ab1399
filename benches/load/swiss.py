#!/usr/bin/env python3
"""Writes a botifarra Swiss of N pairs with R rounds played and round R+1 paired
(its tables "live"), pairing every round with `baza pair` (the same domain code as
the web). Usage: swiss.py BAZA_BINARY PAIRS ROUNDS OUT.json"""
import json, random, subprocess, sys

baza, pairs, rounds, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rng = random.Random(2026)
doc = {
    "format": "baza-tournament/1",
    "event": {
        "name": f"Open de carga: {pairs} parejas",
        "game": "botifarra",
        "options": {},
        "system": {"kind": "swiss", "rounds": rounds + 1},
        "match_format": {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121},
        "tiebreaks": ["points", "buchholz", "median_buchholz", "sonneborn_berger",
                      "point_difference", "points_for", "lot"],
        "seed": 7,
    },
    "entrants": [{"id": str(i + 1), "name": f"Pareja {i + 1:03d}", "seed": i + 1}
                 for i in range(pairs)],
    "rounds": [],
}
for r in range(rounds + 1):
    with open(out, "w") as f:
        json.dump(doc, f)
    nxt = json.loads(subprocess.check_output([baza, "pair", out, "--json"]))
    if r < rounds:
        results = []
        for p in nxt["pairings"]:
            if "table" in p:
                a = rng.randint(40, 121)
                b = 101 if a < 101 else rng.randint(20, 100)
                results.append({"table": p["table"], "score": [a, b]})
        nxt["results"] = results
    doc["rounds"].append(nxt)
with open(out, "w") as f:
    json.dump(doc, f)
print(f"{out}: {pairs} pairs, {rounds} rounds played, round {rounds + 1} paired")
