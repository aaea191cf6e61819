#!/usr/bin/env bash
# Checks the SwiftPM command plugin the way an app repository uses it: a throwaway
# package that depends on this one by path runs `swift package sharelint`.
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
echo "== a broken share file makes the plugin fail"
printf 'schemaVersion: 1\nitems:\n  - type: public.pgn\n    text: hi\n' > shares/broken.share.yaml
if swift package --disable-sandbox sharelint validate shares; then
  echo "the plugin passed a broken file" >&2
  exit 1
fi
echo "== plugin OK"
