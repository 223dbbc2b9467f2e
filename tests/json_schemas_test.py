#!/usr/bin/python3
"""Every JSON document the program prints, validated against its schema under
docs/json/ (Debian's python3-jsonschema): `solve --json` as each source
answers (the oracle, an exact solve with its figures, the search, the
evaluation where an exact solve is refused), `solve --rules chess` and its
`--class` build, `solve --engine peasant --json`,
`oracle probe --json` alone and in a batch with a position outside the
domain, `table --json`, and the server's /standard (known and unknown) and
error bodies. (`inspect --json` is tests/inspect_json_test.py's.) Beyond the
shapes, the values come from the oracle and the books: Fine no. 70 is a White
win in 51 by 1.Kb1 alone (Basic Chess Endings no. 70; `oracle probe` agrees),
and the server answers it with Kb1 first, its category "loss", no path; the
Szén position is a win in 51 by Ke1 or Ke2 (`oracle probe`; Fine no. 68).

Usage: json_schemas_test.py CHUNKER DATA_DIR"""
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from json_schemas import problems, strings  # noqa: E402
from serve_server import Server  # noqa: E402

chunker, data = sys.argv[1:3]
FINE_70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"
SZEN = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1"
OUTSIDE_SMALL = "8/3p4/8/4k3/8/8/3P4/4K3 w - - 0 1"  # pawns that meet on one file: outside the oracle's domain
# Under chess's rules: e8=Q and e8=R mate, in plies Gaviota's KQK and KRK
# tables give (tests/chess_exact_test.cpp checks every such position).
PROMOTION = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL", what)


def run(*words):
    done = subprocess.run([chunker, *words], capture_output=True, text=True, timeout=600)
    check(done.returncode == 0, f"chunker {' '.join(words)}: status {done.returncode}: {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def valid(name, document, what):
    for p in problems(name, document):
        check(False, f"{what}: {p}")


with tempfile.TemporaryDirectory() as cache:
    tables = ["--data", data, "--libraries", data, "--cache", cache]
    cases = {
        "oracle": run("solve", SZEN, "--json", *tables)[0],
        "exact solve": run("solve", FINE_70, "--json", *tables)[0],  # cached for the server below
        "search": run("solve", SZEN, "--json", "--source", "search", "--level", "5", *tables)[0],
        "refused": run("solve", "8/ppp5/8/8/8/8/PPP5/K6k w - - 0 1", "--json", "--memory", "0", "--level", "1",
                       "--node-limit", "200", *tables)[0],
    }
    for what, document in cases.items():
        valid("solve", document, f"solve --json ({what})")
    check(cases["oracle"]["origin"]["source"] == "oracle" and cases["oracle"]["value"] == "win"
          and cases["oracle"]["distance"] == 51, "solve: Szén is a win in 51 by the oracle (Fine no. 68)")
    check(cases["exact solve"]["exact"]["answered"] and cases["exact solve"]["origin"]["source"] == "exact solve"
          and cases["exact solve"]["distance"] == 51 and cases["exact solve"]["best_uci"] == "a1b1",
          "solve: an exact solve answers Fine no. 70, a win in 51 by Kb1, with its figures")
    check(cases["refused"]["exact"]["refused"] is not None and
          cases["refused"]["exact"]["refused"]["reason"] == "no-memory", "solve --memory 0: the refusal, typed")
    chess = run("solve", PROMOTION, "--rules", "chess", "--json", *tables)[0]
    valid("solve-chess", chess, "solve --rules chess --json")
    check(chess["rules"] == "chess" and chess["value"] == "win" and chess["distance"] == 13,
          f"solve --rules chess: e7 promotes, a win in 13 plies: {chess['value']} {chess['distance']}")
    refused = subprocess.run([chunker, "solve", PROMOTION, "--rules", "chess", "--json", "--memory", "0", *tables],
                             capture_output=True, text=True, timeout=60)
    check(refused.returncode == 1, f"solve --rules chess --memory 0: status {refused.returncode}")
    valid("solve-chess", json.loads(refused.stdout), "solve --rules chess --json (refused)")
    # The KPvK class: its 48 pawn squares and KQvK, KRvK, KBvK, KNvK, KvK; the e7 slice and those its
    # promotions lead to were stored by the solve above.
    built = run("solve", "--class", "KPvK", "--rules", "chess", "--json", "--cache", cache)[0]
    valid("solve-chess-class", built, "solve --class --rules chess --json")
    check(built["slices"] == 53 and built["found"] > 0 and built["found"] + built["solved"] == 53,
          f"solve --class KPvK: 53 slices, those not found solved: {built}")
    again = run("solve", "--class", "KPvK", "--rules", "chess", "--json", "--cache", cache)[0]
    check(again["slices"] == 48 and again["found"] == 48 and again["solved"] == 0,
          f"solve --class KPvK again: its 48 slices found, none beyond them needed: {again}")
    valid("solve-peasant", run("solve", SZEN, "--engine", "peasant", "--depth", "4", "--json")[0],
          "solve --engine peasant --json")

    probed = run("oracle", "probe", SZEN, "--json", "--data", data)[0]
    valid("probe", probed, "oracle probe --json")
    wins = sorted(m["uci"] for m in probed["moves"] if m["value"] == "win")
    check(probed["value"] == "win" and probed["distance"] == 51 and wins == ["d1e1", "d1e2"],
          f"oracle probe: Szén a win in 51 by Ke1 or Ke2, got {probed['value']} {probed['distance']} {wins}")
    batch = subprocess.run([chunker, "oracle", "probe", "--json", "--data", data], input=f"{SZEN}\n{OUTSIDE_SMALL}\n",
                           capture_output=True, text=True, timeout=120)
    lines = [json.loads(line) for line in batch.stdout.splitlines()]
    check(len(lines) == 2 and "error" in lines[1], f"oracle probe batch: {batch.stdout}")
    for line in lines:
        valid("probe", line, "oracle probe batch --json")

    suite = os.path.join(cache, "suite.epd")
    with open(suite, "w") as f:
        f.write('8/8/8/4k3/8/8/4P3/4K3 w - - id "kpk";\n')
    valid("table", run("table", suite, "--json", "--levels", "0-1", *tables)[0], "table --json")

    server = Server(chunker, data, cache, "--memory", "0")
    try:
        status, known = server.get_json("/standard?fen=" + FINE_70.replace(" ", "_"))
        valid("standard", known, "/standard (known)")
        check(status == 200 and known["moves"][0]["uci"] == "a1b1" and known["moves"][0]["category"] == "loss",
              f"/standard: Fine no. 70's first move is Kb1, leaving Black lost: {known['moves'][0]}")
        status, unknown = server.get_json("/standard?fen=" + "8/ppp5/8/8/8/8/PPP5/K6k_w_-_-_0_1")
        valid("standard", unknown, "/standard (unknown)")
        check(unknown["category"] == "unknown" and unknown["estimate"]["reason"] == "no-memory",
              f"/standard with --memory 0 outside the tables: {unknown['category']} {unknown['estimate']}")
        status, chess = server.get_json("/standard?fen=" + PROMOTION.replace(" ", "_") + "&rules=chess")
        valid("standard", chess, "/standard?rules=chess (unknown: --memory 0)")
        check(chess["rules"] == "chess" and chess["category"] == "unknown", f"/standard rules=chess: {chess}")
        for target in ("/standard?fen=nonsense", "/nowhere", "/standard"):
            status, error = server.get_json(target)
            valid("error", error, f"{target} ({status})")
    finally:
        server.stop()

    # A server whose oracle tables are missing names the file that is, not its directory.
    libraries_alone = os.path.join(cache, "libraries")
    os.mkdir(libraries_alone)
    for name in os.listdir(data):
        if name.endswith(".lib"):
            os.symlink(os.path.join(os.path.abspath(data), name), os.path.join(libraries_alone, name))
    server = Server(chunker, libraries_alone, cache, "--memory", "0")
    try:
        status, explained = server.get_json("/explain?fen=" + SZEN.replace(" ", "_"))
        valid("inspect", explained, "/explain with the oracle missing")
        check(status == 200 and not explained["oracle"]["built"], f"/explain, no oracle: {explained['oracle']}")
        paths = [text for text in strings(explained) if "/" in text]
        check(not paths, f"/explain with the oracle missing: a path in the answer: {paths}")
    finally:
        server.stop()

print(f"JSON documents against docs/json/: {len(failures)} problems")
sys.exit(1 if failures else 0)
