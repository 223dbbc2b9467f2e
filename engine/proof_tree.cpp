#include "engine/proof_tree.h"

#include <algorithm>
#include <sstream>
#include <unordered_map>

#include "engine/notation.h"
#include "engine/rules.h"

namespace chunker {

namespace {

constexpr const char* MAGIC = "chunker-proof 1";

// Whether `v`, a value for the side to move of `pos`, is a win for `winner`.
bool wins_for(const Position& pos, Value v, Color winner) { return pos.side == winner ? is_win(v) : is_loss(v); }

std::string where(const Position& pos) { return to_fen(pos); }

// Moves read from text know their squares, not always their kind.
bool same_squares(Move a, Move b) { return a.from() == b.from() && a.to() == b.to(); }

// A move in UCI text, as far as text alone says (an en-passant capture
// reads as a plain move; proof_positions finds the legal move it names).
std::optional<Move> move_from_text(const std::string& w) {
  auto square = [&](std::size_t i) {
    return w[i] >= 'a' && w[i] <= 'h' && w[i + 1] >= '1' && w[i + 1] <= '8'
               ? std::optional<Square>(make_square(w[i] - 'a', w[i + 1] - '1'))
               : std::nullopt;
  };
  if (w.size() != 4 && !(w.size() == 5 && w[4] == 'q')) return std::nullopt;
  const auto from = square(0), to = square(2);
  if (!from || !to) return std::nullopt;
  return Move(*from, *to, w.size() == 5 ? MoveKind::Promotion : MoveKind::Normal);
}

}  // namespace

void write_proof(const ProofTree& tree, std::ostream& out) {
  out << MAGIC << "\nroot " << to_fen(tree.root) << "\nwinner " << (tree.winner == WHITE ? "white" : "black") << "\n";
  for (std::size_t id = 0; id < tree.nodes.size(); ++id) {
    const ProofNode& n = tree.nodes[id];
    out << id;
    if (n.kind == ProofNode::Kind::Leaf) {
      out << " leaf " << n.leaf;
    } else if (n.kind == ProofNode::Kind::Move) {
      out << " move " << uci(n.children[0].first) << " " << n.children[0].second;
    } else {
      out << " every";
      for (const auto& [m, child] : n.children) out << " " << uci(m) << ":" << child;
    }
    out << "\n";
  }
}

ProofTree read_proof(std::istream& in) {
  ProofTree tree;
  std::string line;
  int number = 0;
  auto fail = [&](const std::string& why) { throw InputError("proof line " + std::to_string(number) + ": " + why); };
  auto next = [&] {
    ++number;
    return bool(std::getline(in, line));
  };
  if (!next() || line != MAGIC) fail("not a Chunker proof (expected '" + std::string(MAGIC) + "')");
  if (!next() || line.rfind("root ", 0) != 0) fail("expected 'root FEN'");
  tree.root = parse_fen(line.substr(5)).pos;
  if (!next() || (line != "winner white" && line != "winner black")) fail("expected 'winner white|black'");
  tree.winner = line == "winner white" ? WHITE : BLACK;
  std::vector<bool> seen;
  while (next()) {
    if (line.empty()) continue;
    std::istringstream words(line);
    std::size_t id = 0;
    std::string kind;
    if (!(words >> id >> kind)) fail("expected 'ID move|every|leaf ...'");
    if (id >= seen.size()) seen.resize(id + 1), tree.nodes.resize(id + 1);
    if (seen[id]) fail("node " + std::to_string(id) + " twice");
    seen[id] = true;
    ProofNode& n = tree.nodes[id];
    // Moves are kept as text until the positions are known (proof_positions).
    auto move_word = [&](const std::string& w, std::uint32_t child) {
      const auto m = move_from_text(w);
      if (!m) fail("'" + w + "' is not a move");
      n.children.push_back({*m, child});
    };
    if (kind == "leaf") {
      n.kind = ProofNode::Kind::Leaf;
      std::getline(words >> std::ws, n.leaf);
      if (n.leaf.empty()) fail("a leaf names the rules or a classifier");
    } else if (kind == "move") {
      n.kind = ProofNode::Kind::Move;
      std::string m;
      std::uint32_t child = 0;
      if (!(words >> m >> child)) fail("expected 'ID move UCI CHILD'");
      move_word(m, child);
    } else if (kind == "every") {
      n.kind = ProofNode::Kind::Every;
      for (std::string w; words >> w;) {
        const auto colon = w.find(':');
        if (colon == std::string::npos) fail("expected UCI:CHILD, got '" + w + "'");
        std::uint32_t child = 0;
        try {
          child = std::uint32_t(std::stoul(w.substr(colon + 1)));
        } catch (const std::exception&) {
          fail("expected UCI:CHILD, got '" + w + "'");
        }
        move_word(w.substr(0, colon), child);
      }
      if (n.children.empty()) fail("a node of the loser's lists its moves");
    } else {
      fail("unknown node kind '" + kind + "'");
    }
  }
  if (tree.nodes.empty()) fail("no node");
  for (std::size_t id = 0; id < seen.size(); ++id)
    if (!seen[id]) throw InputError("proof: node " + std::to_string(id) + " is missing");
  for (const ProofNode& n : tree.nodes)
    for (const auto& c : n.children)
      if (c.second >= tree.nodes.size())
        throw InputError("proof: a move leads to node " + std::to_string(c.second) + ", which does not exist");
  return tree;
}

std::vector<Position> proof_positions(const ProofTree& tree) {
  std::vector<Position> pos(tree.nodes.size());
  std::vector<bool> known(tree.nodes.size(), false);
  std::vector<std::uint32_t> stack{0};
  pos[0] = tree.root;
  known[0] = true;
  while (!stack.empty()) {
    const std::uint32_t id = stack.back();
    stack.pop_back();
    for (const auto& [text_move, child] : tree.nodes[id].children) {
      const MoveList moves = legal_moves(pos[id]);
      // The binding passed by value: clang 14 (the fuzz build's) captures no structured binding.
      const auto m =
          std::find_if(moves.begin(), moves.end(), [asked = text_move](Move l) { return same_squares(l, asked); });
      if (m == moves.end())
        throw InputError("proof fails at " + where(pos[id]) + ": " + uci(text_move) + " is not a legal move");
      const Position next = make_move(pos[id], *m);
      if (known[child]) {
        if (!(pos[child] == next))
          throw InputError("proof fails at " + where(pos[id]) + ": node " + std::to_string(child) +
                           " is reached with two different positions");
        continue;
      }
      pos[child] = next;
      known[child] = true;
      stack.push_back(child);
    }
  }
  return pos;
}

ProofCheck check_proof(const ProofTree& tree, const std::vector<const Classifier*>& classifiers) {
  ProofCheck check;
  std::vector<Position> pos;
  try {
    pos = proof_positions(tree);
  } catch (const InputError& e) {
    check.failure = e.what();
    return check;
  }
  // Depth-first from the root: each node's own test, then its children;
  // a node met again while on the path closes a cycle (no proof).
  enum : std::uint8_t { Unseen, OnPath, Done };
  std::vector<std::uint8_t> state(tree.nodes.size(), Unseen);
  std::vector<int> depth(tree.nodes.size(), 0);
  auto fail = [&](std::uint32_t id, const std::string& why) {
    check.failure = "proof fails at " + where(pos[id]) + ": " + why;
  };
  // Each leaf names its classifier: found by name once, not per leaf.
  std::unordered_map<std::string, const Classifier*> by_name;
  for (const Classifier* k : classifiers) by_name.emplace(k->name(), k);
  auto own_test = [&](std::uint32_t id) -> bool {
    const ProofNode& n = tree.nodes[id];
    const Position& p = pos[id];
    const MoveList moves = legal_moves(p);
    const auto over = rule_value(p, moves);
    if (n.kind == ProofNode::Kind::Leaf) {
      if (n.leaf == RULES_LEAF) {
        if (over && wins_for(p, *over, tree.winner)) return true;
        fail(id, "the rules do not end the game with a win for the winner");
        return false;
      }
      const auto c = by_name.find(n.leaf);
      if (c == by_name.end()) {
        fail(id, "no classifier '" + n.leaf + "' is consulted");
        return false;
      }
      if (over) {
        fail(id, "the game is over here, by the rules");
        return false;
      }
      const auto v = c->second->classify(p);
      if (v && wins_for(p, *v, tree.winner)) return true;
      fail(id, "'" + n.leaf + "' does not decide a win for the winner");
      return false;
    }
    if (over) {
      fail(id, "the game is over here, by the rules: a leaf, not a move");
      return false;
    }
    if ((n.kind == ProofNode::Kind::Move) != (p.side == tree.winner)) {
      fail(id, n.kind == ProofNode::Kind::Move ? "one move given for the loser" : "every move asked of the winner");
      return false;
    }
    if (n.kind == ProofNode::Kind::Every) {
      for (Move m : moves)
        if (std::none_of(n.children.begin(), n.children.end(),
                         [&](const auto& c) { return same_squares(c.first, m); })) {
          fail(id, "the loser's move " + uci(m) + " is not answered");
          return false;
        }
    }
    return true;
  };
  struct Frame {
    std::uint32_t id;
    std::size_t next = 0;
  };
  std::vector<Frame> stack{{0}};
  state[0] = OnPath;
  if (!own_test(0)) return check;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const ProofNode& n = tree.nodes[f.id];
    if (f.next < n.children.size()) {
      const std::uint32_t child = n.children[f.next++].second;
      if (state[child] == OnPath) {
        fail(child, "the proof returns to this position (a cycle proves nothing)");
        return check;
      }
      if (state[child] == Unseen) {
        state[child] = OnPath;
        if (!own_test(child)) return check;
        stack.push_back({child});
      }
      continue;
    }
    for (const auto& c : n.children) depth[f.id] = std::max(depth[f.id], depth[c.second] + 1);
    state[f.id] = Done;
    ++check.positions;
    stack.pop_back();
  }
  check.depth = depth[0];
  return check;
}

}  // namespace chunker
