#!/usr/bin/env bash
# Renders the pictures of the share sheet in docs/: `sharelint preview` drawn by headless
# Chromium (apt-get install chromium) at the default target (iOS 26):
#   docs/preview.png          the seed's poster sample, light appearance (the README's picture)
#   docs/preview-dark.png     the same, dark appearance
#   docs/preview-zh-Hans.png  the same with --locale zh-Hans
#   docs/preview-broken.png   a file YAML could not read (samples/invalid/unclosed-quote)
# SKIP_BUILD=1 uses the debug binary as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SKIP_BUILD:-}" ] || swift build -q --product sharelint
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

shoot() { # OUTPUT PAGE [chromium flags...]
  local output=$1 page=$2
  shift 2
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1060,640 \
    --user-data-dir="$work/profile" "$@" --screenshot="$output" "file://$page" 2>/dev/null
  echo "wrote $output"
}

(cd samples && ../.build/debug/sharelint preview wechat-qr-poster.share.yaml --output "$work/sheet.html")
(cd samples && ../.build/debug/sharelint preview wechat-qr-poster.share.yaml --locale zh-Hans --output "$work/sheet-zh.html")
(cd samples && ../.build/debug/sharelint preview invalid/unclosed-quote.share.yaml --output "$work/broken.html") || true
shoot docs/preview.png "$work/sheet.html"
shoot docs/preview-dark.png "$work/sheet.html" --force-dark-mode --blink-settings=preferredColorScheme=0
shoot docs/preview-zh-Hans.png "$work/sheet-zh.html"
shoot docs/preview-broken.png "$work/broken.html"
