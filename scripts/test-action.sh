#!/usr/bin/env bash
# Runs the GitHub Action's lint script (scripts/action-lint.sh) locally against the
# samples, as action.yml does, and checks what action.yml promises: exit codes kept,
# annotations once, SARIF only when asked, inputs never evaluated by the shell.
# Usage: scripts/test-action.sh [SHARELINT]   (default: .build/debug/sharelint)
set -euo pipefail
cd "$(dirname "$0")/.."
export SHARELINT="${1:-$PWD/.build/debug/sharelint}"
[ -x "$SHARELINT" ] || { echo "test-action.sh: no sharelint at $SHARELINT (swift build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-action.sh: $*" >&2; exit 1; }

run() { # expected-status env-assignments...: runs the script in a clean environment
  local expected=$1; shift
  set +e
  env -u GITHUB_ACTIONS GITHUB_OUTPUT="$tmp/output" "$@" bash scripts/action-lint.sh > "$tmp/stdout" 2> "$tmp/stderr"
  local status=$?
  set -e
  [ "$status" -eq "$expected" ] || fail "expected exit $expected, got $status with $*: $(cat "$tmp/stdout" "$tmp/stderr")"
}

: > "$tmp/output"
run 0 INPUT_PATHS=samples
grep -q '^::' "$tmp/stdout" && fail "clean samples produced annotations"
grep -qx 'exit-code=0' "$tmp/output" || fail "exit-code=0 not in GITHUB_OUTPUT"

: > "$tmp/output"
run 1 INPUT_PATHS="samples/invalid/typos.share.yaml samples/invalid/urls.share.yaml"
grep -q '^::error file=samples/invalid/typos.share.yaml,line=' "$tmp/stdout" || fail "no annotation for typos.share.yaml"
grep -qx 'exit-code=1' "$tmp/output" || fail "exit-code=1 not in GITHUB_OUTPUT"
[ -e sharelint.sarif ] && fail "a SARIF report was written without being asked"

# Inputs are data: a command substitution in args is a path that does not exist (exit 2,
# kept), and nothing runs.
run 2 INPUT_PATHS=samples "INPUT_ARGS=--strict \$(touch $tmp/pwned) \`touch $tmp/pwned\`"
[ -e "$tmp/pwned" ] && fail "an input was evaluated by the shell"
run 2 INPUT_PATHS=samples INPUT_ARGS=--no-such-option
grep -q "unknown option '--no-such-option'" "$tmp/stderr" || fail "the usage error is not shown"

# SARIF when asked: text in the log (annotations come from code scanning), the report
# written, its path in GITHUB_OUTPUT, and the lint's exit code kept.
: > "$tmp/output"
run 1 INPUT_PATHS=samples/invalid/typos.share.yaml INPUT_UPLOAD_SARIF=true INPUT_SARIF_FILE="$tmp/report.sarif"
grep -q '^::' "$tmp/stdout" && fail "annotated twice: workflow commands printed while uploading SARIF"
grep -q 'typos.share.yaml:6:3: error:' "$tmp/stdout" || fail "no text report in the log"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert d['version']=='2.1.0' and d['runs'][0]['results']" "$tmp/report.sarif" || fail "bad SARIF report"
grep -qx "sarif-file=$tmp/report.sarif" "$tmp/output" || fail "sarif-file not in GITHUB_OUTPUT"

# action.yml itself: no input is pasted into a run: script, SARIF is opt-in, the upload
# cannot fail the job, and the lint step runs this script.
python3 - action.yml <<'PY' || fail "action.yml breaks a promise"
import sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
steps = action["runs"]["steps"]
for step in steps:
    assert "${{ inputs." not in step.get("run", ""), "input pasted into a run script: %s" % step["name"]
assert action["inputs"]["upload-sarif"]["default"] == "false"
names = [s["name"] for s in steps]
lint, upload = names.index("Lint"), names.index("Upload SARIF")
assert lint < upload, "SARIF is uploaded before linting"
assert steps[upload].get("continue-on-error") is True
assert "scripts/action-lint.sh" in steps[lint]["run"]
cache = [s for s in steps if s.get("uses", "").startswith("actions/cache@")]
assert cache and "steps.key.outputs.key" in cache[0]["with"]["key"]
# A sharelint on PATH is used as it is: every step that builds one is skipped then.
installed = names.index("Find an installed sharelint")
assert "command -v sharelint" in steps[installed]["run"]
for step in steps[installed + 1:lint]:
    assert step.get("if") == "${{ steps.installed.outputs.path == '' }}", "runs even with sharelint on PATH: %s" % step["name"]
assert steps[lint]["env"]["SHARELINT"].startswith("${{ steps.installed.outputs.path || ")
PY
echo "action: lint script and action.yml checked"
