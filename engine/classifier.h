// The interface through which the search asks "is this position already
// decided?" (docs/design.md §5): the reasoning schemas (schemas/) and recognizers
// of small endings (the KPK library) implement it. A classifier answers with
// the game value for the side to move — with its distance where it knows it
// (a recognizer), else value_of(outcome) (a schema) — or says nothing. The
// search takes an answer as proven, so a classifier must only answer where it
// is sure (the oracle's `chunker oracle verify` checks the schemas over the
// whole domain).
#pragma once

#include <optional>
#include <string>

#include "engine/position.h"

namespace chunker {

enum class Outcome : std::int8_t { Loss = -1, Draw = 0, Win = 1 };

// The value of a win or loss whose distance is not known: decisive, and far
// beyond any distance the domain has, so that a real distance always counts
// as shorter.
constexpr int UNKNOWN_DISTANCE = 500;
inline Value value_of(Outcome o) {
  return o == Outcome::Win ? win_in(UNKNOWN_DISTANCE) : o == Outcome::Loss ? loss_in(UNKNOWN_DISTANCE) : 0;
}

// A schema's verdict as the search takes it: nothing, or the outcome's value.
inline std::optional<Value> value_of(const std::optional<Outcome>& o) {
  return o ? std::optional<Value>(value_of(*o)) : std::nullopt;
}

inline Outcome outcome_of(Value v) { return is_win(v) ? Outcome::Win : is_loss(v) ? Outcome::Loss : Outcome::Draw; }

class Classifier {
 public:
  virtual ~Classifier() = default;
  virtual std::optional<Value> classify(const Position& pos) const = 0;
  virtual std::string name() const = 0;
  // One line for a person (`chunker inspect`): why the classifier decides the
  // position, or why it does not. A classifier words the verdict its
  // classify() reaches on the same code path; this default only restates it.
  virtual std::string explain(const Position& pos) const {
    const auto v = classify(pos);
    if (!v) return "does not decide the position";
    return is_win(*v) ? "the side to move wins" : is_loss(*v) ? "the side to move loses" : "a draw";
  }
  // A hint, never a proof: the side to move is likely not to lose here. The
  // search takes it only to give up the opponent's attempts to win at such a
  // position (search.h), so a wrong hint can hide a win but never make one.
  virtual bool likely_holds(const Position&) const { return false; }
};

}  // namespace chunker
