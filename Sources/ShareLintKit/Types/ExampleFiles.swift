/// Small real files built in memory, for rule examples and tests: valid headers,
/// and (for PNG) a valid, uncompressed image.
package enum ExampleFiles {
    /// A real PNG of the given size: RGBA (color type 6) when `alpha`, else RGB.
    package static func png(width: Int, height: Int, alpha: Bool = true) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = be32(width) + be32(height)
        ihdr += [8, alpha ? 6 : 2, 0, 0, 0]
        out += chunk("IHDR", ihdr)
        let rowBytes = 1 + width * (alpha ? 4 : 3)
        let raw = [UInt8](repeating: 0, count: rowBytes * height)
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return out
    }

    /// A PNG with the given pixel rows (each without its filter byte), written with filter
    /// type `filter` (0 none, 1 sub, 2 up) and any chunks (name, data) placed before IDAT.
    package static func png(width: Int, height: Int, colorType: UInt8, bitDepth: UInt8 = 8, filter: UInt8 = 0,
                           chunks: [(String, [UInt8])] = [], row: (Int) -> [UInt8]) -> [UInt8] {
        var out = pngSignature + pngChunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, 0])
        for (name, data) in chunks { out += pngChunk(name, data) }
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let stride = max(1, channels * Int(bitDepth) / 8)
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: (width * channels * Int(bitDepth) + 7) / 8)
        for y in 0..<height {
            let current = row(y)
            var filtered = current
            for i in current.indices {
                switch filter {
                case 1: filtered[i] = current[i] &- (i >= stride ? current[i - stride] : 0)
                case 2: filtered[i] = current[i] &- (i < previous.count ? previous[i] : 0)
                default: break
                }
            }
            raw += [filter] + filtered
            previous = current
        }
        return out + pngChunk("IDAT", zlibStored(raw)) + pngChunk("IEND", [])
    }

    /// An RGBA PNG whose every pixel is fully opaque (an alpha channel that carries nothing).
    package static func opaqueRGBA(width: Int, height: Int) -> [UInt8] {
        png(width: width, height: height, colorType: 6) { _ in
            (0..<width).flatMap { _ in [0, 0, 0, 255] as [UInt8] }
        }
    }

    /// The PNG signature.
    package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG chunk: length, name, data and CRC.
    package static func pngChunk(_ name: String, _ data: [UInt8]) -> [UInt8] { chunk(name, data) }

    /// A JPEG header (SOI, JFIF APP0, an Exif APP1 segment, SOF0 with the size, EOI).
    /// `orientation` writes EXIF tag 274; `padding` adds that many bytes of APP2
    /// segments (as a large ICC profile does) before SOF; `stray` puts that many
    /// stray bytes right before the SOF marker (libjpeg skips them).
    package static func jpeg(width: Int, height: Int, orientation: Int? = nil, padding: Int = 0, stray: Int = 0) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        var exif: [UInt8] = Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 0x2A, 0, 0, 0, 8]
        if let orientation {
            exif += be16(1) + be16(274) + be16(3) + be32(1) + be16(orientation) + [0, 0] + be32(0)
        } else {
            exif += [UInt8](repeating: 0xFF, count: 20)
        }
        out += [0xFF, 0xE1] + be16(exif.count + 2) + exif
        var remaining = padding
        while remaining > 0 {
            let n = min(remaining, 65533)
            out += [0xFF, 0xE2] + be16(n + 2) + [UInt8](repeating: 0x20, count: n)
            remaining -= n
        }
        out += [UInt8](repeating: 0x00, count: stray)
        out += [0xFF, 0xC0, 0x00, 0x11, 0x08] + be16(height) + be16(width) + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        out += [0xFF, 0xD9]
        return out
    }

    /// A HEIF still image's boxes (ftyp, meta with pitm, ipco and ipma, an empty mdat):
    /// `brands` are the major brand then the compatible ones; the primary item has an
    /// `ispe` of the given size, then a `clap` (clean aperture: width and height as
    /// numerator/denominator, centred), `irot` (anticlockwise quarter turns) and `imir`
    /// (axis) when given.
    package static func heif(brands: [String], width: Int, height: Int, cleanAperture: (width: (Int, Int), height: (Int, Int))? = nil,
                            rotation: Int? = nil, mirror: Int? = nil) -> [UInt8] {
        func box(_ type: String, _ content: [UInt8]) -> [UInt8] { be32(content.count + 8) + Array(type.utf8) + content }
        let ftyp = box("ftyp", Array(brands[0].utf8) + be32(0) + brands.dropFirst().flatMap { Array($0.utf8) })
        var properties = [box("ispe", be32(0) + be32(width) + be32(height))]
        if let clap = cleanAperture {
            properties.append(box("clap", be32(clap.width.0) + be32(clap.width.1) + be32(clap.height.0) + be32(clap.height.1)
                                  + be32(0) + be32(1) + be32(0) + be32(1)))
        }
        if let rotation { properties.append(box("irot", [UInt8(rotation & 3)])) }
        if let mirror { properties.append(box("imir", [UInt8(mirror & 1)])) }
        let ipco = box("ipco", properties.flatMap { $0 })
        let ipma = box("ipma", be32(0) + be32(1) + be16(1) + [UInt8(properties.count)] + (1...properties.count).map { UInt8(0x80 | $0) })
        let hdlr = box("hdlr", be32(0) + be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let meta = box("meta", be32(0) + hdlr + box("pitm", be32(0) + be16(1)) + box("iprp", ipco + ipma))
        return ftyp + meta + box("mdat", [])
    }

    /// A TIFF (or BigTIFF) header with a first image directory giving the size and,
    /// when given, the orientation.
    package static func tiff(width: Int, height: Int, orientation: Int? = nil, bigTIFF: Bool = false) -> [UInt8] {
        var entries: [(tag: Int, value: Int)] = [(256, width), (257, height)]
        if let orientation { entries.append((274, orientation)) }
        if bigTIFF {
            var out: [UInt8] = Array("MM".utf8) + be16(43) + be16(8) + be16(0) + be32(0) + be32(16)
            out += be32(0) + be32(entries.count)
            for entry in entries { out += be16(entry.tag) + be16(4) + be32(0) + be32(1) + be32(entry.value) + be32(0) }
            return out + be32(0) + be32(0)
        }
        var out: [UInt8] = Array("MM".utf8) + be16(42) + be32(8) + be16(entries.count)
        for entry in entries { out += be16(entry.tag) + be16(4) + be32(1) + be32(entry.value) }
        return out + be32(0)
    }

    /// A GIF header of the given size.
    package static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0] + [0x3B]
    }

    /// A one-page PDF.
    package static let pdf: [UInt8] = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)

    private static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(name.utf8) + data
        return be32(data.count) + body + be32(Int(crc32(body)))
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let final: UInt8 = offset + n == data.count ? 1 : 0
            out += [final] + le16(n) + le16(n ^ 0xFFFF) + data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func be32(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    private static func be16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v)] }
    private static func le16(_ v: Int) -> [UInt8] { [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8)] }
}
