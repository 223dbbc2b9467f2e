// `chunker serve`: exact king-and-pawn answers over HTTP (serve/), for
// programs in the tablebase API's shape and for people on a board page.
#include <iostream>

#include "cli/commands.h"
#include "cli/options.h"
#include "serve/http_server.h"

namespace chunker::cli {

namespace {

// The answers kept for a repeated request: a body is a few kilobytes.
constexpr long long DEFAULT_ANSWERS = 20000;

}  // namespace

int serve_command(const Args& args) {
  po::options_description options("serve options");
  options.add_options()("bind", po::value<std::string>()->default_value("127.0.0.1"),
                        "the address to listen on (loopback unless told otherwise)")(
      "port", po::value<int>()->default_value(9000), "the port to listen on (0: any free one, printed)")(
      "memory", po::value<long long>()->default_value(static_cast<long long>(default_exact_memory() >> 20)),
      "MB an exact solve of a position outside the oracle's domain may take (0: never solve)")(
      "threads", po::value<int>()->default_value(2), "requests answered at once (and an exact solve's threads)")(
      "queue", po::value<int>()->default_value(64), "requests waiting beyond those; one more is answered 503")(
      "answers", po::value<long long>()->default_value(DEFAULT_ANSWERS), "answers kept for repeated requests")(
      "cache", po::value<std::string>(), "directory of exact tables shared with solve and uci (default: DATA/exact)");
  add_libraries_option(options);
  add_data_option(options);
  add_schemas_option(options);
  po::variables_map vm;
  if (!parse_args(args, "usage: chunker serve [options]", options, {}, vm)) return 0;

  PlaySettings play;
  play.level = MAX_LEVEL;
  play.mode = schema_mode(vm);
  play.libraries = vm["libraries"].as<std::string>();
  play.oracle_dir = vm["data"].as<std::string>();
  play.exact_cache = exact_cache_option(vm);
  play.exact_memory = std::uint64_t(checked<long long>(vm, "memory", 0, MAX_EXACT_MB)) << 20;
  serve::ServerSettings server;
  server.bind = vm["bind"].as<std::string>();
  server.port = static_cast<unsigned short>(checked<int>(vm, "port", 0, 65535));
  server.threads = unsigned(checked<int>(vm, "threads", 1, 256));
  server.queue = std::size_t(checked<int>(vm, "queue", 0, 1 << 20));
  play.workers = server.threads;

  serve::Answers answers(play, std::size_t(checked<long long>(vm, "answers", 0, 1LL << 30)),
                         [](const std::string& line) { std::cerr << "chunker serve: " << line << std::endl; });
  serve::HttpServer http(server, answers);
  std::cout << "chunker serve: listening on http://" << server.bind << ":" << http.port() << "/" << std::endl;
  http.run();
  std::cout << "chunker serve: stopped" << std::endl;
  return 0;
}

}  // namespace chunker::cli
