#!/usr/bin/env bash
# Runs every command README.md shows and checks its exit code.
# Usage: scripts/test-readme-commands.sh [README]   (default: the repository's README.md)
#
# Which lines are commands:
#   - in a ```sh block, every line that is not blank and not only a comment (a line ending
#     in `\` continues on the next);
#   - in a ```console block, every line that starts with `$ ` (the rest is output).
# What is expected of them:
#   - exit 0, unless the command's trailing comment says `exit N` (as in `# exit 1` or
#     `# the broken samples (exit 1)`);
#   - in a console block, the output lines shown under a command appear in what it
#     prints (standard output and error together), in that order; other lines may come
#     between them, so a README may show part of the output;
#   - not run: a line whose trailing comment says `not run`; a whole block directly after
#     an HTML comment line `<!-- not run -->`; in the block directly after
#     `<!-- not run: COMMAND -->` lines, the line that is COMMAND (without its comment).
#     HTML comments do not show on GitHub, so a README's reader sees the plain command.
#     Use them for installs, network, clones, SwiftPM plugins, and `swift test` (this
#     script runs inside it).
# How they run: one after another, each in its own `bash -c`, from the root of a
# temporary copy of the repository (without .build and .git), so a command may write
# files there and a later one read them. `sharelint` and `swift run sharelint` both run
# the built debug binary (SHARELINT_BIN, default .build/debug/sharelint; build it first
# with `swift build`), through shims first on PATH, so nothing is rebuilt; any other
# `swift` command is refused (mark it not run). Each command gets 120 s when `timeout`
# exists. Exit status: 0 when every command exited as expected, 1 otherwise, 2 on a
# usage error (no README, no binary, no command found).
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
readme=${1:-$repo/README.md}
binary=${SHARELINT_BIN:-$repo/.build/debug/sharelint}
name=$(basename "$readme")

[ -f "$readme" ] || { echo "test-readme-commands: no such file: $readme" >&2; exit 2; }
[ -x "$binary" ] || { echo "test-readme-commands: $binary is missing: run swift build first (or set SHARELINT_BIN)" >&2; exit 2; }
case "$binary" in /*) ;; *) binary="$PWD/$binary" ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/sharelint-readme.XXXXXX")
trap 'rm -rf "$work"' EXIT
copy="$work/repo" shims="$work/bin"
mkdir -p "$copy" "$shims" "$work/expected"
tar -C "$repo" --exclude=./.build --exclude=./.git -cf - . | tar -C "$copy" -xf -

ln -s "$binary" "$shims/sharelint"
cat > "$shims/swift" <<'SHIM'
#!/usr/bin/env bash
# `swift run sharelint ARGS` runs the built sharelint; nothing else is run.
if [ "${1:-}" = run ] && [ "${2:-}" = sharelint ]; then shift 2; exec sharelint "$@"; fi
echo "test-readme-commands: 'swift $*' is not run by this check; mark it not run in the README" >&2
exit 127
SHIM
chmod +x "$shims/swift"

# Writes the commands as records: line number, expected exit (or "skip"), command.
extract() {
  awk -v outdir="$work/expected" '
    function emit(text, comment,   expected, bare) {
      expected = 0
      if (comment ~ /not run/) expected = "skip"
      else if (match(comment, /exit [0-9]+/)) expected = substr(comment, RSTART + 5, RLENGTH - 5)
      if (skipblock) expected = "skip"
      bare = text; sub(/ +# .*$/, "", bare); sub(/^[ \t]+/, "", bare); sub(/[ \t]+$/, "", bare)
      if (bare in skipline) expected = "skip"
      printf "%d\t%s\t%s\n", start, expected, text
    }
    function finish(line,   hash, comment, text) {
      # The trailing comment is what follows the first " # ".
      text = line; comment = ""
      hash = index(line, " # ")
      if (hash > 0) { comment = substr(line, hash + 3) }
      emit(text, comment)
    }
    /^<!-- not run: .* -->[ \t]*$/ {
      command = $0; sub(/^<!-- not run: /, "", command); sub(/ -->[ \t]*$/, "", command)
      pendingline[command] = 1; next
    }
    /^<!-- not run -->/ { pendingskip = 1; next }
    /^```/ {
      if (!inblock) {
        inblock = 1; start = 0; lang = substr($0, 4); skipblock = pendingskip; pendingskip = 0; pending = ""
        split("", skipline); for (c in pendingline) skipline[c] = 1; split("", pendingline)
      } else { inblock = 0 }
      next
    }
    { if (!inblock && $0 !~ /^[ \t]*$/) { pendingskip = 0; split("", pendingline) } }
    !inblock { next }
    lang == "sh" {
      line = $0
      if (pending == "") { if (line ~ /^[ \t]*(#.*)?$/) next; start = NR }
      if (line ~ /\\$/) { pending = pending substr(line, 1, length(line) - 1); next }
      line = pending line; pending = ""
      finish(line)
      next
    }
    lang == "console" && /^\$ / { start = NR; finish(substr($0, 3)); next }
    lang == "console" && start > 0 { print > (outdir "/" start) }
  ' "$readme"
}

# Prints the first line of the expected-output file $1 that does not appear in the text $2
# after the lines before it (nothing when all appear in order).
shown_but_missing() {
  printf '%s\n' "$2" | awk -v shown="$1" '
    BEGIN { n = 0; while ((getline line < shown) > 0) want[++n] = line; i = 1 }
    i <= n && $0 == want[i] { i++ }
    END { if (i <= n) print want[i] }'
}

extract > "$work/commands"   # whole, so every expected-output file is written
count=0 failed=0 skipped=0
while IFS=$'\t' read -r number expected command; do
  if [ "$expected" = skip ]; then
    skipped=$((skipped + 1)); echo "skip  $name:$number: $command"; continue
  fi
  count=$((count + 1))
  runner=(bash -c "$command")
  if command -v timeout >/dev/null 2>&1; then runner=(timeout 120 bash -c "$command"); fi
  output=$(cd "$copy" && env -u GITHUB_ACTIONS PATH="$shims:$PATH" NO_COLOR=1 "${runner[@]}" 2>&1 < /dev/null)
  status=$?
  missing=""
  if [ -f "$work/expected/$number" ]; then missing=$(shown_but_missing "$work/expected/$number" "$output"); fi
  if [ "$status" = "$expected" ] && [ -z "$missing" ]; then
    echo "ok    $name:$number: $command (exit $status)"
  elif [ "$status" = "$expected" ]; then
    failed=$((failed + 1))
    echo "FAIL  $name:$number: $command: the README shows a line it does not print:"
    printf '        %s\n' "$missing"
    printf '%s\n' "$output" | head -n 20 | sed 's/^/      | /'
  else
    failed=$((failed + 1))
    echo "FAIL  $name:$number: $command: exit $status, expected $expected; its output:"
    printf '%s\n' "$output" | head -n 20 | sed 's/^/        /'
  fi
done < "$work/commands"

if [ "$count" -eq 0 ]; then echo "test-readme-commands: no command found in $readme" >&2; exit 2; fi
echo "test-readme-commands: $count commands run, $failed failed, $skipped not run"
[ "$failed" -eq 0 ]
