import sys, orjson
with open(sys.argv[1], "rb") as f, open(sys.argv[2], "wb") as out:
    for line in f:
        out.write(orjson.dumps(orjson.loads(line)))
        out.write(b"\n")
