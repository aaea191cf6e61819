#!/usr/bin/env bash
# Renders the README's picture of the share sheet: `sharelint preview` on the seed's poster
# sample, drawn by headless Chromium (apt-get install chromium), saved as docs/preview.png.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -q
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
page=$work/sheet.html
(cd samples && ../.build/debug/sharelint preview wechat-qr-poster.share.yaml --output "$page")
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1060,640 \
  --user-data-dir="$work/profile" \
  --screenshot=docs/preview.png "file://$page" 2>/dev/null
echo "wrote docs/preview.png"
