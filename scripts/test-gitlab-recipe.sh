#!/usr/bin/env bash
# Runs the GitLab job recipe (ci/sharelint.gitlab-ci.yml) the way a GitLab runner does:
# its `script:` lines, one shell, in a project folder, with the job's variables, the
# repository being this checkout at HEAD. Checks: the first run builds and installs
# sharelint into the cached folder and writes the Code Quality report (exit 1 on the
# invalid samples, the job failing as it should); a second run takes the cached binary
# without building; the report is GitLab Code Quality JSON.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-gitlab-recipe.sh: $*" >&2; exit 1; }
python3 -c "import yaml" 2>/dev/null || python3 -m pip install -q pyyaml

# The job's script lines and variables, as GitLab reads them.
python3 - "$here/ci/sharelint.gitlab-ci.yml" "$tmp/job.sh" <<'PY'
import sys, yaml, shlex
job = yaml.safe_load(open(sys.argv[1]))["sharelint"]
assert job["image"].startswith("swift:"), "the job names a Swift image"
assert ".sharelint/" in job["cache"]["paths"], "the built binary is cached"
assert job["artifacts"]["reports"]["codequality"] == "gl-code-quality-report.json"
with open(sys.argv[2], "w") as out:
    out.write("set -eo pipefail\n")
    for name, value in job["variables"].items():
        out.write('export %s="${%s:-%s}"\n' % (name, name, value))
    for line in job["script"]:
        out.write(line + "\n")
PY

project="$tmp/project"
mkdir -p "$project"
cp -R "$here/samples" "$project/"
cd "$project"
run() { # expected-status log
  set +e
  SHARELINT_REPOSITORY="$here" SHARELINT_REVISION="$(git -C "$here" rev-parse HEAD)" SHARELINT_PATHS="samples/invalid" \
    bash "$tmp/job.sh" > "$tmp/$2.log" 2>&1
  local status=$?
  set -e
  [ "$status" -eq "$1" ] || { cat "$tmp/$2.log" >&2; fail "$2: expected exit $1, got $status"; }
}
echo "== first run: builds sharelint from the pinned commit, lints, writes the report"
start=$(date +%s)
run 1 first
[ -x .sharelint/bin/sharelint ] || fail "the binary is not in the cached folder"
grep -q "installed sharelint" "$tmp/first.log" || { cat "$tmp/first.log" >&2; fail "the first run did not build"; }
[ -d .sharelint/src ] && fail "the source was left in the cache"
python3 -c "import json,sys; d=json.load(open('gl-code-quality-report.json')); assert d and all('fingerprint' in i for i in d)"
echo "first run: $(( $(date +%s) - start )) s"
echo "== second run: the cached binary, no build"
rm gl-code-quality-report.json
run 1 second
grep -q "installed sharelint" "$tmp/second.log" && fail "the second run built again"
[ -s gl-code-quality-report.json ] || fail "the second run wrote no report"
echo "== GitLab recipe OK"
