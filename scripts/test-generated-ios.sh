#!/usr/bin/env bash
# Type-checks the Swift `sharelint generate` writes for samples/ against the real iOS SDK
# (docs/generate.md, "What was checked, and where"). Needs a Mac with Xcode; elsewhere it
# says it was skipped and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v xcrun >/dev/null 2>&1 || ! xcrun --sdk iphonesimulator --show-sdk-path >/dev/null 2>&1; then
    echo "test-generated-ios: skipped (no iOS SDK here: needs macOS with Xcode)"
    exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift run -c release sharelint generate samples --output "$work/ShareSheets.swift"
sdk=$(xcrun --sdk iphonesimulator --show-sdk-path)
arch=$(uname -m)
for version in 6 5; do
    xcrun --sdk iphonesimulator swiftc -typecheck -swift-version "$version" -warnings-as-errors \
        -target "$arch-apple-ios17.0-simulator" -sdk "$sdk" "$work/ShareSheets.swift"
    echo "test-generated-ios: the generated samples type-check against $(basename "$sdk") in Swift $version mode"
done
