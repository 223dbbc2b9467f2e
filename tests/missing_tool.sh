# Sourced by the shell tests. A test whose tool is missing is skipped (exit
# status 77, CTest's skip), except under CI=true, where every test must run
# and a missing tool fails the test naming it.
missing_tool() {
  echo "$1 is not installed (scripts/setup.sh installs it)"
  if [ "${CI:-}" = true ]; then
    echo "CI=true: every test must run; failed"
    exit 1
  fi
  echo "skipped"
  exit 77
}
