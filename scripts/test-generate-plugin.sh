#!/usr/bin/env bash
# Checks SharelintGeneratePlugin the way an app package uses it: a throwaway package that
# depends on this one by path, with the test-only UIKit and LinkPresentation modules
# (Tests/GeneratedCode/Stubs) standing in for Apple's, a target holding share files and
# their assets with the plugin, and an executable that uses the generated code:
#   - `swift build` generates ShareSheets.swift and compiles it; the executable reaches
#     ShareSheets.all, makes each view controller, and passes a parameter;
#   - a share file with an error fails the build with `file:line:column: error:` on its line.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "test-generate-plugin.sh: $*" >&2; exit 1; }
ln -s "$here" "$tmp/sharelint"
app="$tmp/App"
mkdir -p "$app/Sources/UIKit" "$app/Sources/LinkPresentation" "$app/Sources/Shares/assets" "$app/Sources/Check"
cp "$here/Tests/GeneratedCode/Stubs/UIKit/UIKit.swift" "$app/Sources/UIKit/"
cp "$here/Tests/GeneratedCode/Stubs/LinkPresentation/LinkPresentation.swift" "$app/Sources/LinkPresentation/"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "App",
    dependencies: [.package(path: "$tmp/sharelint")],
    targets: [
        .target(name: "LinkPresentation"),
        .target(name: "UIKit", dependencies: ["LinkPresentation"]),
        .target(name: "Shares", dependencies: ["UIKit", "LinkPresentation"], resources: [.copy("assets")],
                plugins: [.plugin(name: "SharelintGeneratePlugin", package: "sharelint")]),
        .executableTarget(name: "Check", dependencies: ["Shares", "UIKit"]),
    ]
)
SWIFT
cp "$here/samples/assets/qr-poster.png" "$here/samples/assets/app-icon.png" "$app/Sources/Shares/assets/"
echo 'import Foundation
/// The bundle the share files'"'"' assets are copied into.
public let sharesBundle = Bundle.module' > "$app/Sources/Shares/Bundle.swift"
printf 'schemaVersion: 1\nname: invite-poster\nmetadata:\n  title: 邀请好友\n  linkPresentation:\n    title: 邀请好友\n    icon: assets/app-icon.png\nitems:\n  - type: public.png\n    file: assets/qr-poster.png\n' > "$app/Sources/Shares/invite-poster.share.yaml"
printf 'schemaVersion: 1\nname: order-code\nparameters:\n  orderID: {kind: text, example: A-42}\nmetadata:\n  title: 订单 $(orderID)\nitems:\n  - text: 订单 $(orderID) 的取货码\n' > "$app/Sources/Shares/order-code.share.yaml"
cat > "$app/Sources/Check/main.swift" <<'SWIFT'
import Shares
import UIKit

MainActor.assumeIsolated {
    print("sheets: " + ShareSheets.all.keys.sorted().joined(separator: ", "))
    for name in ShareSheets.all.keys.sorted() {
        let controller = ShareSheets.all[name]!.makeActivityViewController(bundle: sharesBundle)
        let configuration = controller.recordedConfiguration as? UIActivityItemsConfiguration
        let providers = configuration?.itemProvidersForActivityItemsConfiguration ?? []
        let bytes = providers.first.flatMap { provider in provider.registeredTypeIdentifiers.first.flatMap { provider.recordedLoadData(typeIdentifier: $0) } }
        print("\(name): \(providers.count) provider(s), \(bytes?.count ?? -1) bytes")
    }
    let controller = ShareSheets.orderCode.makeActivityViewController(orderID: "B-7", bundle: sharesBundle)
    let configuration = controller.recordedConfiguration as? UIActivityItemsConfiguration
    print("order-code title: \(configuration?.metadataProvider?(.title) as? String ?? "-")")
}
SWIFT
cd "$app"
echo "== swift build: the plugin generates, the app compiles it"
start=$(date +%s)
swift build > "$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; fail "the build failed"; }
grep -q "sharelint generate: 2 share files in Shares" "$tmp/build.log" || { cat "$tmp/build.log" >&2; fail "the plugin did not run"; }
echo "first build: $(( $(date +%s) - start )) s"
swift run -q Check > "$tmp/run.log" 2>&1 || { cat "$tmp/run.log" >&2; fail "Check failed"; }
cat "$tmp/run.log"
grep -q "^sheets: invite-poster, order-code$" "$tmp/run.log" || fail "ShareSheets.all does not hold both configurations"
size=$(wc -c < "$here/samples/assets/qr-poster.png" | tr -d ' ')
grep -q "^invite-poster: 1 provider(s), $size bytes$" "$tmp/run.log" || fail "the poster's bytes were not found in Bundle.module"
grep -q "^order-code title: 订单 B-7$" "$tmp/run.log" || fail "the parameter passed in is not in the title"

echo "== a share file with an error fails the build on its line, and is not generated"
printf 'schemaVersion: 1\nname: broken\nitems:\n  - url: example.com/x\n' > "$app/Sources/Shares/broken.share.yaml"
set +e
swift build > "$tmp/broken.log" 2>&1
status=$?
set -e
[ "$status" -ne 0 ] || { cat "$tmp/broken.log" >&2; fail "a broken share file did not fail the build"; }
grep -q "broken.share.yaml:4:[0-9]*: error: .*\[invalid-url\]" "$tmp/broken.log" \
  || { cat "$tmp/broken.log" >&2; fail "no file:line:column: error: line for broken.share.yaml"; }
echo "== generate plugin OK"
