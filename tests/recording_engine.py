#!/usr/bin/python3
"""A UCI engine that records what it is asked: it runs the engine command
given after the log file's name, passes every line both ways, and appends to
the log each `position` line that a `go` follows, so a test can tell which
positions a program asked its chess engine about.

usage: recording_engine.py LOG ENGINE [ARGS...]"""
import subprocess
import sys
import threading

log, command = sys.argv[1], sys.argv[2:]
engine = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def answers():
    for line in engine.stdout:
        sys.stdout.write(line)
        sys.stdout.flush()


threading.Thread(target=answers, daemon=True).start()
position = ""
for line in sys.stdin:
    if line.startswith("position"):
        position = line.strip()
    elif line.startswith("go"):
        with open(log, "a") as f:
            f.write(position + "\n")
    engine.stdin.write(line)
    engine.stdin.flush()
    if line.strip() == "quit":
        break
engine.stdin.close()
engine.wait(timeout=30)
