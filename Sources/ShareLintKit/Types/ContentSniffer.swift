/// What the first bytes of a file say it is (SPEC §3.2).
public struct SniffedContent: Sendable, Hashable {
    /// The type identifier the bytes belong to.
    public var type: String
    /// A name for messages, such as "PNG" or "JPEG".
    public var format: String
    /// Pixel width, when the header has it.
    public var width: Int?
    /// Pixel height, when the header has it.
    public var height: Int?
    /// Whether the image has an alpha channel (PNG and WebP), when known.
    public var hasAlpha: Bool?
    /// A problem with the header (truncated, or a field that cannot be), when there is one.
    public var problem: String?

    /// Creates sniffed content.
    public init(type: String, format: String, width: Int? = nil, height: Int? = nil, hasAlpha: Bool? = nil, problem: String? = nil) {
        self.type = type
        self.format = format
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.problem = problem
    }

    /// "120x120", when the dimensions are known.
    public var dimensions: String? {
        guard let width, let height else { return nil }
        return "\(width)x\(height)"
    }
}

/// Recognizes file formats from their first bytes and reads image dimensions from
/// headers without decoding pixels. Never reads past the bytes it is given.
public enum ContentSniffer {
    /// How many bytes of a file sniffing reads at most.
    public static let headLimit = 64 * 1024

    /// The content of `bytes` (the start of a file), or nil when no known format matches.
    public static func sniff(_ bytes: [UInt8]) -> SniffedContent? {
        let b = ByteReader(bytes)
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(b) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(b) }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return gif(b) }
        if b.starts(with: Array("RIFF".utf8)), b.ascii(8, 4) == "WEBP" { return webp(b) }
        if b.starts(with: Array("RIFF".utf8)), b.ascii(8, 4) == "WAVE" { return SniffedContent(type: "com.microsoft.waveform-audio", format: "WAV") }
        if b.starts(with: Array("BM".utf8)), bytes.count >= 14, b.u32le(2) != nil { return bmp(b) }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return SniffedContent(type: "public.tiff", format: "TIFF") }
        if b.starts(with: Array("%PDF-".utf8)) { return SniffedContent(type: "com.adobe.pdf", format: "PDF") }
        if b.ascii(4, 4) == "ftyp" { return ftyp(b) }
        if b.starts(with: [0x50, 0x4B, 0x03, 0x04]) || b.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return SniffedContent(type: "public.zip-archive", format: "ZIP") }
        if b.starts(with: Array("ID3".utf8)) { return SniffedContent(type: "public.mp3", format: "MP3") }
        if isMP3FrameSync(b) { return SniffedContent(type: "public.mp3", format: "MP3") }
        return nil
    }

    private static func png(_ b: ByteReader) -> SniffedContent {
        var result = SniffedContent(type: "public.png", format: "PNG")
        guard b.ascii(12, 4) == "IHDR", let width = b.u32be(16), let height = b.u32be(20), let colorType = b.byte(25) else {
            result.problem = "the PNG header is truncated or has no IHDR chunk"
            return result
        }
        guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            result.problem = "the PNG header gives an impossible size (\(width)x\(height))"
            return result
        }
        result.width = Int(width)
        result.height = Int(height)
        // Color types 4 and 6 carry alpha; others may add it with a tRNS chunk before IDAT.
        var alpha = colorType == 4 || colorType == 6
        var offset = 8
        while !alpha, let length = b.u32be(offset), let name = b.ascii(offset + 4, 4) {
            if name == "tRNS" { alpha = true }
            if name == "IDAT" || name == "IEND" { break }
            let next = offset + 12 + Int(length)
            guard next > offset else { break }
            offset = next
        }
        result.hasAlpha = alpha
        return result
    }

    private static func jpeg(_ b: ByteReader) -> SniffedContent {
        var result = SniffedContent(type: "public.jpeg", format: "JPEG")
        var offset = 2
        while true {
            // Markers may be preceded by fill bytes 0xFF.
            guard b.byte(offset) == 0xFF else {
                result.problem = b.count <= offset ? "the JPEG header ends before its size (SOF) marker" : "the JPEG header is malformed (no marker at byte \(offset))"
                return result
            }
            while b.byte(offset) == 0xFF { offset += 1 }
            guard let marker = b.byte(offset) else {
                result.problem = "the JPEG header ends before its size (SOF) marker"
                return result
            }
            offset += 1
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA {
                result.problem = "the JPEG has no size (SOF) marker before its image data"
                return result
            }
            guard let length = b.u16be(offset), length >= 2 else {
                result.problem = "the JPEG header ends before its size (SOF) marker"
                return result
            }
            let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isSOF {
                guard let height = b.u16be(offset + 3), let width = b.u16be(offset + 5) else {
                    result.problem = "the JPEG size (SOF) segment is truncated"
                    return result
                }
                if width == 0 || height == 0 { result.problem = "the JPEG header gives an impossible size (\(width)x\(height))" }
                result.width = Int(width)
                result.height = Int(height)
                return result
            }
            offset += Int(length)
        }
    }

    private static func gif(_ b: ByteReader) -> SniffedContent {
        var result = SniffedContent(type: "com.compuserve.gif", format: "GIF")
        guard let width = b.u16le(6), let height = b.u16le(8) else {
            result.problem = "the GIF header is truncated"
            return result
        }
        result.width = Int(width)
        result.height = Int(height)
        return result
    }

    private static func webp(_ b: ByteReader) -> SniffedContent {
        var result = SniffedContent(type: "org.webmproject.webp", format: "WebP")
        switch b.ascii(12, 4) {
        case "VP8 ":
            guard b.byte(23) == 0x9D, b.byte(24) == 0x01, b.byte(25) == 0x2A, let w = b.u16le(26), let h = b.u16le(28) else {
                result.problem = "the WebP (VP8) header is truncated or malformed"
                return result
            }
            result.width = Int(w & 0x3FFF)
            result.height = Int(h & 0x3FFF)
            result.hasAlpha = false
        case "VP8L":
            guard b.byte(20) == 0x2F, let bits = b.u32le(21) else {
                result.problem = "the WebP (VP8L) header is truncated or malformed"
                return result
            }
            result.width = Int(bits & 0x3FFF) + 1
            result.height = Int((bits >> 14) & 0x3FFF) + 1
            result.hasAlpha = (bits >> 28) & 1 == 1
        case "VP8X":
            guard let flags = b.byte(20), let w = b.u24le(24), let h = b.u24le(27) else {
                result.problem = "the WebP (VP8X) header is truncated"
                return result
            }
            result.width = Int(w) + 1
            result.height = Int(h) + 1
            result.hasAlpha = flags & 0x10 != 0
        default:
            result.problem = "the WebP file has no VP8, VP8L or VP8X chunk where expected"
        }
        return result
    }

    private static func bmp(_ b: ByteReader) -> SniffedContent {
        var result = SniffedContent(type: "com.microsoft.bmp", format: "BMP")
        guard let headerSize = b.u32le(14) else {
            result.problem = "the BMP header is truncated"
            return result
        }
        if headerSize == 12, let w = b.u16le(18), let h = b.u16le(20) {
            result.width = Int(w)
            result.height = Int(h)
        } else if let w = b.u32le(18), let h = b.u32le(22) {
            result.width = Int(Int32(bitPattern: w).magnitude)
            result.height = Int(Int32(bitPattern: h).magnitude)
        } else {
            result.problem = "the BMP header is truncated"
        }
        return result
    }

    private static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
    private static let heifBrands: Set<String> = ["mif1", "msf1", "mif2"]

    private static func ftyp(_ b: ByteReader) -> SniffedContent? {
        guard let major = b.ascii(8, 4), let boxSize = b.u32be(0) else { return nil }
        var brands = [major]
        var offset = 16
        while offset + 4 <= min(Int(boxSize), b.count), let brand = b.ascii(offset, 4) {
            brands.append(brand)
            offset += 4
        }
        if heicBrands.contains(major) { return SniffedContent(type: "public.heic", format: "HEIC") }
        if heifBrands.contains(major) {
            if brands.contains(where: heicBrands.contains) { return SniffedContent(type: "public.heic", format: "HEIC") }
            return SniffedContent(type: "public.heif", format: "HEIF")
        }
        if major == "qt  " { return SniffedContent(type: "com.apple.quicktime-movie", format: "QuickTime movie") }
        if major == "M4A " || major == "M4B " { return SniffedContent(type: "public.mpeg-4-audio", format: "MPEG-4 audio") }
        if ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "MSNV", "f4v "].contains(major) {
            return SniffedContent(type: "public.mpeg-4", format: "MPEG-4 movie")
        }
        return nil
    }

    private static func isMP3FrameSync(_ b: ByteReader) -> Bool {
        guard let first = b.byte(0), let second = b.byte(1), let third = b.byte(2) else { return false }
        // 11 sync bits, MPEG version not reserved, layer III, bitrate and sample rate not reserved.
        return first == 0xFF && second & 0xE0 == 0xE0 && (second >> 3) & 0x3 != 1 && (second >> 1) & 0x3 == 1
            && third >> 4 != 0xF && (third >> 2) & 0x3 != 3
    }
}

/// Bounds-checked reads from a byte array: every accessor returns nil past the end.
struct ByteReader {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var count: Int { bytes.count }

    func byte(_ i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

    func starts(with prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes.starts(with: prefix) }

    func ascii(_ i: Int, _ n: Int) -> String? {
        guard i >= 0, i + n <= bytes.count else { return nil }
        return String(decoding: bytes[i..<(i + n)], as: UTF8.self)
    }

    func u16be(_ i: Int) -> UInt16? {
        guard let a = byte(i), let b = byte(i + 1) else { return nil }
        return UInt16(a) << 8 | UInt16(b)
    }

    func u16le(_ i: Int) -> UInt16? {
        guard let a = byte(i), let b = byte(i + 1) else { return nil }
        return UInt16(b) << 8 | UInt16(a)
    }

    func u24le(_ i: Int) -> UInt32? {
        guard let a = byte(i), let b = byte(i + 1), let c = byte(i + 2) else { return nil }
        return UInt32(c) << 16 | UInt32(b) << 8 | UInt32(a)
    }

    func u32be(_ i: Int) -> UInt32? {
        guard let a = u16be(i), let b = u16be(i + 2) else { return nil }
        return UInt32(a) << 16 | UInt32(b)
    }

    func u32le(_ i: Int) -> UInt32? {
        guard let a = u16le(i), let b = u16le(i + 2) else { return nil }
        return UInt32(b) << 16 | UInt32(a)
    }
}
