#!/usr/bin/env bash
# The house rules a reader relies on, checked before the tests run: every C++ file in .clang-format's form
# (Debian's clang-format), no line of code, build file or script over 120 columns, and the folder layering
# (scripts/check_includes.py). Exits 1 naming each offence.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
status=0
mapfile -t cpp < <(git ls-files -c -o --exclude-standard '*.cpp' '*.h' '*.h.in')
if ! clang-format --dry-run --Werror "${cpp[@]}" 2>/dev/null; then
  echo "check_style: not in .clang-format's form (fix with clang-format -i):" >&2
  for f in "${cpp[@]}"; do clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || echo "  $f" >&2; done
  status=1
fi
# Prose (Markdown), data (EPD, JSON, the fuzz corpora) and test fixtures keep their natural lines.
long=$(git ls-files -c -o --exclude-standard | grep -v -E '\.(md|epd|json|svg)$|^tests/data/|^data/|/corpus' |
  xargs -r awk 'length > 120 {print FILENAME ":" FNR ": " length " columns"}')
if [ -n "$long" ]; then
  echo "check_style: lines over 120 columns:" >&2
  echo "$long" >&2
  status=1
fi
python3 scripts/check_includes.py || status=1
# No function over 80 lines where the protocol, the answers and the proofs are written.
python3 scripts/check_function_length.py || status=1
[ "$status" -eq 0 ] && echo "style: ${#cpp[@]} C++ files formatted, no line over 120 columns"
exit "$status"
