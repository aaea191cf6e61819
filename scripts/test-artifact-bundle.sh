#!/usr/bin/env bash
# Checks the prebuilt binary the way a package that does not build sharelint uses it:
# scripts/release.sh packs it, then a throwaway package takes the zipped artifact bundle
# as a binaryTarget(name: "sharelint", path:), with this repository's two plugins (their
# sources copied unchanged) running it: `swift build` lints share files and
# `swift package` runs the command plugin. Also checks the tarball, the checksums
# (`swift package compute-checksum` for binaryTarget(url:checksum:)), on Linux the
# shared libraries the binary needs (not the Swift runtime), and docs/xcode.md's Run
# Script phase with the tarball's binary.
# Usage: scripts/test-artifact-bundle.sh [DIST]   (DIST: release.sh's output, reused; default: run it)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "test-artifact-bundle.sh: $*" >&2; exit 1; }
if [ $# -ge 1 ]; then
  dist=$(cd "$1" && pwd)
else
  dist="$here/.build/dist"
  bash "$here/scripts/release.sh" --output "$dist"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== checksums, info.json, the tarball"
if command -v sha256sum >/dev/null 2>&1; then check=(sha256sum -c --quiet); else check=(shasum -a 256 -c --quiet); fi
(cd "$dist" && for sum in ./*.sha256; do "${check[@]}" "$sum"; done) || fail "a checksum does not match"
zip=$(ls "$dist"/sharelint-*.artifactbundle.zip | head -n 1)
tarball=$(ls "$dist"/sharelint-*.tar.gz | head -n 1)
triple="$(uname -m)-unknown-linux-gnu"
[ "$(uname)" = Darwin ] && triple="$(uname -m)-apple-macosx"
python3 - "$dist/sharelint.artifactbundle" "$triple" <<'PY' || fail "info.json is not a SwiftPM artifact bundle manifest for this machine"
import json, os, sys
bundle, triple = sys.argv[1], sys.argv[2]
info = json.load(open(os.path.join(bundle, "info.json")))
assert info["schemaVersion"] == "1.0"
artifact = info["artifacts"]["sharelint"]
assert artifact["type"] == "executable" and artifact["version"]
variants = [v for v in artifact["variants"] if triple in v["supportedTriples"]]
assert variants, "no variant for " + triple
path = os.path.join(bundle, variants[0]["path"])
assert os.access(path, os.X_OK), path
PY
tar -C "$tmp" -xzf "$tarball"
"$tmp"/sharelint-*/bin/sharelint --version
[ -s "$(ls "$tmp"/sharelint-*/share/man/man1/sharelint.1)" ] || fail "no man page in the tarball"

echo "== docs/xcode.md's Run Script phase, with the tarball's sharelint on PATH"
# The script as the doc gives it, run with the variables Xcode sets.
python3 - "$here/docs/xcode.md" > "$tmp/phase.sh" <<'PY'
import re, sys
blocks = re.findall(r"```sh\n(.*?)```", open(sys.argv[1]).read(), re.S)
script = [b for b in blocks if "SCRIPT_INPUT_FILE_LIST_0" in b][0]
print("\n".join(line[3:] if line.startswith("   ") else line for line in script.splitlines()))
PY
project="$tmp/Project"
mkdir -p "$project/Shares" "$project/derived"
printf 'schemaVersion: 1\nmetadata:\n  title: Site\nitems:\n  - url: http://example.com/\n' > "$project/Shares/site.share.yaml"
printf 'schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n' > "$project/Shares/broken.share.yaml"
phase() { # expected-status PATH-dir CI file...: runs the phase like Xcode
  local expected=$1 dir=$2 ci=$3; shift 3
  printf '%s\n' "$@" > "$project/derived/inputs.xcfilelist"
  set +e
  env -i HOME="$HOME" PATH="$dir:/usr/bin:/bin" ${ci:+CI=$ci} SRCROOT="$project" \
    SCRIPT_INPUT_FILE_LIST_0="$project/derived/inputs.xcfilelist" SCRIPT_OUTPUT_FILE_0="$project/derived/sharelint.stamp" \
    bash -e "$tmp/phase.sh" > "$tmp/phase.out" 2> "$tmp/phase.err"
  local status=$?
  set -e
  [ "$status" -eq "$expected" ] || { cat "$tmp/phase.out" "$tmp/phase.err"; fail "the Run Script phase exited $status, not $expected"; }
}
bindir=$(dirname "$(ls "$tmp"/sharelint-*/bin/sharelint)")
phase 0 "$bindir" "" "$project/Shares/site.share.yaml" "$project/Shares/assets/none.png"
grep -qx "$project/Shares/site.share.yaml:5:10: warning: .*\[insecure-url\]" "$tmp/phase.out" || { cat "$tmp/phase.out"; fail "no warning line"; }
[ -f "$project/derived/sharelint.stamp" ] || fail "a clean phase wrote no stamp"
phase 1 "$bindir" "" "$project/Shares/site.share.yaml" "$project/Shares/broken.share.yaml"
grep -q "^$project/Shares/broken.share.yaml:3:11: error: " "$tmp/phase.out" || { cat "$tmp/phase.out"; fail "no error line"; }
[ -f "$project/derived/sharelint.stamp" ] && fail "a failed phase left the stamp"
phase 0 "$tmp/nowhere" "" "$project/Shares/broken.share.yaml"
grep -q "^warning: sharelint is not installed" "$tmp/phase.out" || fail "no warning without sharelint"
phase 1 "$tmp/nowhere" true "$project/Shares/broken.share.yaml"
grep -q "^error: sharelint is not installed" "$tmp/phase.out" || fail "no error without sharelint on CI"

binary=$(ls "$dist"/sharelint.artifactbundle/*/bin/sharelint | head -n 1)
if [ "$(uname)" = Linux ] && command -v readelf >/dev/null 2>&1; then
  echo "== the binary's dynamic libraries"
  readelf -d "$binary" | grep NEEDED | tee "$tmp/needed"
  if grep -q "libswift" "$tmp/needed"; then fail "the binary needs the Swift runtime"; fi
  # What docs/xcode.md says the binary needs besides glibc: libyaml and zlib.
  extra=$(grep -o '\[[^]]*\]' "$tmp/needed" | tr -d '[]' | grep -v -E '^(libc|libm|libstdc\+\+|libgcc_s|libdl|libpthread|librt|libutil|ld-linux.*)\.so' || true)
  [ "$(echo $extra)" = "libyaml-0.so.2 libz.so.1" ] || fail "unexpected shared libraries: $extra"
  # Run where no toolchain library can be found.
  env -i PATH=/usr/bin:/bin "$binary" --version
fi

echo "== a package using the bundle as a binaryTarget, with the plugins"
app="$tmp/App"
mkdir -p "$app/Sources/App/Shares" "$app/Plugins/SharelintBuildToolPlugin" "$app/Plugins/SharelintPlugin"
cp "$zip" "$app/sharelint.artifactbundle.zip"
cp "$here/Plugins/SharelintBuildToolPlugin/plugin.swift" "$app/Plugins/SharelintBuildToolPlugin/"
cp "$here/Plugins/SharelintPlugin/plugin.swift" "$app/Plugins/SharelintPlugin/"
cat > "$app/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    targets: [
        .binaryTarget(name: "sharelint", path: "sharelint.artifactbundle.zip"),
        .plugin(name: "SharelintBuildToolPlugin", capability: .buildTool(), dependencies: ["sharelint"]),
        .plugin(name: "SharelintPlugin", capability: .command(intent: .custom(verb: "sharelint", description: "Validate share configurations")),
                dependencies: ["sharelint"]),
        .target(name: "App", plugins: ["SharelintBuildToolPlugin"]),
    ]
)
SWIFT
echo 'public let app = 1' > "$app/Sources/App/App.swift"
printf 'schemaVersion: 1\nmetadata:\n  title: Welcome\nitems:\n  - text: Hello\n' > "$app/Sources/App/Shares/welcome.share.yaml"
cd "$app"
# The checksum binaryTarget(url:checksum:) would be given is the one published.
[ "$(swift package compute-checksum sharelint.artifactbundle.zip)" = "$(cut -d' ' -f1 "$zip.sha256")" ] \
  || fail "swift package compute-checksum differs from the .sha256 file"
swift build > "$tmp/build1.log" 2>&1 || { cat "$tmp/build1.log"; fail "the package did not build"; }
grep -q "sharelint: 1 share file in App" "$tmp/build1.log" || { cat "$tmp/build1.log"; fail "the build did not lint"; }
swift build > "$tmp/build2.log" 2>&1 || { cat "$tmp/build2.log"; fail "the second build failed"; }
if grep -q "sharelint: 1 share file in App\|Compiling App" "$tmp/build2.log"; then
  cat "$tmp/build2.log"; fail "an unchanged target was linted or compiled again"
fi
printf 'schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n' > Sources/App/Shares/broken.share.yaml
if swift build > "$tmp/build3.log" 2>&1; then cat "$tmp/build3.log"; fail "a broken share file did not fail the build"; fi
grep -q "Sources/App/Shares/broken.share.yaml:3:11: error: " "$tmp/build3.log" || { cat "$tmp/build3.log"; fail "no error line for broken.share.yaml"; }
if swift package --disable-sandbox sharelint validate Sources > "$tmp/command.log" 2>&1; then
  cat "$tmp/command.log"; fail "the command plugin passed a broken file"
fi
grep -q "^error: Sources/App/Shares/broken.share.yaml:3:11: " "$tmp/command.log" || { cat "$tmp/command.log"; fail "the command plugin did not forward the error"; }
echo "artifact bundle: binaryTarget built, linted (not again when unchanged), failed on a broken file; command plugin ran"
