#!/usr/bin/env bash
# Where sharelint's time goes on the benchmark's stream, phase by phase.
#   scripts/phase-times.sh [ROUNDS]                 wall time (default 15 rounds)
#   scripts/phase-times.sh --instructions [DOCS]    instructions per libyaml event, under
#                                                   callgrind (default: the first 2,000 documents)
# Both need the corpus: `swift run -c release sharelint-bench --corpus-only` writes it.
# Builds a copy of the working tree (in .build/phase-times, patched there, never here)
# whose linter stops every document after a phase when SHARELINT_PHASE_STOP says so:
# 0 after its nodes are read, 1 after the loader, 2 after the header's prediction (the
# report then has the documents' names and headers, and no diagnostics), 3 after the rule
# context is made (everything but the rules: what is left of a full run is theirs).
# Wall time: it times that copy at each stop and in full, alternating round by round with
# libyaml's loop (in process, as the benchmark times it, and as a process that reads the
# file), and prints each one's fastest run, first quartile and median: the view the host's
# caches and predictors give.
# Instructions: it cuts the stream's first DOCS documents into a slice, counts each stop's
# instructions and the C loop's (`yaml-parse-loop`, a process reading the file) with
# valgrind's callgrind, which repeats to the instruction on a shared host, and prints each
# phase per libyaml event: the table docs/performance.md, "Where the time goes" keeps.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=time
if [ "${1:-}" = --instructions ]; then mode=instructions; shift; fi
rounds=${1:-15}
documents=${1:-2000}
corpus=.build/bench-corpus
stream=stream/stream.share.yaml
[ -f "$corpus/$stream" ] || { echo "no corpus: run 'swift run -c release sharelint-bench --corpus-only' first" >&2; exit 2; }

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
# Linter.swift itself imports no C library (libc calls live in System/): getenv needs one.
text = "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n" + text
open(path, "w").write(text)
EOF

echo "== building the patched copy (release, as scripts/install.sh does) and the C loop"
static=()
[ "$(uname)" = Linux ] && static=(--static-swift-stdlib)
# DWARF 4 for the C targets: valgrind 3.19 gives up on clang's default DWARF 5.
swift build -c release "${static[@]}" -Xcc -gdwarf-4 --product sharelint --package-path "$work/src" --scratch-path "$work/build" >/dev/null
swift build -c release --product yaml-parse-loop >/dev/null
sharelint=$PWD/$work/build/release/sharelint
loop=$PWD/.build/release/yaml-parse-loop
if [ "$mode" = instructions ]; then
  swift build -c release -Xcc -gdwarf-4 --product yaml-parse-loop --scratch-path "$work/loop-build" >/dev/null
  loop=$PWD/$work/loop-build/release/yaml-parse-loop
fi

if [ "$mode" = instructions ]; then
  command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
  # The first DOCS documents (the first has no separator, so the cut is at the DOCS-th),
  # beside a copy of their assets: a link out of the directory would be outside the root.
  slices=$work/slice
  rm -rf "$slices" && mkdir -p "$slices" && cp -R "$corpus/stream/assets" "$slices/"
  awk -v n="$documents" '/^---/ { if (++seen >= n) exit } { print }' "$corpus/$stream" > "$slices/slice.share.yaml"
  profile=$PWD/$work/callgrind.out
  count() { # instructions of one run under callgrind (its profile kept in $profile)
    valgrind --tool=callgrind --callgrind-out-file="$profile" "$@" 2>&1 >/dev/null \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
  }
  # A function's instructions with those of what it calls, in the last run's profile.
  inclusive() { callgrind_annotate --inclusive=yes "$profile" | awk -v name="$1" '!found && index($0, name) && !/=>/ { gsub(",", "", $1); print $1; found = 1 }'; }
  echo "== counting instructions on the first $documents documents"
  events=$("$loop" "$slices/slice.share.yaml")
  row="$(count "$loop" "$slices/slice.share.yaml")"
  for stop in 0 1 2 3 -1; do
    row="$row $(cd "$slices" && SHARELINT_PHASE_STOP=$stop count "$sharelint" validate --format json --jobs 1 slice.share.yaml)"
  done
  # Of the full run: libyaml's parse and event delete, and writing the JSON report.
  row="$row $(inclusive ':yaml_parser_parse ') $(inclusive ':yaml_event_delete') $(inclusive 'JSONRendererV5write_4emit')"
  python3 - "$events" $row <<'EOF'
import sys
events, loop, *stops = (int(x) for x in sys.argv[1:])
stops, (parse, delete, json) = stops[:5], stops[5:]
names = ["reading the nodes (with libyaml's parse)", "the loader", "the header's prediction",
         "the rule context", "the rules, the diagnostics and the rest of the report"]
print(f"{events:,} libyaml events; per event:\n")
print(f"| {'run or phase':55} | instructions |")
print(f"|{'-' * 57}|--------------|")
print(f"| {'libyaml loop, a process reading the file':55} | {loop / events:12,.0f} |")
before = 0
for name, total in zip(names, stops):
    print(f"| {name:55} | {(total - before) / events:12,.0f} |")
    before = total
    if name.startswith("reading the nodes"):
        label = "  of which libyaml's parse and event delete"
        print(f"| {label:55} | {(parse + delete) / events:12,.0f} |")
print(f"| {'**sharelint in full**':55} | {stops[-1] / events:12,.0f} |")
print(f"| {'  of which writing the JSON report':55} | {json / events:12,.0f} |")
print(f"\nInstruction ratio, the loop's count over sharelint's: {loop / stops[-1]:.3f}x")
EOF
  exit 0
fi

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
print(f"\nThe throughput target (at least 2/3 of the in-process loop's rate): sharelint in at most {target:.3f} s.")
print(f"After the nodes ({nodes:.3f} s), that leaves {target - nodes:.3f} s for the loader, header, rules and report;")
print(f"they take {full - nodes:.3f} s now (fastest runs), the rules {full - context:.3f} s of it.")
EOF
rm -f "$results"
