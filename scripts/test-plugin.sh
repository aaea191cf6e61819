#!/usr/bin/env bash
# Checks the SwiftPM command plugin the way an app repository uses it: a throwaway
# package that depends on this one by path runs `swift package sharelint`; diagnostics
# of `validate` reach SwiftPM as errors and warnings with their file and line.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/App/Sources/App" "$tmp/App/shares/assets"
cat > "$tmp/App/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(path: "$here")],
    targets: [.target(name: "App")]
)
SWIFT
echo 'public let app = 1' > "$tmp/App/Sources/App/App.swift"
cp "$here/samples/wechat-qr-poster.share.yaml" "$tmp/App/shares/"
cp "$here/samples/assets/qr-poster.png" "$here/samples/assets/qr-poster-thumb.png" "$tmp/App/shares/assets/"
cd "$tmp/App"
echo "== swift package sharelint validate shares (clean: exit 0)"
swift package --disable-sandbox sharelint validate shares
echo "== a broken share file makes the plugin fail, with the error forwarded on its file and line"
printf 'schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n' > shares/broken.share.yaml
if swift package --disable-sandbox sharelint validate shares > "$tmp/broken.log" 2>&1; then
  cat "$tmp/broken.log"
  echo "the plugin passed a broken file" >&2
  exit 1
fi
cat "$tmp/broken.log"
grep -q "^error: shares/broken.share.yaml:3:11: unknown type identifier 'public.pgn'.* \[unknown-type\]$" "$tmp/broken.log" || {
  echo "the error was not forwarded as a SwiftPM diagnostic with its place" >&2
  exit 1
}
grep -q "sharelint exited with status" "$tmp/broken.log" && { echo "the exit status was reported besides the error" >&2; exit 1; }
echo "== an info is forwarded as a note line (a SwiftPM remark is shown only when verbose)"
printf 'rules:\n  insecure-url: info\n' > .sharelint.yml
printf 'schemaVersion: 1\nmetadata:\n  title: Site\nitems:\n  - url: http://example.com/\n' > shares/site.share.yaml
swift package --disable-sandbox sharelint validate shares/site.share.yaml > "$tmp/info.log" 2>&1 || true
cat "$tmp/info.log"
grep -q "^note: shares/site.share.yaml:5:[0-9]*: .*\[insecure-url\]$" "$tmp/info.log" || {
  echo "the info was not forwarded as a note line" >&2
  exit 1
}
rm .sharelint.yml shares/site.share.yaml
echo "== another report format is passed through as it is"
swift package --disable-sandbox sharelint validate --format json shares > "$tmp/report.json" 2>/dev/null || true
# (SwiftPM's own build lines may come first on standard output.)
python3 -c "import json,sys; t=open(sys.argv[1]).read(); d=json.loads(t[t.index('{'):]); assert d['summary']['errors'] == 1" "$tmp/report.json"
echo "== plugin OK"
