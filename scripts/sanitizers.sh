#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and ThreadSanitizer (the CLI tests
# run the sanitized binary, with --jobs defaulting to the number of cores).
#   scripts/sanitizers.sh [address] [thread]     (default: both)
# LeakSanitizer is off: it mistakes Swift's tagged string pointers held by lazily
# initialized globals for leaks. Memory bounds in the hostile-input tests are off
# under a sanitizer (SHARELINT_SANITIZED); time bounds are four times longer.
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
for kind in "${kinds[@]}"; do
  echo "== swift test --sanitize=$kind"
  start=$(date +%s)
  SHARELINT_SANITIZED=1 ASAN_OPTIONS=detect_leaks=0 TSAN_OPTIONS=halt_on_error=1 \
    swift test --sanitize="$kind" --build-path ".build/sanitize-$kind" 2>&1 | tee "/tmp/sharelint-$kind.log" \
    | grep -E "Executed [0-9]+ tests|Test run with|ERROR: (Address|Thread)Sanitizer|WARNING: ThreadSanitizer|error:" || true
  if grep -qE "ERROR: AddressSanitizer|WARNING: ThreadSanitizer" "/tmp/sharelint-$kind.log"; then
    echo "the $kind sanitizer reported a problem: see /tmp/sharelint-$kind.log" >&2
    exit 1
  fi
  # The run's own total (the last "Executed" line), not any suite's; and Swift Testing's.
  if ! grep -E "Executed [0-9]+ tests" "/tmp/sharelint-$kind.log" | tail -n 1 | grep -qE "[^0-9]0 failures" \
     || grep -qE "^✘ Test run" "/tmp/sharelint-$kind.log"; then
    echo "tests failed under the $kind sanitizer: see /tmp/sharelint-$kind.log" >&2
    exit 1
  fi
  echo "== $kind: clean in $(( $(date +%s) - start )) s"
done
