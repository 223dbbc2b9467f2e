#!/usr/bin/python3
"""`chunker serve` over HTTP on 127.0.0.1:

1. GET /standard against `chunker solve --json` (the independent source: the
   command line's own solve, run first into the exact-table cache the server
   then reads) on testpositions/literature.epd and default.epd: each
   position's category and signed distance, every move's category and signed
   distance for the position after it (lila-tablebase's convention: a winning
   move reads "loss"), the moves in lila-tablebase's order, and no file path
   of the server in any answer. Fine no. 70 checks against Fine's book too:
   Kb1 is White's only winning move (Basic Chess Endings no. 70), in 51 plies.
2. Bad requests, each answered with its status and a one-line
   {"error": ...}, and the server answers the next good request.
3. Concurrency: twelve clients at once ask for the same root, which needs an
   exact solve, of a server with 4 workers and 4 queue places: each answer is
   the CLI's or a 503, the solve runs once, and the server answers after.
4. While an exact solve runs, with one worker and one queue place, every
   request the oracle answers is answered (a solve has a lane of its own).
5. SIGTERM in the middle of an exact solve ends the server with status 0
   and no temporary file in its cache.

Usage: serve_test.py CHUNKER DATA_DIR [--skip ID,ID...] (positions of the
suites left out: the sanitizers' build leaves out the largest solves)."""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

from json_schemas import strings
from serve_server import Server

chunker, data = sys.argv[1:3]
skip = set(sys.argv[4].split(",")) if len(sys.argv) > 4 and sys.argv[3] == "--skip" else set()
source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testpositions")
SZEN = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1"  # in the oracle's domain: answered at once
FINE_70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"
EPSHTEYN = "8/8/3k4/1p1p4/1P5P/4K3/8/8 w - - 0 1"  # outside the domain: 2 million positions to solve
BREAKTHROUGH = "8/ppp5/8/PPP5/8/8/8/k6K w - - 0 1"  # outside the domain: 63 million
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL", what)


def quoted(fen):
    return fen.replace(" ", "_")


def suite(name, workdir):
    """The suite's lines (without those skipped) in a file of their own, with their ids."""
    lines = [line for line in open(os.path.join(source, name)) if line.strip() and not line.startswith("#")]
    kept = [line for line in lines if line.split('id "')[1].split('"')[0] not in skip]
    path = os.path.join(workdir, name)
    with open(path, "w") as f:
        f.writelines(kept)
    return path, len(kept)


def solve_suite(path, count, cache):
    run = subprocess.run([chunker, "solve", "--epd", path, "--json", "--data", data, "--libraries", data,
                          "--cache", cache, "--memory", "2048"], capture_output=True, text=True, timeout=1200)
    check(run.returncode == 0, f"solve --epd {path}: status {run.returncode}: {run.stderr.strip()}")
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    check(len(answers) == count, f"solve --epd {path}: {len(answers)} answers for {count} positions")
    return answers


OPPONENT = {"win": "loss", "loss": "win", "draw": "draw"}


def signed(category, distance):
    """A value and a distance for the side to move as lila-tablebase signs them: + a win, - a loss."""
    return None if distance is None else distance if category == "win" else -distance


def after_move(value, distance):
    """A move's value for the side that plays it (solve --json) as the position after it stands for the opponent."""
    category = OPPONENT[value]
    return category, signed(category, None if distance is None else distance - 1)


def api_against_solve(server, solved):
    # lila-tablebase's order of the categories after a move: the opponent's loss first.
    order = {"loss": 0, "unknown": 1, "draw": 2, "win": 3}
    for expected in solved:
        fen = expected["fen"]
        status, got = server.get_json("/standard?fen=" + quoted(fen))
        check(status == 200, f"{fen}: status {status}")
        paths = [text for text in strings(got) if "/" in text]
        check(not paths, f"{fen}: a path in the answer: {paths}")
        check(got["category"] == expected["value"], f"{fen}: category {got['category']}, solve {expected['value']}")
        check(got["distance"] == signed(expected["value"], expected["distance"]),
              f"{fen}: distance {got['distance']}, solve {expected['value']} in {expected['distance']}")
        check(got["rules"] == "chunker" and got["dtm"] is None and got["dtz"] is None, f"{fen}: chess distances given")
        mine = {m["uci"]: (m["category"], m["distance"]) for m in got["moves"]}
        theirs = {m["uci"]: after_move(m["value"], m["distance"]) for m in expected["moves"]}
        check(mine == theirs, f"{fen}: moves {mine}, solve {theirs}")
        # lila-tablebase's order: by category after the move, then the quickest loss, the longest win.
        keys = [(order[m["category"]], abs(m["distance"] or 0) * (1 if m["category"] == "loss" else -1))
                for m in got["moves"]]
        check(keys == sorted(keys), f"{fen}: moves not in lila-tablebase's order: {keys}")


def fine_70(server):
    status, got = server.get_json("/standard?fen=" + quoted(FINE_70))
    wins = [m["uci"] for m in got["moves"] if m["category"] == "loss"]
    check(status == 200 and got["category"] == "win", f"Fine 70: {status} {got['category']}")
    check(got["moves"][0]["uci"] == "a1b1" and wins == ["a1b1"], f"Fine 70: winning moves {wins}")
    check(got["moves"][0]["distance"] == -50,
          f"Fine 70: after Kb1 Black loses in {got['moves'][0]['distance']}, not -50 (a win in 51)")


def raw(port, request, hang_up=False):
    """Sends `request` as it is (bytes); (status, body) of the answer, or None after a hang-up."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        sender = threading.Thread(target=lambda: send_quietly(s, request))
        sender.start()
        if hang_up:
            sender.join()
            return None
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
        sender.join()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body.decode()


def send_quietly(s, request):
    try:
        s.sendall(request)
    except OSError:  # the server answered and closed before reading it all
        pass


def get(target):
    return f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode()


BAD_REQUESTS = [
    # (what, request, status)
    ("a bad FEN", get("/standard?fen=hello"), 400),
    ("nine kings", get("/standard?fen=KKKKKKKK/K7/8/8/8/8/8/k7_w_-_-_0_1"), 400),
    ("a pawn on the first rank", get("/standard?fen=8/k7/8/8/8/8/8/KP6_w_-_-_0_1"), 400),
    ("a 1 MB query", get("/standard?fen=" + "8" * (1 << 20)), 414),
    ("an unknown path", get("/tablebase/standard?fen=" + quoted(SZEN)), 404),
    ("a method other than GET", b"POST /standard HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
    ("a client that hangs up mid-request", b"GET /standard?fen=8/k7/3p4/p2P1p2", None),
    ("missing fen", get("/standard"), 400),
    ("empty fen", get("/standard?fen="), 400),
    ("queens and rooks", get("/standard?fen=8/k7/8/8/8/8/8/KQ5R_w_-_-_0_1"), 400),
    ("side to move missing", get("/standard?fen=8/k7/3p4/p2P1p2/P2P1P2/8/8/K7"), 400),
    ("too many pawns", get("/standard?fen=8/k7/8/8/8/P7/PPPPPPPP/K7_w_-_-_0_1"), 400),
    ("adjacent kings", get("/standard?fen=8/8/8/8/8/8/8/Kk6_w_-_-_0_1"), 400),
    ("the side not to move in check", get("/standard?fen=8/8/8/8/8/1p6/K7/7k_b_-_-_0_1"), 400),
    ("bad percent-encoding", get("/standard?fen=8%2"), 400),
    ("a header too large", b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 65536 + b"\r\n\r\n", 431),
    ("a body too large", b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 4096\r\n\r\n" + b"z" * 4096, 413),
    ("not HTTP", b"HELLO\r\n\r\n", 400),
    ("no kings", get("/standard?fen=8/8/8/8/8/8/8/8_w_-_-_0_1"), 400),
    ("an en passant square no double step made", get("/standard?fen=8/k7/8/8/8/8/8/K7_w_-_e3_0_1"), 400),
    ("/explain of a bad FEN", get("/explain?fen=8/8/8"), 400),
    ("a path out of the page", get("/../../etc/passwd"), 404),
    ("a path that is not UTF-8", get("/%9B"), 404),
    ("a FEN that is not UTF-8", get("/standard?fen=8/8/8/8/8/8/8/K6%FF_w_-_-"), 400),
    ("unknown rules", get("/standard?fen=" + quoted(SZEN) + "&rules=fide"), 400),
    ("/explain under chess's rules", get("/explain?fen=" + quoted(SZEN) + "&rules=chess"), 400),
    ("a castling right under chess's rules",
     get("/standard?fen=r3k3/8/8/8/8/8/8/4K3_b_q_-_0_1&rules=chess"), 400),
]


def bad_requests(server):
    for what, request, expected in BAD_REQUESTS:
        answer = raw(server.port, request, hang_up=expected is None)
        if expected is not None:
            status, body = answer
            check(status == expected, f"{what}: status {status}, not {expected}")
            try:
                error = json.loads(body)["error"]
                check(body.count("\n") == 1 and body.endswith("\n") and "\n" not in error, f"{what}: {body!r}")
                print(f"{what}: {status} {error}")
            except (ValueError, KeyError):
                check(False, f"{what}: not a JSON error: {body[:200]!r}")
        else:
            print(f"{what}: the connection closed, no answer")
        status, got = server.get_json("/standard?fen=" + quoted(SZEN))
        check(status == 200 and got["category"] == "win", f"after {what}: {status}")


def concurrency(chunker_answer, workdir):
    server = Server(chunker, data, os.path.join(workdir, "concurrent-cache"), "--threads", "4", "--queue", "4")
    results = [None] * 12
    start = threading.Barrier(len(results))

    def client(i):
        start.wait()
        results[i] = server.get("/standard?fen=" + quoted(EPSHTEYN))

    clients = [threading.Thread(target=client, args=(i,)) for i in range(len(results))]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    statuses = sorted(status for status, _, _ in results)
    print("concurrent statuses:", statuses)
    check(set(statuses) <= {200, 503} and statuses.count(200) >= 1, f"concurrent statuses {statuses}")
    # 4 answered, 4 queued: at least 4 of 12 find no place while the solve runs.
    check(statuses.count(503) >= 4, f"the queue took more than it holds: {statuses}")
    for status, _, body in results:
        if status == 200:
            got = json.loads(body)
            check((got["category"], got["distance"]) == chunker_answer, f"concurrent answer {got['category']}")
        else:
            check("error" in json.loads(body), f"503 without an error: {body}")
    # The answers are sent after the solve's line is written, but the log is read on a thread of its own.
    server.wait_for_log("chunker serve: solved ")
    solves = [line for line in server.log if line.startswith("chunker serve: solved ")]
    check(len(solves) == 1, f"the root solved {len(solves)} times: {server.log}")
    status, got = server.get_json("/standard?fen=" + quoted(EPSHTEYN))
    check(status == 200 and (got["category"], got["distance"]) == chunker_answer, f"after the burst: {status}")
    server.stop()


def sigterm_mid_solve(workdir):
    server = Server(chunker, data, os.path.join(workdir, "sigterm-cache"))
    asker = threading.Thread(target=lambda: send_quietly_get(server))
    asker.start()
    server.wait_for_log("chunker serve: solving ")
    server.stop()  # checks the status and that no temporary file is left
    asker.join()
    check(not any(line.startswith("chunker serve: solved ") for line in server.log), "the solve was not cancelled")


def tables_answer_during_a_solve(workdir, domain):
    """One worker and two queue places, the oracle's tables loaded and no answer kept: while the breakthrough's
    exact solve runs (in a lane of its own), two clients asking in turn for positions the oracle answers are
    answered before it ends, none refused (a solve holding the worker would hold their requests in the queue
    until it ended); each as `chunker solve --json` answered it."""
    server = Server(chunker, data, os.path.join(workdir, "busy-cache"), "--threads", "1", "--queue", "2",
                    "--answers", "0")
    for position in domain:  # the oracle's tables loaded (no answer is kept: --answers 0)
        server.get("/standard?fen=" + quoted(position["fen"]))
    asker = threading.Thread(target=lambda: send_quietly_get(server))
    asker.start()
    server.wait_for_log("chunker serve: solving ")
    results = [None] * len(domain)

    def client(first):
        for i in range(first, len(domain), 2):
            results[i] = server.get_json("/standard?fen=" + quoted(domain[i]["fen"]))

    clients = [threading.Thread(target=client, args=(first,)) for first in range(2)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    statuses = [status for status, _ in results]
    check(statuses == [200] * len(domain), f"domain positions during a solve: {statuses}")
    for expected, (status, got) in zip(domain, results):
        if status == 200:
            check((got["category"], got["distance"]) == (expected["value"], signed(expected["value"],
                                                                                   expected["distance"])),
                  f"during a solve, {expected['fen']}: {got['category']} {got['distance']}")
    check(not any(line.startswith("chunker serve: solved ") for line in server.log),
          "the domain positions were answered only after the solve")
    server.stop()
    asker.join()


# A pawn about to promote, under chess's rules: a queen or a rook mates
# (their values in plies are Gaviota's KQK and KRK ones, which the unit test
# chess_exact_test.cpp checks position by position), a bishop or a knight
# leaves a dead position, a draw.
PROMOTION = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"


def chess_rules(server):
    """rules=chess: chess's values to mate, the same as `solve --rules chess --json`, in lila's conventions."""
    run = subprocess.run([chunker, "solve", PROMOTION, "--rules", "chess", "--json", "--cache", ""],
                         capture_output=True, text=True)
    check(run.returncode == 0, f"solve --rules chess: status {run.returncode}: {run.stderr.strip()}")
    solved = json.loads(run.stdout)
    status, got = server.get_json("/standard?fen=" + quoted(PROMOTION) + "&rules=chess")
    check(status == 200 and got["rules"] == "chess", f"rules=chess: {status} {got.get('rules')}")
    check(got["category"] == solved["value"] == "win", f"rules=chess: {got['category']}, solve {solved['value']}")
    check(got["dtm"] == got["distance"] == solved["distance"], f"rules=chess: dtm {got['dtm']}, solve {solved}")
    by_uci = {m["uci"]: m for m in got["moves"]}
    for move in solved["moves"]:
        after = by_uci[move["uci"]]
        expected = {"win": "loss", "loss": "win", "draw": "draw"}[move["value"]]
        check(after["category"] == expected, f"rules=chess {move['uci']}: {after['category']}, solve {move['value']}")
        if move["distance"] is not None:
            check(abs(after["dtm"]) == move["distance"] - 1, f"rules=chess {move['uci']}: dtm {after['dtm']}")
    check(by_uci["e7e8b"]["category"] == "draw" and by_uci["e7e8b"]["insufficient_material"],
          f"rules=chess: e8=B {by_uci['e7e8b']}")
    check(by_uci["e7e8q"]["category"] == "loss" and by_uci["e7e8q"]["dtm"] == got["moves"][0]["dtm"],
          f"rules=chess: first move {got['moves'][0]}, e8=Q {by_uci['e7e8q']}")
    print("rules=chess:", [(m["san"], m["category"], m["dtm"]) for m in got["moves"]])


def send_quietly_get(server):
    try:
        server.get("/standard?fen=" + quoted(BREAKTHROUGH))
    except (OSError, ValueError):  # the server stopped without an answer
        pass


with tempfile.TemporaryDirectory() as workdir:
    cache = os.path.join(workdir, "cache")
    solved = []
    for name in ("literature.epd", "default.epd"):
        solved += solve_suite(*suite(name, workdir), cache)
    server = Server(chunker, data, cache)
    api_against_solve(server, solved)
    fine_70(server)
    chess_rules(server)
    bad_requests(server)
    server.stop()
    epshteyn = next(s for s in solved if s["fen"] == EPSHTEYN)
    concurrency((epshteyn["value"], epshteyn["distance"]), workdir)
    tables_answer_during_a_solve(workdir, [s for s in solved if s["origin"]["source"] == "oracle"])
    sigterm_mid_solve(workdir)

print(f"{len(failures)} failures" if failures else "all passed")
sys.exit(1 if failures else 0)
