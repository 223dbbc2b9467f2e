// The options of `chunker uci`, each declared once here: `uci` prints the
// table and `setoption` parses from it into the settings.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace chunker {

// What the options set, and the command line's flags before them.
struct UciSettings {
  std::string libraries;     // the chunk libraries' directory
  std::string oracle_dir;    // the oracle tables' directory
  int level = 5;             // the schemas consulted
  std::size_t hash_mb = 64;  // the search's hash table
  bool use_oracle = true;    // false: no tables, the schemas and the evaluation play alone
  std::size_t exact_mb = 0;  // what an exact solve may take; 0: never
  std::string exact_cache;   // the exact tables' directory, shared with solve; empty: none
  unsigned threads = 1;      // an exact solve's
  std::string chess_engine;  // the command line of the engine that plays the chess after Chunker's game; empty: none
  // UCI's Ponder: declared so that a GUI lets the engine ponder (go ponder);
  // nothing else depends on it, as a ponder's clock starts at ponderhit.
  bool ponder = false;
};

// What a change of an option leaves to redo.
enum class Redo { Nothing, Player, ChessEngine };

struct UciOption {
  std::string name;
  enum class Type { Spin, Check, String } type;
  long long min = 0, max = 0;  // a spin's range
  std::function<std::string(const UciSettings&)> get;
  std::function<void(UciSettings&, const std::string&)> set;  // given a value already checked
  Redo redo = Redo::Nothing;
};

const std::vector<UciOption>& uci_options();

// `option name ... type ... default ...` as `uci` prints it.
std::string option_line(const UciOption& o, const UciSettings& settings);

// The option named `name`, matched without case as UCI asks; null where none is.
const UciOption* find_option(const std::string& name);

// Throws InputError where `value` is not one the option takes.
void check_value(const UciOption& o, const std::string& value);

}  // namespace chunker
