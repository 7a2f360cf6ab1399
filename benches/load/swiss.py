#!/usr/bin/env python3
"""Writes a botifarra Swiss of N pairs with R rounds played and round R+1 paired
(its tables "live"), pairing every round with `baza pair` (the same domain code as
the web). Usage: swiss.py BAZA_BINARY PAIRS ROUNDS OUT.json [GAME [NEXT]]
GAME `cuatrola`: a cuatrola Swiss whose matches are one partida to 21 (botifarra's
timed format otherwise). NEXT `0`: the next round is not paired, and the Swiss has two rounds more (the
director pairs them: the round played under load and the one after)."""
import json, random, subprocess, sys

baza, pairs, rounds, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
game = sys.argv[5] if len(sys.argv) > 5 else "botifarra"
pair_next = len(sys.argv) <= 6 or sys.argv[6] != "0"
fmt = ({"kind": "partida"} if game == "cuatrola" else
       {"kind": "timed", "target": 101, "max_hands": 12, "minutes": 55, "cap": 121})
rng = random.Random(2026)
doc = {
    "format": "baza-tournament/1",
    "event": {
        "name": f"Open de carga: {pairs} parejas",
        "game": game,
        "options": {},
        "system": {"kind": "swiss", "rounds": rounds + (1 if pair_next else 2)},
        "match_format": fmt,
        "tiebreaks": ["points", "buchholz", "median_buchholz", "sonneborn_berger",
                      "point_difference", "points_for", "lot"],
        "seed": 7,
    },
    "entrants": [{"id": str(i + 1), "name": f"Pareja {i + 1:03d}", "seed": i + 1}
                 for i in range(pairs)],
    "rounds": [],
}
for r in range(rounds + 1 if pair_next else rounds):
    with open(out, "w") as f:
        json.dump(doc, f)
    nxt = json.loads(subprocess.check_output([baza, "pair", out, "--json"]))
    if r < rounds:
        results = []
        for p in nxt["pairings"]:
            if "table" in p:
                if game == "cuatrola":
                    a, b = 21, rng.randint(0, 20)
                    if rng.random() < 0.5:
                        a, b = b, a
                else:
                    a = rng.randint(40, 121)
                    b = 101 if a < 101 else rng.randint(20, 100)
                results.append({"table": p["table"], "score": [a, b]})
        nxt["results"] = results
    doc["rounds"].append(nxt)
with open(out, "w") as f:
    json.dump(doc, f)
print(f"{out}: {pairs} pairs, {rounds} rounds played" + (f", round {rounds + 1} paired" if pair_next else ""))
