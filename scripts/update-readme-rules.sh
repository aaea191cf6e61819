#!/usr/bin/env bash
# Rewrites the rules table in README.md from `sharelint rules` (a test checks every
# rule id appears in the README).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -q
table=$(.build/debug/sharelint rules | awk '{
  id=$1; sev=$2; line=$0; sub(/^[^ ]+ +[^ ]+ +/, "", line); gsub(/\|/, "\\|", line)
  printf "| `%s` | %s | %s |\n", id, sev, line }')
python3 - "$table" <<'PY'
import sys
table = "| id | severity | what it reports |\n|---|---|---|\n" + sys.argv[1]
s = open("README.md").read()
begin = s.index("<!-- rules:begin")
begin = s.index("\n", begin) + 1
end = s.index("<!-- rules:end -->")
open("README.md", "w").write(s[:begin] + table + "\n" + s[end:])
PY
