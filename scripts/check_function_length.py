#!/usr/bin/env python3
"""No function over MAX_LINES lines where a reader follows the program's control: cli/, uci/, play/, serve/ and
engine/proof_search.cpp. A function is counted from the first line of its signature to the line that closes its
body, as clang-format lays them out: the signature starts in the first column (its further lines indented) and
ends with "{", and the body closes with "}" alone in the first column (a member defined in its class, indented,
is short by habit and not counted). Prints each offence and exits 1; exits 0 with a one-line summary."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_LINES = 80
PLACES = ["cli", "uci", "play", "serve", "engine/proof_search.cpp"]
NOT_FUNCTION = re.compile(r"^(namespace|struct|class|enum|union|extern|template\s*<[^>]*>\s*(struct|class))\b")


def files():
    for place in PLACES:
        path = os.path.join(ROOT, place)
        if os.path.isfile(path):
            yield place
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith((".cpp", ".h")):
                yield os.path.join(place, name)


def functions(lines):
    """(first line number, line count, first line) of each function defined in the first column."""
    i = 0
    while i < len(lines):
        line = lines[i]
        if line[:1] in ("", " ", "\t", "#", "/", "}") or NOT_FUNCTION.match(line):
            i += 1
            continue
        # A declaration: its signature runs on, indented, to a line that ends with "{" (a body) or ";" (none).
        j = i
        while j + 1 < len(lines) and not lines[j].rstrip().endswith(("{", ";")) and lines[j + 1][:1] in (" ", "\t"):
            j += 1
        if not lines[j].rstrip().endswith("{"):
            i = j + 1
            continue
        k = j + 1
        while k < len(lines) and lines[k].rstrip() != "}" and not lines[k].startswith("};"):
            k += 1
        yield i + 1, k - i + 1, line.strip()
        i = k + 1


def main():
    offences = []
    count = 0
    for path in files():
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for start, length, opening in functions(lines):
            count += 1
            if length > MAX_LINES:
                offences.append(f"{path}:{start}: {length} lines (at most {MAX_LINES}): {opening[:80]}")
    for o in offences:
        print(o)
    if offences:
        return 1
    print(f"functions: {count} in {', '.join(PLACES)}, none over {MAX_LINES} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
