// The subcommands of the `chunker` program. Each takes its own arguments
// (after the subcommand name), prints results on stdout and returns the exit
// status; bad input is thrown as chunker::InputError and reported by main.
#pragma once

#include <string>
#include <vector>

namespace chunker::cli {

using Args = std::vector<std::string>;

int perft_command(const Args& args);
int solve_command(const Args& args);
int oracle_command(const Args& args);
int variant_command(const Args& args);
int libgen_command(const Args& args);
int table_command(const Args& args);
int inspect_command(const Args& args);
int uci_command(const Args& args);
int proof_command(const Args& args);
int guide_command(const Args& args);
int serve_command(const Args& args);

}  // namespace chunker::cli
