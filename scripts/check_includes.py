#!/usr/bin/env python3
"""Checks the layering of the folder table (docs/design.md §2): no file includes a header of a folder above
its own, and no include loop runs inside a folder (a header and its .cpp count as one part). Prints each
offence and exits 1; exits 0 with a one-line summary when there is none."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Each folder and the folders it may include from (besides itself).
USES = {
    "engine": set(),
    "engine/peasant": {"engine"},
    "engine/variant": {"engine"},
    "chunks": {"engine"},
    "guide": {"engine", "engine/peasant", "chunks"},
    "libgen": {"engine", "chunks", "guide"},
    "exact": {"engine", "chunks", "libgen"},
    "schemas": {"engine", "chunks"},
    "chess": {"engine", "chunks", "libgen", "exact"},
    "play": {"engine", "engine/peasant", "chunks", "guide", "libgen", "exact", "schemas", "chess"},
    "serve": {"engine", "engine/peasant", "chunks", "guide", "libgen", "exact", "schemas", "chess", "play"},
    "cli": {"engine", "engine/peasant", "engine/variant", "chunks", "guide", "libgen", "exact", "schemas", "chess",
            "play", "serve"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources():
    for folder in USES:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith((".h", ".cpp", ".h.in")):
                yield folder, name


def main():
    where = {}  # include spelling -> folder
    for folder, name in sources():
        where.setdefault(name, folder)
        if "/" in folder:
            where[folder.split("/", 1)[1] + "/" + name] = folder
    offences = []
    graph = {}  # (folder, part) -> parts of the same folder it includes
    for folder, name in sources():
        text = open(os.path.join(ROOT, folder, name), encoding="utf-8").read()
        part = (folder, name.split(".")[0])
        for inc in INCLUDE.findall(text):
            target = where.get(inc)
            if target is None:
                continue  # generated (knowledge_digest.h) or a system header
            if target == folder:
                other = (folder, os.path.basename(inc).split(".")[0])
                if other != part:
                    graph.setdefault(part, set()).add(other)
            elif target not in USES[folder]:
                offences.append(f"{folder}/{name} includes {inc} from {target}/, which {folder}/ may not use")
    # Loops: a depth-first search that reports each back edge.
    state = {}

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                loop = path[path.index(nxt):] + [nxt]
                offences.append("include loop in " + node[0] + "/: " + " -> ".join(p[1] for p in loop))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    for o in offences:
        print(o)
    if offences:
        return 1
    print(f"includes: {sum(1 for _ in sources())} files, no upward include, no loop inside a folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
