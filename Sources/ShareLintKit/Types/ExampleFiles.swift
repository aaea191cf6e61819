/// Small real files built in memory, for rule examples and tests: valid headers,
/// and (for PNG) a valid, uncompressed image.
public enum ExampleFiles {
    /// A real PNG of the given size: RGBA (color type 6) when `alpha`, else RGB.
    public static func png(width: Int, height: Int, alpha: Bool = true) -> [UInt8] {
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

    /// A JPEG header (SOI, JFIF APP0, an Exif APP1 segment, SOF0 with the size, EOI).
    public static func jpeg(width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0] + Array("MM".utf8) + [0, 0x2A, 0, 0, 0, 8] + [UInt8](repeating: 0xFF, count: 20)
        out += [0xFF, 0xE1] + be16(exif.count + 2) + exif
        out += [0xFF, 0xC0, 0x00, 0x11, 0x08] + be16(height) + be16(width) + [0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]
        out += [0xFF, 0xD9]
        return out
    }

    /// A GIF header of the given size.
    public static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + le16(width) + le16(height) + [0, 0, 0] + [0x3B]
    }

    /// A one-page PDF.
    public static let pdf: [UInt8] = Array("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)

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
