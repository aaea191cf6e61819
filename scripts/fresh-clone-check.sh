#!/usr/bin/env bash
# CI: what a new user does. Clones the committed tree into a temporary directory,
# installs with scripts/install.sh --prefix "$(mktemp -d)", and runs the installed binary
# (not the build tree's) on the samples: clean ones exit 0, broken ones exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
prefix=$(mktemp -d)
trap 'rm -rf "$work" "$prefix"' EXIT
git clone -q --no-hardlinks . "$work/sharelint"
git -C "$work/sharelint" checkout -q "$(git rev-parse HEAD)"
bash "$work/sharelint/scripts/install.sh" --prefix "$prefix"
sharelint="$prefix/bin/sharelint"
"$sharelint" --version
[ -s "$prefix/share/man/man1/sharelint.1" ]
bash -n "$prefix/share/bash-completion/completions/sharelint"
cd "$work/sharelint"
"$sharelint" validate --color never samples
set +e
"$sharelint" validate --color never --no-header samples/invalid > "$work/invalid.log"
status=$?
set -e
tail -n 1 "$work/invalid.log"
if [ "$status" -ne 1 ]; then
  echo "expected exit 1 from samples/invalid with the installed binary, got $status" >&2
  exit 1
fi
echo "fresh clone: installed and ran the installed sharelint"
