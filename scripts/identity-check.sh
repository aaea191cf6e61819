#!/usr/bin/env bash
# Whether this working tree prints, byte for byte, what an earlier commit printed, on the
# whole benchmark corpus (a scale the goldens of OutputIdentityTests leave to this script).
#   scripts/identity-check.sh [COMMIT]   (default c81b7ef: the build the goldens of
#                                         OutputIdentityTests were recorded with)
# Needs the corpus: `swift run -c release sharelint-bench --corpus-only` (or a benchmark
# run) writes it. Builds COMMIT in a worktree under .build/identity (release), and this
# tree as scripts/install.sh does, then compares: the stream and the tree (--jobs 1 and
# 2) in JSON; the rich stream (a warning and an info per document) in JSON and text, when
# the corpus has it; a copy of the stream with every 25th document broken (a misspelled
# type, missing files) and every 50th with an insecure URL, in JSON, text and SARIF; the
# samples and the broken samples in every format the earlier build has; and `header`
# (also `--ios all`) and `destinations` on the samples. Exits 1 on a difference.
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-c81b7ef}
corpus=$PWD/.build/bench-corpus
[ -f "$corpus/stream/stream.share.yaml" ] || { echo "no corpus: run 'swift run -c release sharelint-bench --corpus-only' first" >&2; exit 2; }

work=$PWD/.build/identity
old_tree=$work/$commit
if [ ! -d "$old_tree" ]; then
  mkdir -p "$work"
  git worktree add --detach "$old_tree" "$commit" >/dev/null 2>&1
fi
echo "== building $commit and this tree (release)"
swift build -c release --product sharelint --package-path "$old_tree" --scratch-path "$work/build-$commit" >/dev/null
static=()
[ "$(uname)" = Linux ] && static=(--static-swift-stdlib)
swift build -c release "${static[@]}" --product sharelint --scratch-path .build/static >/dev/null
old=$work/build-$commit/release/sharelint
new=$PWD/.build/static/release/sharelint

out=$work/out
broken=$work/broken-stream
rm -rf "$out" "$broken" && mkdir -p "$out" "$broken"
cp -R "$corpus/stream/assets" "$corpus/.sharelint.yml" "$broken/"
python3 - "$corpus/stream/stream.share.yaml" "$broken/stream.share.yaml" <<'EOF'
import sys
documents = open(sys.argv[1], encoding="utf-8").read().split("\n---")
for i, document in enumerate(documents):
    if i % 25 == 7:
        document = (document.replace("public.png", "public.pgn").replace("poster-", "missing-")
                    .replace("subtitle: example.com", "subtitle: example.org"))
    if i % 50 == 13:
        document = document.replace("https://shop", "http://shop")
    documents[i] = document
open(sys.argv[2], "w", encoding="utf-8").write("\n---".join(documents))
EOF

differences=0
compare() { # compare NAME DIRECTORY ARGUMENTS...: both builds' standard output and status
  local name=$1 directory=$2; shift 2
  local status_old=0 status_new=0
  (cd "$directory" && "$old" "$@" > "$out/$name.old" 2>/dev/null) || status_old=$?
  (cd "$directory" && "$new" "$@" > "$out/$name.new" 2>/dev/null) || status_new=$?
  if [ "$status_old" = "$status_new" ] && cmp -s "$out/$name.old" "$out/$name.new"; then
    printf '%-34s identical (%s bytes, exit %s)\n' "$name" "$(wc -c < "$out/$name.new" | tr -d ' ')" "$status_new"
  else
    printf '%-34s DIFFERENT (exit %s against %s; %s)\n' "$name" "$status_old" "$status_new" "$out/$name.{old,new}"
    differences=$((differences + 1))
  fi
}
echo "== comparing"
compare stream.json "$corpus/stream" validate --format json --jobs 1 stream.share.yaml
compare tree-jobs1.json "$corpus/tree" validate --format json --jobs 1 .
compare tree-jobs2.json "$corpus/tree" validate --format json --jobs 2 .
if [ -f "$corpus/rich/rich.share.yaml" ]; then
  for format in json text; do
    compare "rich.$format" "$corpus/rich" validate --format "$format" --color never rich.share.yaml
  done
fi
for format in json text sarif; do
  compare "broken-stream.$format" "$broken" validate --format "$format" --color never stream.share.yaml
done
for format in json text sarif github junit checkstyle gitlab xcode; do
  # A format the earlier build does not know is left out, with a line saying so.
  if ! "$old" validate --help 2>&1 | grep -q -- "--format FORMAT .*$format"; then
    printf '%-34s not compared (%s has no %s format)\n' "samples.$format" "$commit" "$format"
    continue
  fi
  compare "samples.$format" samples validate --format "$format" --color never --root . . invalid
done
compare header.txt samples header .
compare header-all.txt samples header --ios all .
compare destinations.txt samples destinations .
[ "$differences" = 0 ] || { echo "$differences differences" >&2; exit 1; }
echo "every output identical to $commit's"
