#!/usr/bin/env python3
"""Checks the layering of the folder table (docs/design.md §2). Every include of the project's own code names
its folder ("engine/search.h"), and the folder is its layer: no file includes a header of a folder its own may
not use, no include loop runs inside a folder (a header and its .cpp count as one part), and in guide/ only the
offline fit reads the tables of exact/ (a guide never reads a table of whole positions at run time). Prints each
offence and exits 1; exits 0 with a one-line summary, the depth of the folders' include graph among it."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Each folder and the folders it may include from (besides itself).
USES = {
    "engine": set(),
    "engine/peasant": {"engine"},
    "engine/variant": {"engine"},
    "engine/pieces": {"engine"},
    "chunks": {"engine"},
    "exact": {"engine", "chunks"},
    "exact/chess": {"engine", "engine/pieces", "chunks", "exact"},
    "schemas": {"engine", "chunks"},
    "guide": {"engine", "engine/peasant", "chunks", "exact"},
    "chess": {"engine", "chunks", "exact"},
    "libgen": {"engine", "chunks", "exact"},
    "play": {"engine", "engine/peasant", "engine/pieces", "chunks", "exact", "exact/chess", "guide", "schemas",
             "chess"},
    "serve": {"engine", "engine/peasant", "engine/pieces", "chunks", "exact", "exact/chess", "guide", "schemas",
              "chess", "play"},
    "uci": {"engine", "engine/peasant", "engine/pieces", "chunks", "exact", "exact/chess", "guide", "schemas", "chess",
            "play"},
    "cli": {"engine", "engine/peasant", "engine/variant", "engine/pieces", "chunks", "exact", "exact/chess", "guide",
            "schemas", "chess", "libgen", "play", "serve", "uci"},
    "python": {"engine", "engine/peasant", "engine/pieces", "chunks", "exact", "exact/chess", "guide", "schemas",
               "chess", "play"},
}
# Parts of a folder that may use a folder the rest of it may not.
ONLY_FROM = {("guide", "exact"): {"guide_fit"}}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources():
    for folder in USES:
        for name in sorted(os.listdir(os.path.join(ROOT, folder))):
            if name.endswith((".h", ".cpp", ".h.in")):
                yield folder, name


def project_headers():
    names = set()
    for folder, name in sources():
        names.add(name.removesuffix(".in"))
    return names


def depth(edges):
    """The number of floors of the folder graph: the longest chain of folders, each including the next."""
    memo = {}

    def floor(folder):
        if folder not in memo:
            memo[folder] = 1 + max((floor(t) for t in edges.get(folder, ())), default=0)
        return memo[folder]

    return max(floor(f) for f in USES)


def main():
    known = project_headers()
    offences = []
    graph = {}  # (folder, part) -> parts of the same folder it includes
    edges = {}  # folder -> folders it includes
    for folder, name in sources():
        text = open(os.path.join(ROOT, folder, name), encoding="utf-8").read()
        part = (folder, name.split(".")[0])
        for inc in INCLUDE.findall(text):
            target, _, header = inc.rpartition("/")
            if target not in USES:
                if header in known:
                    offences.append(f"{folder}/{name} includes \"{inc}\": name the header's folder")
                continue  # a system or third-party header
            if target == folder:
                other = (folder, header.split(".")[0])
                if other != part:
                    graph.setdefault(part, set()).add(other)
                continue
            edges.setdefault(folder, set()).add(target)
            if target not in USES[folder]:
                offences.append(f"{folder}/{name} includes {inc} from {target}/, which {folder}/ may not use")
            elif part[1] not in ONLY_FROM.get((folder, target), {part[1]}):
                offences.append(f"{folder}/{name} includes {inc}: in {folder}/ only "
                                f"{', '.join(sorted(ONLY_FROM[(folder, target)]))} may use {target}/")
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
    print(f"includes: {sum(1 for _ in sources())} files, each include naming its folder, no upward include, "
          f"no loop inside a folder; the folders stand {depth(edges)} layers deep")
    return 0


if __name__ == "__main__":
    sys.exit(main())
