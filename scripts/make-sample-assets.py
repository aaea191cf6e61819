#!/usr/bin/env python3
"""Regenerates the small real asset files under samples/assets (needs pillow and qrcode).

The assets are committed; this script documents how they were made:
    pip install pillow qrcode && python3 scripts/make-sample-assets.py
"""
import os
import qrcode
from PIL import Image, ImageDraw

out = os.path.join(os.path.dirname(__file__), "..", "samples", "assets")
os.makedirs(out, exist_ok=True)

def path(name):
    return os.path.join(out, name)

# The seed's case: a mini-program QR code poster.
qr = qrcode.QRCode(border=2, box_size=6)
qr.add_data("https://example.com/mp/invite?id=42")
code = qr.make_image(fill_color="black", back_color="white").convert("RGB")
poster = Image.new("RGB", (360, 480), (250, 240, 225))
poster.paste(code, ((360 - code.size[0]) // 2, 150))
ImageDraw.Draw(poster).rectangle([20, 20, 340, 110], fill=(200, 40, 40))
poster.save(path("qr-poster.png"), optimize=True)
poster.resize((120, 160)).save(path("qr-poster-thumb.png"), optimize=True)
poster.save(path("qr-poster.jpg"), quality=70)

# Link preview icon and image.
icon = Image.new("RGBA", (180, 180), (0, 0, 0, 0))
ImageDraw.Draw(icon).ellipse([10, 10, 170, 170], fill=(30, 120, 220, 255))
icon.save(path("app-icon.png"), optimize=True)
banner = Image.new("RGB", (600, 315), (30, 120, 220))
ImageDraw.Draw(banner).rectangle([40, 40, 560, 275], outline=(255, 255, 255), width=6)
banner.save(path("invite-banner.jpg"), quality=60)

# A template image for a custom activity: 60 pt at 3x, alpha channel.
activity = Image.new("RGBA", (180, 180), (0, 0, 0, 0))
ImageDraw.Draw(activity).rectangle([30, 30, 150, 150], outline=(0, 0, 0, 255), width=12)
activity.save(path("save-qr.png"), optimize=True)

# Campaign images.
for name, colour in [("spring-1.jpg", (240, 160, 180)), ("spring-2.jpg", (160, 220, 160))]:
    img = Image.new("RGB", (400, 300), colour)
    ImageDraw.Draw(img).ellipse([100, 50, 300, 250], fill=(255, 255, 255))
    img.save(path(name), quality=60)

# A one-page PDF order summary, written by hand.
text = b"BT /F1 18 Tf 50 750 Td (Order 20261130-42: 2 items) Tj ET"
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
]
pdf = b"%PDF-1.4\n"
offsets = []
for i, body in enumerate(objects, 1):
    offsets.append(len(pdf))
    pdf += b"%d 0 obj\n" % i + body + b"\nendobj\n"
xref = len(pdf)
pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
for offset in offsets:
    pdf += b"%010d 00000 n \n" % offset
pdf += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
with open(path("order-20261130-42.pdf"), "wb") as f:
    f.write(pdf)

# A contact card.
with open(path("sales-contact.vcf"), "w", encoding="utf-8") as f:
    f.write("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:王小明\r\nORG:Example Co.\r\nTEL;TYPE=CELL:+86-138-0000-0000\r\nEND:VCARD\r\n")

# Broken assets for samples/invalid (issue: files and types).
os.makedirs(os.path.join(out, "broken"), exist_ok=True)
poster.save(os.path.join(out, "broken", "renamed-jpeg.png"), format="JPEG", quality=50)
Image.new("RGB", (100, 37), (0, 0, 0)).save(os.path.join(out, "broken", "icon-rgb-100x37.png"))
Image.new("RGB", (32, 32), (200, 40, 40)).save(os.path.join(out, "broken", "thumb-32.png"))
