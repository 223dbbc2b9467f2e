#!/usr/bin/python3
"""`chunker inspect FEN --json` validated against docs/json/inspect.schema.json
(Debian's python3-jsonschema), on positions that between them take every
branch of the schema: both default chunks and alternate parses, a schema
that decides, a KPK position, a position outside the oracle's domain, a
missing oracle table, and a hint. Also checks the values the JSON and the
text agree on with the oracle: the Szén position is a White win with White
to move (Szén 1836; Fine, Basic Chess Endings no. 68), and where the tempo
sum hints that the side to move holds, the oracle says it does not lose.

Usage: inspect_json_test.py CHUNKER DATA_DIR"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from json_schemas import problems  # noqa: E402

chunker, data = sys.argv[1:3]

POSITIONS = [
    ("4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1", data),  # the Szén position
    ("7k/8/8/8/P7/8/6p1/6K1 w - -", data),  # Level 1 decides it
    ("8/8/8/4k3/8/8/4P3/4K3 w - -", data),  # king and pawn against king
    ("4k3/4p3/8/8/8/8/4P3/4K3 w - -", data),  # pawns on one file: no oracle
    ("4k3/5ppp/8/8/8/8/PPP5/3K4 b - - 0 1", "/nonexistent"),  # the oracle's table missing
    ("8/8/7p/6p1/1P6/1k3p2/2P5/3K4 b - -", data),  # no schema decides; the tempo sum's hint
]
failures = 0
documents = []
for fen, tables in POSITIONS:
    run = subprocess.run([chunker, "inspect", fen, "--json", "--data", tables, "--libraries", data],
                         capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        print(f"FAIL {fen}: exit status {run.returncode}: {run.stderr.strip()}")
        sys.exit(1)
    document = json.loads(run.stdout)
    documents.append(document)
    for problem in problems("inspect", document):
        print(f"FAIL {fen}: {problem}")
        failures += 1

szen, missing, hinted = documents[0], documents[4], documents[5]
if szen["oracle"]["value"] != "win":
    print("FAIL: the Szén position is a win for the side to move (Szén 1836)")
    failures += 1
if missing["oracle"]["built"] or "chunker oracle build" not in missing["oracle"]["problem"]:
    print("FAIL: a missing table should say so and name the command that builds it")
    failures += 1
if szen["schemas"]["hint"] is not None or hinted["schemas"]["hint"] != "level 5 (tempo sum)":
    print("FAIL: the tempo sum hints at 8/8/7p/6p1/1P6/1k3p2/2P5/3K4 b only")
    failures += 1
if any(s["verdict"] for s in hinted["schemas"]["consulted"]) or hinted["oracle"]["value"] == "loss":
    print("FAIL: at 8/8/7p/6p1/1P6/1k3p2/2P5/3K4 b no schema decides, and Black does not lose (the oracle)")
    failures += 1
print(f"inspect --json: {len(POSITIONS)} documents checked against the schema, {failures} problems")
sys.exit(1 if failures else 0)
