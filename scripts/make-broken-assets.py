#!/usr/bin/env python3
"""Writes the damaged and edge-case assets under samples/assets/broken (stdlib only).

The files are committed; this script documents how they were made:
    python3 scripts/make-broken-assets.py
"""
import os
import struct
import zlib

out = os.path.join(os.path.dirname(__file__), "..", "samples", "assets", "broken")
os.makedirs(out, exist_ok=True)


def chunk(name, data):
    body = name + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, color_type, pixel):
    rows = b"".join(b"\x00" + pixel * width for _ in range(height))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


# An empty file named .png.
write("empty.png", b"")
# A 64x64 RGB PNG whose IHDR checksum is damaged (one bit flipped).
damaged = bytearray(png(64, 64, 2, b"\x20\x60\xc0"))
damaged[32] ^= 0x01
write("bad-ihdr-crc.png", bytes(damaged))
# A JPEG cut off inside its second segment, before the size (SOF) marker.
with open(os.path.join(out, "..", "qr-poster.jpg"), "rb") as f:
    write("truncated.jpg", f.read()[:100])
# An RGBA activity icon whose every pixel is opaque, named @2x at 180 px (90 pt).
write("opaque-icon@2x.png", png(180, 180, 6, b"\x00\x00\x00\xff"))
