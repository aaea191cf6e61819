#!/usr/bin/env bash
# Builds the fuzz target (Fuzz/FuzzTarget.swift plus the library sources) with
# libFuzzer and AddressSanitizer, and runs it.
#   scripts/fuzz.sh [SECONDS] [extra libFuzzer flags...]   (default 60 s)
# Corpus: .build/fuzz/corpus (seeded from samples/); crashes: .build/fuzz/crashes.
# SWIFT_BACKTRACE=enable=no: the Swift runtime's backtracer would otherwise hold the
# output pipe open after a finding and the script would never end.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
out=.build/fuzz
mkdir -p "$out/modules" "$out/corpus" "$out/crashes"
flags=(-sanitize=fuzzer,address -parse-as-library -package-name sharelint -O -g -I Sources/CYAML -I Sources/CZlib -I "$out/modules" -L "$out/modules")
for cflag in $(pkg-config --cflags-only-I yaml-0.1 zlib); do flags+=(-Xcc "$cflag"); done
libs=$(pkg-config --libs-only-L yaml-0.1 zlib)

if [ ! -x "$out/sharelint-fuzz" ] || [ -n "$(find Sources Fuzz scripts/fuzz.sh -newer "$out/sharelint-fuzz" \( -name '*.swift' -o -name fuzz.sh \) | head -1)" ]; then
  echo "== building the fuzz target"
  swiftc "${flags[@]}" -module-name ShareLintMessages -emit-module -emit-module-path "$out/modules/ShareLintMessages.swiftmodule" \
    -emit-library -static -o "$out/modules/libShareLintMessages.a" Sources/ShareLintMessages/*.swift
  swiftc "${flags[@]}" -module-name YAMLSyntax -emit-module -emit-module-path "$out/modules/YAMLSyntax.swiftmodule" \
    -emit-library -static -o "$out/modules/libYAMLSyntax.a" Sources/YAMLSyntax/*.swift
  swiftc "${flags[@]}" -module-name ShareLintKit -emit-module -emit-module-path "$out/modules/ShareLintKit.swiftmodule" \
    -emit-library -static -o "$out/modules/libShareLintKit.a" $(find Sources/ShareLintKit -name '*.swift' | sort)
  # The language server's framing and JSON reader are compiled in with the target.
  swiftc "${flags[@]}" -module-name FuzzTarget Fuzz/FuzzTarget.swift \
    Sources/SharelintLanguageServer/MessageFraming.swift Sources/SharelintLanguageServer/JSONParser.swift -lShareLintKit -lYAMLSyntax -lShareLintMessages $libs -lyaml -lz \
    -o "$out/sharelint-fuzz"
fi
# Fuzz/seeds: the hostile inputs of the regression tests (crafted binary plists, XML plists,
# every line-break kind, recovery cases, terminal escapes).
for sample in samples/*.share.yaml samples/invalid/*.share.yaml Schemas/examples/invalid/*.yaml Fuzz/seeds/*; do
  cp "$sample" "$out/corpus/seed-$(basename "$sample")"
done
echo "== fuzzing for $seconds s"
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$out/sharelint-fuzz" "$out/corpus" -dict=Fuzz/yaml.dict -max_total_time="$seconds" \
  -max_len=65536 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$out/crashes/" -print_final_stats=1 "$@" 2>&1 \
  | grep -vE "^#[0-9]+\s+(NEW|REDUCE|pulse)" || { echo "the fuzzer found a problem: see $out/crashes" >&2; exit 1; }
