#!/usr/bin/env python3
"""Writes broken and unusual variants of hand records, one a line, for comparing two
builds of `baza check --jsonl`: cuts, wrong types, unknown cards and calls, missing
and extra fields, keys twice, events that are not moves, lists, junk.
Usage: broken.py HANDS.jsonl COUNT SEED > broken.jsonl"""
import json, random, sys

src, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
with open(src) as f:
    records = [l.rstrip("\n") for _, l in zip(range(2000), f)]
odd = [None, True, False, -1, 0, 1, 1.0, 2.5, 3, 4, 300, 2**64, 1e400 if False else 1e300,
       "", "zz", "?", "1o", " 1O ", "13o", "0c", "8c", "pass", "solo", "botifarra",
       "delegate", "x" * 60, "ñ", [], [1], ["1o"], {}, {"points": [1, 2]},
       {"points": None, "hand_points": [0, 1.5]}, {"target": 101}, {"nope": 1}]
keys = ["format", "game", "players", "options", "dealer", "before", "hands", "stock",
        "turned", "events", "declared", "other"]
ev_keys = ["seat", "play", "bid", "trump", "double", "pass", "cante", "tute",
           "exchange", "claim", "note"]


def mutate(text):
    r = rng.random()
    if r < 0.15:
        return text[: rng.randrange(len(text))]
    if r < 0.2:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["}", "]", ",", "\"", "x", "\\", "{", "\u00e9"]) + text[i:]
    if r < 0.25:
        return rng.choice(["", "null", "[]", "{}", "3", "\"baza-hand/1\"", "  ", "{\"format\":\"baza-hand/1\"}",
                           "[\"baza-hand/1\",\"cuatrola\",4,{},0,[],[],null,[]]"])
    v = json.loads(text)
    if r < 0.4:
        k = rng.choice(keys)
        if rng.random() < 0.3:
            v.pop(k, None)
        else:
            v[k] = rng.choice(odd)
    elif r < 0.7 and v.get("events"):
        evs = v["events"]
        i = rng.randrange(len(evs))
        e = dict(evs[i]) if isinstance(evs[i], dict) else {}
        k = rng.choice(ev_keys)
        if rng.random() < 0.3:
            e.pop(k, None)
        else:
            e[k] = rng.choice(odd)
        evs[i] = e if rng.random() < 0.95 else rng.choice(odd)
    elif r < 0.85 and v.get("hands"):
        h = rng.randrange(len(v["hands"]))
        hand = v["hands"][h]
        if isinstance(hand, list) and hand:
            c = rng.randrange(len(hand))
            choice = rng.random()
            if choice < 0.5:
                hand[c] = rng.choice(odd)
            elif choice < 0.75:
                hand[c] = v["hands"][(h + 1) % len(v["hands"])][0]
            else:
                hand.pop(c)
    else:
        s = json.dumps(v, separators=(",", ":"), ensure_ascii=rng.random() < 0.5)
        # A key twice, or an escaped key.
        if rng.random() < 0.5:
            k = rng.choice(keys)
            return "{" + json.dumps(k) + ":" + json.dumps(rng.choice(odd)) + "," + s[1:]
        return s.replace("\"seat\"", "\"\\u0073eat\"", 1)
    return json.dumps(v, separators=(",", ":"), ensure_ascii=rng.random() < 0.5)


for _ in range(count):
    print(mutate(rng.choice(records)))
