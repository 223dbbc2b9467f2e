"""Chunker's exact answers for king-and-pawn positions, in python-chess's conventions.

    import chunker
    with chunker.open() as tablebase:
        tablebase.probe_wdl("8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1")   # 2: a win for the side to move

A position is a FEN string or any object with a ``fen()`` method, such as a
python-chess ``chess.Board``. Values are for the side to move, under
Chunker's rules: the first side to promote safely wins (docs/design.md §1),
so a value is not chess's. Where no table holds a position and an exact
solve does not fit ``memory`` (MB), the probes raise ``MissingTableError``,
a ``KeyError`` as python-chess's ``chess.syzygy.MissingTableError`` is; a
bad FEN raises ``ValueError`` with the message the ``chunker`` program prints.
"""

import dataclasses
import json
import threading
import types
from typing import Any, List, Optional, Protocol, Sequence, Tuple, Union

from chunker import _chunker

__all__ = ["open", "Tablebase", "MissingTableError", "Solution", "MoveValue", "TableRow", "LevelCell"]

MissingTableError = _chunker.MissingTableError
MissingTableError.__doc__ = "No table holds the position and no exact solve fits the memory allowed (a KeyError)."

#: The memory an exact solve may take, in MB, where a call names none: as the ``chunker`` program's
#: ``--memory``, a quarter of RAM.
DEFAULT_MEMORY = None


class HasFen(Protocol):
    def fen(self) -> str: ...


Position = Union[str, HasFen]


def _fen(pos: Position) -> str:
    if isinstance(pos, str):
        return pos
    fen = getattr(pos, "fen", None)
    if not callable(fen):
        raise TypeError(f"a position is a FEN string or an object with a fen() method, got {type(pos).__name__}")
    return fen()


@dataclasses.dataclass(frozen=True)
class MoveValue:
    """A legal move and its value for the side that plays it."""

    uci: str
    san: str
    wdl: Optional[int]  #: 2, 0 or -2; None where unproven
    distance: Optional[int]  #: signed plies (+ a win, - a loss, 0 a draw); None where unknown


@dataclasses.dataclass(frozen=True)
class Solution:
    """What ``Tablebase.solve`` found, for the side to move."""

    fen: str
    value: str  #: "win", "draw", "loss", or "unproven"
    wdl: Optional[int]  #: 2, 0 or -2 (python-chess's Syzygy scale); None where unproven
    distance: Optional[int]  #: signed plies to the end of Chunker's game; None where unknown
    source: str  #: "oracle", "exact table", "exact solve", "search" or "evaluation"
    best_move: Optional[str]  #: UCI
    line: List[str]  #: best play in UCI (a proof-number proof's line: to a position the rules or a schema decide)
    nodes: int  #: the search's nodes, where it ran (0 where a table answered)
    proof_size: Optional[int]  #: the positions of the proof-number search's proof, where it made one
    moves: List[MoveValue]  #: every legal move's value, where the source gives them


@dataclasses.dataclass(frozen=True)
class LevelCell:
    """One level's search of a row of Table 4-1."""

    level: int
    proven: bool
    nodes: int
    ply: Optional[int]  #: the proving iteration (alpha-beta) or the proof's depth; None where exhaustive or unproven
    proof_positions: Optional[int]  #: the positions of the proof the search found; None where it found none
    result: Optional[str]  #: "win in 51", "win (no dist.)", "draw", ...; None where unproven


@dataclasses.dataclass(frozen=True)
class TableRow:
    """A row of the paper's Table 4-1: a suite position's search at each level, and its exact result."""

    id: str
    search: str  #: "pn" or "ab"
    knowledge_depth: str  #: at the top level, "win 18"; "-" where its depth table is not saved
    levels: List[LevelCell]
    result: str  #: the exact result and its source, and whether every level agrees ("ok")
    ok: bool


def _record(fields: dict) -> types.SimpleNamespace:
    return types.SimpleNamespace(**fields)


class Tablebase:
    """Chunker's tables (the oracle, the exact tables, the chunk libraries), opened by ``chunker.open``.

    One Tablebase may be used from several threads at once: a solve releases the GIL. It is a context
    manager, and ``close()`` drops its tables.
    """

    def __init__(self, native: "_chunker.Tablebase") -> None:
        self._native: Optional[_chunker.Tablebase] = native
        self._lock = threading.Lock()

    def _tables(self) -> "_chunker.Tablebase":
        with self._lock:
            if self._native is None:
                raise ValueError("the tablebase is closed")
            return self._native

    def probe_wdl(self, pos: Position, memory: Optional[int] = DEFAULT_MEMORY) -> int:
        """2, 0 or -2: a win, draw or loss for the side to move, from the oracle, an exact table or an exact
        solve within ``memory`` MB (None: a quarter of RAM; 0: never solve). Raises MissingTableError where
        none answers."""
        return self._tables().probe(_fen(pos), memory)[0]

    def probe_distance(self, pos: Position, memory: Optional[int] = DEFAULT_MEMORY) -> int:
        """Signed plies to the end of Chunker's game with best play: + a win, - a loss, 0 a draw. As
        probe_wdl, from the same sources."""
        return self._tables().probe(_fen(pos), memory)[1]

    def solve(self, pos: Position, level: int = 5, search: str = "pn", rules: str = "chunker",
              memory: Optional[int] = DEFAULT_MEMORY, source: str = "auto") -> Solution:
        """The position's value, distance, best move, line and every move's value, as ``chunker solve``
        finds them: from the oracle, an exact table, an exact solve within ``memory`` MB, else the search at
        ``level`` (0-5) with ``search`` ("pn" proof-number, "ab" alpha-beta). ``source`` asks one source
        alone: "oracle", "exact" or "search" (the search's own nodes, as Table 4-1 counts them)."""
        if rules != "chunker":
            raise ValueError(f"rules must be 'chunker', got '{rules}'")
        found = self._tables().solve(_fen(pos), level, search, source, memory)
        found["moves"] = [MoveValue(**m) for m in found["moves"]]
        return Solution(**found)

    def inspect(self, pos: Position, memory: int = 64) -> types.SimpleNamespace:
        """What ``chunker inspect --json`` shows of the position, as objects with attributes: ``parse``
        (``chunks``, each with its library entries under every assumption; ``interaction``; ``alternates``),
        ``schemas`` (each consulted classifier's ``verdict`` and ``reason``), ``oracle``, ``exact`` (outside
        the oracle's domain, an exact solve within ``memory`` MB). The fields are those of
        docs/json/inspect.schema.json."""
        return json.loads(self._tables().inspect_json(_fen(pos), memory), object_hook=_record)

    def table(self, epd: Optional[str] = None, levels: Tuple[int, int] = (0, 5), search: str = "pn",
              node_limit: int = 1_000_000) -> List[TableRow]:
        """The paper's Table 4-1 for the EPD suite ``epd`` (None: testpositions/default.epd, shipped with the
        module), as ``chunker table`` prints it: a row a position, with the search's nodes and (ply) at each of
        the levels ``levels`` (first, last), unproven where ``node_limit`` ends it, the knowledge depth at the
        last level (where its depth table is saved) and the exact result. ``search``: "pn", "ab" or "both"
        (every row with alpha-beta, then every row with the proof-number search)."""
        first, last = levels
        rows = json.loads(self._tables().table(epd, first, last, search, node_limit))
        return [TableRow(**{**row, "levels": [LevelCell(**cell) for cell in row["levels"]]}) for row in rows]

    def close(self) -> None:
        """Drops the tables (calls still running finish first). Later calls raise ValueError."""
        with self._lock:
            native, self._native = self._native, None
        if native is not None:
            native.close()

    def __enter__(self) -> "Tablebase":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()


def open(data: Optional[str] = None, libraries: Optional[str] = None, *, cache: Optional[str] = None,
         threads: int = 0) -> Tablebase:
    """Opens Chunker's tables. ``data``: the directory of the oracle's tables, and ``libraries`` that of the
    chunk libraries (default: ``data``); None: where the ``chunker`` program looks ($CHUNKER_DATA, else the
    data/ directory of the source tree it was built from). ``cache``: the directory of exact tables shared
    with the program (default DATA/exact; "" for none). ``threads``: those of an exact solve and of the
    proof-number search's guide (0: every core the process may run on). Nothing is read until asked."""
    return Tablebase(_chunker.Tablebase(data, libraries, cache, threads))
