"""The Python module `chunker` (python/), run by CTest as `python3 -m unittest python_module_test` with the
build's module on PYTHONPATH, CHUNKER_BINARY the program and CHUNKER_TEST_DATA the tests' tables. Each value
is checked against an independent source named beside it: Fine's book, the `chunker` program's own output
(which tests/cli_test.cpp and reference_solve_test.py check against scripts/reference_solve.py), or the
oracle."""
import json
import os
import subprocess
import tempfile
import threading
import unittest

import chunker

CHUNKER = os.environ["CHUNKER_BINARY"]
DATA = os.environ["CHUNKER_TEST_DATA"]
FINE_70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"  # outside the oracle's domain: an exact solve
SZEN = "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1"


class Board:
    """Any object with a fen() method stands for a position, as python-chess's chess.Board does."""

    def __init__(self, fen):
        self._fen = fen

    def fen(self):
        return self._fen


def cli(*args):
    run = subprocess.run([CHUNKER, *args, "--data", DATA, "--libraries", DATA], capture_output=True, text=True,
                         timeout=600)
    return run


class ModuleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cache = tempfile.TemporaryDirectory()
        cls.tablebase = chunker.open(DATA, cache=cls.cache.name)

    @classmethod
    def tearDownClass(cls):
        cls.tablebase.close()
        cls.cache.cleanup()

    def test_fine_70(self):
        # Fine, Basic Chess Endings no. 70: White wins only by 1.Kb1; in 51 plies by Chunker's rules
        # (testpositions/literature.epd).
        found = self.tablebase.solve(Board(FINE_70))
        self.assertEqual((found.value, found.wdl, found.distance, found.best_move), ("win", 2, 51, "a1b1"))
        self.assertEqual([m.uci for m in found.moves if m.wdl == 2], ["a1b1"])
        self.assertEqual({m.uci: m.wdl for m in found.moves}, {"a1b1": 2, "a1a2": 0, "a1b2": 0})
        self.assertEqual(self.tablebase.probe_wdl(FINE_70), 2)
        self.assertEqual(self.tablebase.probe_distance(Board(FINE_70)), 51)

    def test_szen_search_nodes_are_the_programs(self):
        # The Szen position at Level 5 by the proof-number search: the nodes `chunker solve` counts.
        run = cli("solve", SZEN, "--source", "search", "--level", "5", "--json")
        self.assertEqual(run.returncode, 0, run.stderr)
        expected = json.loads(run.stdout)
        found = self.tablebase.solve(SZEN, level=5, search="pn", source="search")
        self.assertEqual((found.value, found.source), ("win", "search"))
        self.assertEqual((found.nodes, found.proof_size, found.best_move),
                         (expected["nodes"], expected["proof_positions"], expected["best_uci"]))

    def test_inspect_szen(self):
        # Szen's default parse: two Kv3CPP chunks, each king against the other side's three pawns.
        found = self.tablebase.inspect(SZEN)
        chunks = found.parse.chunks
        self.assertEqual([(c.pawns, c.pawn_squares, c.king) for c in chunks],
                         [("white", ["a2", "b2", "c2"], "e8"), ("black", ["f7", "g7", "h7"], "d1")])
        self.assertEqual(found.oracle.value, "win")
        self.assertEqual(found.oracle.distance, 51)
        self.assertTrue(all(hasattr(s, "reason") for s in found.schemas.consulted))

    def test_bad_fen_is_a_value_error_with_the_programs_message(self):
        bad = "8/8/8/8 w"
        run = cli("solve", bad)
        self.assertEqual(run.returncode, 2)
        with self.assertRaises(ValueError) as raised:
            self.tablebase.probe_wdl(bad)
        self.assertEqual("chunker solve: " + str(raised.exception), run.stderr.strip())

    def test_no_table_and_no_memory_is_a_missing_table_key_error(self):
        with chunker.open(DATA, cache="") as tablebase:
            with self.assertRaises(KeyError) as raised:
                tablebase.probe_wdl(FINE_70, memory=0)
        self.assertIsInstance(raised.exception, chunker.MissingTableError)
        with self.assertRaises(ValueError):  # closed
            tablebase.probe_wdl(SZEN)

    def test_four_threads_answer_as_one(self):
        # Searches (the nodes are the same with any number of threads), exact solves and the oracle at once;
        # the solves small ones (testpositions/literature.epd's Epshteyn and en-passant), for CI's time.
        asks = [(SZEN, "search"), ("4k3/5ppp/8/8/8/8/PPP5/3K4 b - - 0 1", "search"),
                ("8/8/3k4/1p1p4/1P5P/4K3/8/8 w - - 0 1", "auto"), ("8/3p4/8/4P3/8/8/k7/7K b - - 0 1", "auto"),
                (SZEN, "auto")]

        def answers(tablebase):
            return [tablebase.solve(fen, source=source) for fen, source in asks]

        def comparable(solutions):
            # Where a table answered, which one (a solve, or the table another thread's solve left) may differ.
            return [(s.value, s.distance, s.best_move, s.line, s.nodes, s.proof_size, s.moves) for s in solutions]

        with chunker.open(DATA, cache="") as alone:
            expected = comparable(answers(alone))
        results = [None] * 4
        with chunker.open(DATA, cache="") as shared:
            def work(i):
                results[i] = comparable(answers(shared))

            threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        self.assertEqual(results, [expected] * 4)

    def test_table_rows(self):
        # Table 4-1's Szen rows at Level 5: the program's nodes and ply, the oracle's result.
        run = cli("table", "--levels", "5-5", "--json", "--node-limit", "20000")
        self.assertIn(run.returncode, (0, 1), run.stderr)
        expected = json.loads(run.stdout)
        rows = self.tablebase.table(levels=(5, 5), node_limit=20000)
        self.assertEqual([(r.id, r.levels[0].nodes, r.levels[0].ply, r.result) for r in rows],
                         [(r["id"], r["levels"][0]["nodes"], r["levels"][0]["ply"], r["result"]) for r in expected])
        self.assertEqual(rows[0].id, "szen-white")


if __name__ == "__main__":
    unittest.main()
