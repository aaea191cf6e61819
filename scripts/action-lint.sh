#!/usr/bin/env bash
# The lint step of the GitHub Action (action.yml); scripts/test-action.sh runs it locally.
# Inputs come through the environment, never through the script's text, so nothing in
# them is evaluated by the shell:
#   SHARELINT           the sharelint binary
#   INPUT_PATHS         paths, separated by white space (empty: .sharelint.yml's include, else .)
#   INPUT_ARGS          more options, separated by white space
#   INPUT_UPLOAD_SARIF  true: also write a SARIF report to INPUT_SARIF_FILE (default sharelint.sarif)
#   GITHUB_OUTPUT       where exit-code= and sarif-file= are appended, when set
# Exits with sharelint's own exit code (0 clean, 1 problems, 2 usage, 3 failure).
set -uo pipefail

read -r -a paths <<< "${INPUT_PATHS:-}"
read -r -a args <<< "${INPUT_ARGS:-}"
sarif="${INPUT_SARIF_FILE:-sharelint.sarif}"
output="${GITHUB_OUTPUT:-/dev/null}"

if [ "${INPUT_UPLOAD_SARIF:-false}" = true ]; then
  # Code scanning annotates the pull request from the SARIF report, so the log gets text
  # rather than workflow commands: every problem is annotated once.
  format=text
else
  format=github
fi
"$SHARELINT" validate --format "$format" "${args[@]}" -- "${paths[@]}"
status=$?
echo "exit-code=$status" >> "$output"

if [ "${INPUT_UPLOAD_SARIF:-false}" = true ] && [ "$status" -le 1 ]; then
  if "$SHARELINT" validate --format sarif --output "$sarif" "${args[@]}" -- "${paths[@]}" > /dev/null; then :; fi
  if [ -s "$sarif" ]; then
    echo "sarif-file=$sarif" >> "$output"
  else
    echo "::warning title=sharelint::the SARIF report could not be written; nothing is uploaded"
  fi
fi
exit "$status"
