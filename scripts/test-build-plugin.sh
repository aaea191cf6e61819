#!/usr/bin/env bash
# Checks the SwiftPM build-tool plugin the way an app package uses it: a throwaway
# package that depends on this one by path, with the plugin on a target holding share
# files, is built with `swift build`:
#   - a clean target builds; a warning is shown on its line and does not fail the build;
#   - an unchanged share file is not linted again (once SwiftPM stops relinking the tool);
#   - a broken share file fails the build with `file:line:column: error:` on its line;
#   - fixed, it builds again; `strict: true` in .sharelint.yml makes the warning fail it,
#     and changing .sharelint.yml lints again;
#   - `infoPlist:` in .sharelint.yml: the Info.plist it names is read and is an input
#     (removing the Photos key from it lints again, and the image share fails the build).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-build-plugin.sh: $*" >&2; exit 1; }
# Linked as "sharelint" so the package identity is that, whatever this checkout's name.
ln -s "$here" "$tmp/sharelint"
app="$tmp/App"
shares="$app/Sources/App/Shares"
mkdir -p "$shares"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(path: "$tmp/sharelint")],
    targets: [
        .target(name: "App", plugins: [.plugin(name: "SharelintBuildToolPlugin", package: "sharelint")]),
    ]
)
SWIFT
echo 'public let app = 1' > "$app/Sources/App/App.swift"
printf 'schemaVersion: 1\nmetadata:\n  title: Welcome\nitems:\n  - text: Hello\n' > "$shares/welcome.share.yaml"
printf 'schemaVersion: 1\nmetadata:\n  title: Site\nitems:\n  - url: http://example.com/\n' > "$shares/site.share.yml"
cd "$app"

build() { # expected-status log-name
  set +e
  swift build > "$tmp/$2.log" 2>&1
  local status=$?
  set -e
  if { [ "$1" = 0 ] && [ "$status" -ne 0 ]; } || { [ "$1" != 0 ] && [ "$status" -eq 0 ]; }; then
    cat "$tmp/$2.log" >&2
    fail "$2: swift build exited $status"
  fi
}
ran() { grep -q "sharelint: [0-9]* share files\{0,1\} in App" "$tmp/$1.log"; }

echo "== clean share files: the build passes, the warning is shown on its line"
start=$(date +%s)
build 0 first
ran first || { cat "$tmp/first.log" >&2; fail "the first build did not lint"; }
grep -q "$shares/site.share.yml:5:[0-9]*: warning: .*\[insecure-url\]" "$tmp/first.log" \
  || { cat "$tmp/first.log" >&2; fail "the warning is not shown as file:line:column: warning:"; }
if grep -qi "unhandled" "$tmp/first.log"; then cat "$tmp/first.log" >&2; fail "SwiftPM warned about the share files"; fi
echo "first build (sharelint compiled for the plugin): $(( $(date +%s) - start )) s"

# SwiftPM 6 builds a plugin's tool twice per `swift build` (plugin-tools.db, then
# build.db): the builds right after a clean one link it again, and a relinked tool reruns
# the command. Those reruns must leave the target alone (the stamp is kept, so App is not
# compiled again); once the tool stays put, an unchanged target is not linted at all.
echo "== unchanged: re-lints after a relink of the tool leave App alone; then no lint at all"
settled=""
for i in 1 2 3 4 5; do
  build 0 "again$i"
  if grep -q "Compiling App" "$tmp/again$i.log"; then cat "$tmp/again$i.log" >&2; fail "an unchanged build compiled App again"; fi
  if ! grep -q "Linking sharelint" "$tmp/again$i.log"; then settled=$i; break; fi
  echo "build $i after the first relinked sharelint (SwiftPM); it linted again: $(ran "again$i" && echo yes || echo no)"
done
[ -n "$settled" ] || fail "sharelint was relinked on each of 5 unchanged builds"
if ran "again$settled"; then cat "$tmp/again$settled.log" >&2; fail "an unchanged target was linted again"; fi
echo "unchanged build $settled: not linted"

echo "== a broken share file fails the build with the error on its line"
printf 'schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n' > "$shares/broken.share.yaml"
build 1 broken
grep -q "$shares/broken.share.yaml:3:[0-9]*: error: .*\[" "$tmp/broken.log" \
  || { cat "$tmp/broken.log" >&2; fail "no file:line:column: error: line for broken.share.yaml"; }

echo "== the same file fixed: the build passes again"
printf 'schemaVersion: 1\nmetadata:\n  title: Fixed\nitems:\n  - text: hi\n' > "$shares/broken.share.yaml"
build 0 fixed
ran fixed || { cat "$tmp/fixed.log" >&2; fail "a changed share file was not linted"; }

echo "== strict: true in .sharelint.yml: the warning fails the build"
# SwiftPM asks the plugin for its commands when it plans the build again (Package.swift
# or a target's files changed): a new .sharelint.yml is read from then on.
printf 'strict: true\n' > "$app/.sharelint.yml"
touch "$app/Package.swift"
build 1 strict
grep -q "error: sharelint: warnings fail this run" "$tmp/strict.log" \
  || { cat "$tmp/strict.log" >&2; fail "strict: true did not say why the build failed"; }
echo "== the configuration is an input: strict: false lets the same build pass"
printf 'strict: false\n' > "$app/.sharelint.yml"
build 0 lenient
ran lenient || { cat "$tmp/lenient.log" >&2; fail "a changed .sharelint.yml was not an input"; }
echo "== infoPlist: in .sharelint.yml: the Info.plist is read, and is an input"
cp "$here/samples/assets/qr-poster.png" "$shares/poster.png"
printf 'schemaVersion: 1\nmetadata:\n  title: Poster\nitems:\n  - type: public.png\n    file: poster.png\n' > "$shares/poster.share.yaml"
mkdir -p "$app/Support"
printf '<plist><dict><key>NSPhotoLibraryAddUsageDescription</key><string>Save the poster.</string></dict></plist>\n' > "$app/Support/Info.plist"
printf 'strict: false\ninfoPlist: Support/Info.plist\n' > "$app/.sharelint.yml"
touch "$app/Package.swift"
build 0 plistkey
# Only the Info.plist changes: the build lints again, and the missing key is an error.
printf '<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>\n' > "$app/Support/Info.plist"
build 1 plist
grep -q "$shares/poster.share.yaml:6:[0-9]*: error: .*\[photo-library-usage\]" "$tmp/plist.log" \
  || { cat "$tmp/plist.log" >&2; fail "the Info.plist named by infoPlist: was not read again when it changed"; }
echo "== build-tool plugin OK"
