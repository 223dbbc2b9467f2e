#!/usr/bin/python3
"""The board page of `chunker serve` in a real browser: Debian's chromium,
headless, driven over its DevTools protocol (python3-websocket), both
installed by scripts/setup.sh. The page loads (the Szén position, its men
drawn and its chunks shaded), Fine no. 70 is entered in the FEN box, Kb1 is
listed first and as the only win in 51 (Fine, Basic Chess Endings no. 70:
1.Kb1 alone wins), a click on it shows Black's five king moves (Ka6, Ka8,
Kb6, Kb7, Kb8: the pawns are blocked), each a loss as 1.Kb1 wins, and back
and forward step along the moves made. A screenshot of Fine no. 70 is saved.
Then the rules switch set to chess: a pawn about to promote lists e8=Q and
e8=R as wins and e8=B, e8=N as draws (a dead position), and a click on
e8=Q shows the queen on e8.

Usage: serve_page_test.py CHUNKER DATA_DIR SCREENSHOT.png"""
import base64
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

from serve_server import Server

chunker, data, screenshot = sys.argv[1:4]
SZEN = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1"
FINE_70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"
AFTER_KB1 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/1K6 b - - 0 1"
PROMOTION = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
AFTER_QUEEN = "4Q3/8/8/8/8/8/k7/4K3 b - - 0 1"
TIMEOUT = 300  # seconds for a page to show a position (an exact solve under the sanitizers)


class Browser:
    def __init__(self, profile):
        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1200,900",
             "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0", "--user-data-dir=" + profile,
             "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = os.path.join(profile, "DevToolsActivePort")
        deadline = time.monotonic() + 60
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.monotonic() > deadline:
                raise RuntimeError("chromium did not start its DevTools server")
            time.sleep(0.1)
        port = int(open(port_file).read().split()[0])
        pages = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = next(p for p in pages if p["type"] == "page")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=60)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]

    def js(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, fen):
        """Until the page shows `fen` (its status says so), or fails the test."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            # Null until the page has loaded.
            state = self.js("(s => s && [s.dataset.state, s.dataset.fen, s.textContent])"
                            "(document.getElementById('status'))")
            if state and state[0] == "ready" and state[1] == fen:
                return
            if state and state[0] == "error":
                raise AssertionError(f"the page says: {state[2]}")
            time.sleep(0.1)
        raise AssertionError(f"the page did not show {fen} in {TIMEOUT} s")

    def moves(self):
        return self.js("[...document.querySelectorAll('#moves button')]"
                       ".map(b => [b.dataset.uci, b.dataset.category, b.textContent])")

    def close(self):
        # Chromium's helper processes write to the profile after the browser's
        # own exits: the whole process group goes, and is waited for.
        self.socket.close()
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)


failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL", what)


with tempfile.TemporaryDirectory() as workdir:
    server = Server(chunker, data, os.path.join(workdir, "cache"))
    browser = Browser(os.path.join(workdir, "profile"))
    try:
        browser.call("Page.navigate", url=f"http://127.0.0.1:{server.port}/")
        browser.wait_for(SZEN)
        check(browser.js("document.querySelectorAll('#board [data-man]').length") == 8, "Szén: not 8 men drawn")
        check(browser.js("document.querySelectorAll('#board [data-chunk]').length") > 0, "Szén: no chunk shaded")

        browser.js(f"document.getElementById('fen').value = {json.dumps(FINE_70)};"
                   " document.getElementById('fen-form').requestSubmit()")
        browser.wait_for(FINE_70)
        moves = browser.moves()
        print("Fine no. 70:", moves)
        wins = [uci for uci, category, _ in moves if category == "win"]
        check(wins == ["a1b1"] and moves[0][0] == "a1b1", f"Fine 70: winning moves {wins}, first {moves[0]}")
        check(moves[0][2] == "Kb1 win in 51", f"Fine 70: Kb1 listed as '{moves[0][2]}'")
        shot = browser.call("Page.captureScreenshot", format="png")
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot["data"]))

        browser.js("document.querySelector('#moves button[data-uci=a1b1]').click()")
        browser.wait_for(AFTER_KB1)
        replies = browser.moves()
        print("after 1.Kb1:", replies)
        sans = sorted(text.split()[0] for _, _, text in replies)
        check(sans == ["Ka6", "Ka8", "Kb6", "Kb7", "Kb8"], f"after 1.Kb1: Black's moves {sans}")
        check(all(category == "loss" for _, category, _ in replies), "after 1.Kb1: a Black move that does not lose")

        browser.js("document.getElementById('back').click()")
        browser.wait_for(FINE_70)
        browser.js("document.getElementById('forward').click()")
        browser.wait_for(AFTER_KB1)

        browser.js("document.getElementById('rules').value = 'chess';"
                   f" document.getElementById('fen').value = {json.dumps(PROMOTION)};"
                   " document.getElementById('fen-form').requestSubmit()")
        browser.wait_for(PROMOTION)
        moves = {uci: category for uci, category, _ in browser.moves()}
        print("chess's rules, e7 about to promote:", browser.moves())
        check([moves[m] for m in ("e7e8q", "e7e8r", "e7e8b", "e7e8n")] == ["win", "win", "draw", "draw"],
              f"chess's rules: promotions {moves}")
        browser.js("document.querySelector('#moves button[data-uci=e7e8q]').click()")
        browser.wait_for(AFTER_QUEEN)
        check(browser.js("document.querySelectorAll('#board [data-man=Q]').length") == 1, "e8=Q: no queen drawn")
    except Exception as e:  # a timeout or a page error: a failure, and the browser and server still stopped
        check(False, f"{type(e).__name__}: {e}")
    finally:
        browser.close()
        server.stop()

print(f"{len(failures)} failures" if failures else "all passed")
sys.exit(1 if failures else 0)
