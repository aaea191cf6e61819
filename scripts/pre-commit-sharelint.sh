#!/usr/bin/env bash
# The pre-commit hook `sharelint`: builds only the sharelint product of this checkout
# (pre-commit's own Swift support builds every product, the benchmark and the tests'
# helpers included), then lints the files pre-commit names, from the caller's folder.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
swift build -c release --product sharelint --package-path "$here" >&2
exec "$here/.build/release/sharelint" validate --force-exclude "$@"
