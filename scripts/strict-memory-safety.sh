#!/usr/bin/env bash
# Where unsafe code is: builds the package with Swift's `-strict-memory-safety` (Swift 6.2
# or later) and counts its warnings by file. Unsafe code may live only in its layers:
# YAMLSyntax, ShareLintKit's byte layer (Sources/ShareLintKit/Bytes/) and C boundary
# (Sources/ShareLintKit/System/), the CLI's C boundary (Platform.swift, AtomicFile.swift)
# and its thread primitive (WorkerTeam.swift), and the benchmark. Exits 1 when a warning
# stands anywhere else, listing it.
#   scripts/strict-memory-safety.sh [--counts]   (--counts: the warnings per file too)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=${STRICT_SCRATCH:-.build/strict-memory-safety}
log=$scratch.log
mkdir -p "$(dirname "$scratch")"
echo "== building with -strict-memory-safety (scratch $scratch)"
# From nothing: a module that is not compiled again prints no warnings.
rm -rf "$scratch"
if ! swift build -Xswiftc -strict-memory-safety --scratch-path "$scratch" > "$log" 2>&1; then
  if grep -q "unknown argument: '-strict-memory-safety'" "$log"; then
    echo "skipped: this Swift has no -strict-memory-safety (6.2 or later has it)"
    exit 0
  fi
  tail -20 "$log"; echo "the build failed" >&2; exit 2
fi
root=$PWD/
warnings=$(grep -E "^/.*: warning: " "$log" | grep -F "$root" | sed "s#^$root##" | grep StrictMemorySafety | sort -u || true)
allowed='^(Sources/YAMLSyntax/|Sources/ShareLintKit/Bytes/|Sources/ShareLintKit/System/|Sources/SharelintCLI/(Platform|AtomicFile|WorkerTeam)\.swift|Sources/sharelint-bench/|Sources/BenchmarkCorpus/)'
# Foundation's CocoaError.userInfo is `nonisolated(unsafe)` on Linux: a read of it is the
# one warning a file above the layers cannot avoid.
known='^Sources/ShareLintKit/Types/PropertyList\.swift:[0-9]+:[0-9]+: warning: .*unsafe'
echo "$warnings" | grep -c . | sed 's/^/warnings: /'
echo "$warnings" | sed -E 's#^(Sources/[^/]+/([A-Z][A-Za-z]+/)?).*#\1#' | grep -v '^$' | sort | uniq -c
if [ "${1:-}" = --counts ]; then echo "$warnings" | sed -E 's#:.*##' | sort | uniq -c | sort -rn; fi
outside=$(echo "$warnings" | grep -Ev "$allowed" | grep -Ev "$known" | grep . || true)
if [ -n "$outside" ]; then
  echo "unsafe code outside its layers:" >&2
  echo "$outside" >&2
  exit 1
fi
echo "every warning is inside YAMLSyntax, Bytes/, System/, the CLI's C boundary or the benchmark"
