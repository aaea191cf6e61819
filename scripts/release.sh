#!/usr/bin/env bash
# Builds the release binary and packs it for others:
#   OUT/sharelint-VERSION-OS-ARCH.tar.gz (+ .sha256)      bin/sharelint, its man page and completions
#   OUT/sharelint.artifactbundle/                         SwiftPM artifact bundle (info.json + the binary)
#   OUT/sharelint-VERSION.artifactbundle.zip (+ .sha256)  the same, zipped: binaryTarget(url:checksum:)
# Linux: --static-swift-stdlib, so the Swift runtime is inside; libyaml (libyaml-0-2) and
# zlib stay shared libraries: the executable's pool for libyaml's allocations
# (Sources/YAMLAllocator) takes libyaml's calls by ELF symbol interposition, which a
# static libyaml.a would break (it defines the same functions; the link fails).
# macOS: a universal binary (arm64 and x86_64; --host-arch for the host's only); libyaml
# stays a dynamic library there (Homebrew's), so the binary needs it installed.
# Usage: scripts/release.sh [--output DIR] [--host-arch]   (default OUT: .build/dist)
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/dist
host_arch=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output) [ $# -ge 2 ] || { echo "release.sh: --output needs a directory" >&2; exit 2; }; out="$2"; shift 2 ;;
    --output=*) out="${1#--output=}"; shift ;;
    --host-arch) host_arch=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "release.sh: unknown argument '$1'; usage: scripts/release.sh [--output DIR] [--host-arch]" >&2; exit 2 ;;
  esac
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

sha256() { # file: writes file.sha256 as "HASH  NAME", as sha256sum -c reads it
  local dir name
  dir=$(dirname "$1"); name=$(basename "$1")
  if command -v sha256sum >/dev/null 2>&1; then (cd "$dir" && sha256sum "$name" > "$name.sha256")
  else (cd "$dir" && shasum -a 256 "$name" > "$name.sha256"); fi
}

case "$(uname)" in
  Linux)
    os=linux
    arch=$(uname -m)
    triples=("$arch-unknown-linux-gnu")
    # The same build as scripts/install.sh, in its folder: nothing is built twice.
    build=(-c release --static-swift-stdlib --scratch-path .build/static)
    ;;
  Darwin)
    os=macos
    if [ -n "$host_arch" ]; then
      arch=$(uname -m)
      build=(-c release)
      triples=("$arch-apple-macosx")
    else
      arch=universal
      build=(-c release --arch arm64 --arch x86_64)
      triples=(arm64-apple-macosx x86_64-apple-macosx)
    fi
    ;;
  *) echo "release.sh: $(uname) is not supported (Linux or macOS)" >&2; exit 2 ;;
esac

echo "== swift build ${build[*]} --product sharelint"
swift build "${build[@]}" --product sharelint
bin="$(swift build "${build[@]}" --show-bin-path)/sharelint"
version=$("$bin" --version | sed 's/^sharelint //')
if [ "$os" = linux ]; then
  echo "== dynamic libraries the binary needs"
  if command -v readelf >/dev/null 2>&1; then readelf -d "$bin" | grep NEEDED || true; fi
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
# The symbol tables go (33 MB to 17 MB on Linux); Swift's metadata stays, so the tool
# works the same, but a crash's backtrace shows addresses rather than function names.
install -m 755 "$bin" "$stage/sharelint"
if [ "$os" = linux ] && command -v strip >/dev/null 2>&1; then strip "$stage/sharelint"; fi
bin="$stage/sharelint"

echo "== tarball"
name="sharelint-$version-$os-$arch"
root="$stage/$name"
mkdir -p "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
         "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$bin" "$root/bin/sharelint"
"$bin" manpage > "$root/share/man/man1/sharelint.1"
"$bin" completions bash > "$root/share/bash-completion/completions/sharelint"
"$bin" completions zsh > "$root/share/zsh/site-functions/_sharelint"
"$bin" completions fish > "$root/share/fish/vendor_completions.d/sharelint.fish"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
sha256 "$out/$name.tar.gz"

echo "== artifact bundle"
bundle="$out/sharelint.artifactbundle"
variant="sharelint-$version-$os-$arch"
rm -rf "$bundle"
mkdir -p "$bundle/$variant/bin"
install -m 755 "$bin" "$bundle/$variant/bin/sharelint"
triples_json=$(printf '"%s", ' "${triples[@]}"); triples_json="[${triples_json%, }]"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "sharelint": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {
          "path": "$variant/bin/sharelint",
          "supportedTriples": $triples_json
        }
      ]
    }
  }
}
JSON
zipname="sharelint-$version.artifactbundle.zip"
rm -f "$out/$zipname"
(cd "$out" && zip -qry "$zipname" sharelint.artifactbundle)
sha256 "$out/$zipname"

echo "== in $out:"
(cd "$out" && ls -l "$name.tar.gz" "$name.tar.gz.sha256" "$zipname" "$zipname.sha256" && cat "$zipname.sha256")
echo "release: sharelint $version for ${triples[*]}"
