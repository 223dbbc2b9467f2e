// Shared argument handling for the subcommands, on Boost.Program_options.
#pragma once

#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>

#include "commands.h"
#include "position.h"

namespace chunker::cli {

namespace po = boost::program_options;

// Parses `args` against `options` and `positional`; prints help and returns
// false when --help was given.
inline bool parse_args(const Args& args, const char* usage, po::options_description& options,
                       const po::positional_options_description& positional, po::variables_map& vm) {
  options.add_options()("help,h", "show this help");
  po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
  if (vm.count("help")) {
    std::cout << usage << "\n" << options;
    return false;
  }
  po::notify(vm);
  return true;
}

// An integer option within [low, high], or InputError naming it.
template <typename T>
T checked(const po::variables_map& vm, const std::string& name, T low, T high) {
  T value = vm[name].as<T>();
  if (value < low || value > high)
    throw InputError("--" + name + " must be between " + std::to_string(low) + " and " + std::to_string(high) +
                     ", got " + std::to_string(value));
  return value;
}

// A range of levels "A-B" (or one level "N") within [0, max_level], or
// InputError naming the option.
inline std::pair<int, int> level_range(const std::string& option, const std::string& text, int max_level) {
  int first = 0, last = 0;
  char dash = 0;
  std::istringstream range(text);
  bool ok = bool(range >> first);
  if (ok && range.peek() == '-')
    ok = bool(range >> dash >> last);
  else
    last = first;
  if (!ok || !range.eof() || first < 0 || last > max_level || first > last)
    throw InputError("--" + option + " must be N or A-B with 0 <= A <= B <= " + std::to_string(max_level) + ", got '" +
                     text + "'");
  return {first, last};
}

}  // namespace chunker::cli
