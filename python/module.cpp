// The native part of the Python module `chunker` (its API is
// python/chunker/__init__.py, its types python/chunker/_chunker.pyi): the
// Tablebase of python/tablebase.h with the GIL released while it works, its
// values as Python's, and its errors as Python's exceptions: bad input a
// ValueError with the CLI's message, a missing answer MissingTableError (a
// KeyError, as python-chess's), a damaged or missing file an OSError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "chunks/table_file.h"
#include "engine/position.h"
#include "play/table_json.h"
#include "python/tablebase.h"

namespace py = pybind11;
using namespace pybind11::literals;

namespace chunker::python {

namespace {

SearchKind search_kind(const std::string& name) {
  if (name == "pn") return SearchKind::ProofNumber;
  if (name == "ab") return SearchKind::AlphaBeta;
  throw InputError("search must be 'pn' or 'ab', got '" + name + "'");
}

Sources sources_of(const std::string& name) {
  if (name == "auto") return Sources::All;
  if (name == "oracle") return Sources::Oracle;
  if (name == "exact") return Sources::Exact;
  if (name == "search") return Sources::Search;
  throw InputError("source must be 'auto', 'oracle', 'exact' or 'search', got '" + name + "'");
}

// The MB a call allows an exact solve (none: as the CLI's --memory, a quarter of RAM).
std::uint64_t memory_bytes(const std::optional<long long>& asked) {
  if (!asked) return default_exact_memory();
  const long long megabytes = *asked;
  if (megabytes < 0 || megabytes > MAX_EXACT_MB)
    throw InputError("memory must be between 0 and " + std::to_string(MAX_EXACT_MB) + " MB, got " +
                     std::to_string(megabytes));
  return std::uint64_t(megabytes) << 20;
}

py::dict move_dict(const MoveResult& m) {
  return py::dict("uci"_a = m.uci, "san"_a = m.san, "wdl"_a = m.wdl, "distance"_a = m.distance);
}

py::dict solve_dict(const SolveResult& r) {
  py::list moves;
  for (const MoveResult& m : r.moves) moves.append(move_dict(m));
  return py::dict("fen"_a = r.fen, "value"_a = r.value, "wdl"_a = r.wdl, "distance"_a = r.distance,
                  "source"_a = r.source, "best_move"_a = r.best_move, "line"_a = r.line, "nodes"_a = r.nodes,
                  "proof_size"_a = r.proof_size, "moves"_a = moves);
}

}  // namespace

}  // namespace chunker::python

PYBIND11_MODULE(_chunker, m) {
  using namespace chunker;
  using namespace chunker::python;
  m.doc() = "The native part of chunker: use the chunker package's API (chunker.open).";
  static py::exception<MissingTable> missing(m, "MissingTableError", PyExc_KeyError);
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const MissingTable& e) {
      // A KeyError's message as str() shows it: the text itself, not its repr.
      missing(e.what());
    } catch (const InputError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const TableError& e) {
      PyErr_SetString(PyExc_OSError, e.what());
    }
  });

  py::class_<Tablebase>(m, "Tablebase")
      .def(py::init<const std::optional<std::string>&, const std::optional<std::string>&,
                    const std::optional<std::string>&, unsigned>(),
           py::arg("data"), py::arg("libraries"), py::arg("cache"), py::arg("threads"),
           py::call_guard<py::gil_scoped_release>())
      .def(
          "probe",
          [](Tablebase& t, const std::string& fen, const std::optional<long long>& memory) {
            Probe p;
            {
              py::gil_scoped_release released;
              p = t.probe(fen, memory_bytes(memory));
            }
            return py::make_tuple(p.wdl, p.distance);
          },
          py::arg("fen"), py::arg("memory"))
      .def(
          "solve",
          [](Tablebase& t, const std::string& fen, int level, const std::string& search, const std::string& source,
             const std::optional<long long>& memory) {
            if (level < 0 || level > MAX_LEVEL)
              throw InputError("level must be between 0 and " + std::to_string(MAX_LEVEL) + ", got " +
                               std::to_string(level));
            const Ask ask{level, search_kind(search), sources_of(source), memory_bytes(memory)};
            SolveResult r;
            {
              py::gil_scoped_release released;
              r = t.solve(fen, ask);
            }
            return solve_dict(r);
          },
          py::arg("fen"), py::arg("level"), py::arg("search"), py::arg("source"), py::arg("memory"))
      .def(
          "inspect_json",
          [](Tablebase& t, const std::string& fen, const std::optional<long long>& memory) {
            const std::uint64_t bytes = memory_bytes(memory);
            py::gil_scoped_release released;
            return t.inspect_json(fen, bytes);
          },
          py::arg("fen"), py::arg("memory"))
      .def(
          "table",
          [](Tablebase& t, const std::optional<std::string>& epd, int first, int last, const std::string& search,
             long long node_limit) {
            if (first < 0 || last > MAX_LEVEL || first > last)
              throw InputError("levels must be (A, B) with 0 <= A <= B <= " + std::to_string(MAX_LEVEL) + ", got (" +
                               std::to_string(first) + ", " + std::to_string(last) + ")");
            if (node_limit < 1) throw InputError("node_limit must be at least 1, got " + std::to_string(node_limit));
            const std::vector<SearchKind> kinds = search == "both"
                                                      ? std::vector{SearchKind::AlphaBeta, SearchKind::ProofNumber}
                                                      : std::vector{search_kind(search)};
            std::vector<std::pair<SearchKind, TableRow>> rows;
            {
              py::gil_scoped_release released;
              rows = t.table(epd, first, last, kinds, std::uint64_t(node_limit));
            }
            // The rows as `chunker table --json` writes them (play/table_json.h).
            Json out = Json::array();
            for (const auto& [kind, row] : rows) out.push_back(table_row_json(row, kind, first));
            return out.dump();
          },
          py::arg("epd"), py::arg("first"), py::arg("last"), py::arg("search"), py::arg("node_limit"))
      .def("close", &Tablebase::close, py::call_guard<py::gil_scoped_release>());
}
