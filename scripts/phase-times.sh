#!/usr/bin/env bash
# Where sharelint's wall time goes on the benchmark's stream, phase by phase.
#   scripts/phase-times.sh [ROUNDS]   (default 15; needs the corpus: run sharelint-bench once)
# Builds a copy of the working tree (in .build/phase-times, patched there, never here)
# whose linter stops every document after a phase when SHARELINT_PHASE_STOP says so:
# 0 after its nodes are read, 1 after the loader, 2 after the header's prediction (the
# report then has the documents' names and headers, and no diagnostics), 3 after the rule
# context is made (everything but the rules: what is left of a full run is theirs). It times that
# copy at each stop and in full, alternating round by round with libyaml's loop (in
# process, as the benchmark times it, and as a process that reads the file), and prints
# each one's fastest run, first quartile and median. Instruction counts per phase are in
# docs/performance.md; this is the wall-clock view the host's caches and predictors give.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-15}
corpus=.build/bench-corpus
stream=stream/stream.share.yaml
[ -f "$corpus/$stream" ] || { echo "no corpus: run 'swift run -c release sharelint-bench' once first" >&2; exit 2; }

work=.build/phase-times
rm -rf "$work/src/Sources"
mkdir -p "$work/src"
tar --exclude=./.build --exclude=./.git -cf - . | tar -xf - -C "$work/src"
python3 - "$work/src/Sources/ShareLintKit/Linter.swift" <<'EOF'
import sys
path = sys.argv[1]
text = open(path).read()
# The lines each stop follows, in Linter.lint; a missing one stops the script.
anchors = ["guard let nodes = document.nodes else",
           "guard let configuration = loaded else",
           "report.noPreviewReason = prediction.noPreviewReason",
           "options: options, prediction: prediction)"]
for stop, anchor in enumerate(anchors):
    at = text.find(anchor)
    if at < 0: sys.exit(f"phase-times.sh: Linter.swift no longer has '{anchor}'")
    end = text.index("\n", at) + 1
    text = text[:end] + f"        if phaseStop == {stop} {{ return (report, []) }}\n" + text[end:]
text += '\nlet phaseStop: Int = getenv("SHARELINT_PHASE_STOP").flatMap { Int(String(cString: $0)) } ?? -1\n'
open(path, "w").write(text)
EOF

echo "== building the patched copy (release, as scripts/install.sh does) and the C loop"
static=()
[ "$(uname)" = Linux ] && static=(--static-swift-stdlib)
swift build -c release "${static[@]}" --product sharelint --package-path "$work/src" --scratch-path "$work/build" >/dev/null
swift build -c release --product yaml-parse-loop >/dev/null
sharelint=$PWD/$work/build/release/sharelint
loop=$PWD/.build/release/yaml-parse-loop

# A run that exits non-zero (a corpus with findings) is timed all the same.
seconds() { local TIMEFORMAT=%R; { time "$@" >/dev/null 2>&1 || true; } 2>&1; }
echo "== timing $rounds rounds"
cd "$corpus"
results=$(mktemp)
for _ in $(seq "$rounds"); do
  inProcess=$(YAML_PARSE_LOOP_REPEATS=3 "$loop" "$stream" 2>&1 >/dev/null)
  row="$inProcess $(seconds "$loop" "$stream")"
  for stop in 0 1 2 3 -1; do
    row="$row $(SHARELINT_PHASE_STOP=$stop seconds "$sharelint" validate --format json --jobs 1 "$stream")"
  done
  echo "$row" >> "$results"
done
python3 - "$results" <<'EOF'
import statistics, sys
rows = [[float(x) for x in line.split()] for line in open(sys.argv[1])]
names = ["libyaml loop, in process (fastest of 3)", "libyaml loop, a process reading the file",
         "sharelint, stopped after the nodes", "sharelint, stopped after the loader",
         "sharelint, stopped after the header", "sharelint, stopped after the rule context",
         "sharelint, in full"]
columns = [sorted(row[i] for row in rows) for i in range(len(names))]
print(f"| {'run':44} | fastest | first quartile | median |")
print(f"|{'-' * 46}|---------|----------------|--------|")
for name, column in zip(names, columns):
    print(f"| {name:44} | {column[0]:6.3f}s | {column[len(column) // 4]:13.3f}s | {statistics.median(column):5.3f}s |")
loop, nodes, context, full = columns[0][0], columns[2][0], columns[5][0], columns[6][0]
target = loop / (2 / 3)
print(f"\nSPEC §8 (at least 2/3 of the in-process loop's rate): sharelint in at most {target:.3f} s.")
print(f"After the nodes ({nodes:.3f} s), that leaves {target - nodes:.3f} s for the loader, header, rules and report;")
print(f"they take {full - nodes:.3f} s now (fastest runs), the rules {full - context:.3f} s of it.")
EOF
rm -f "$results"
