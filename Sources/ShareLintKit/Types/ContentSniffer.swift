import ShareLintMessages
/// Something wrong in a file's bytes, at a byte offset.
package struct ContentProblem: Sendable, Hashable, CustomStringConvertible {
    /// The byte offset (from the start of the file) where the problem is.
    package var offset: Int
    /// What was found and what was expected, in one sentence without a final period.
    package var text: Message
    /// The sentence in English.
    package var message: String { text.english }

    /// Creates a problem.
    package init(offset: Int, _ text: Message) {
        self.offset = offset
        self.text = text
    }

    /// "at byte 29: the IHDR CRC is …".
    package var description: String { "at byte \(offset): \(message)" }
}

/// What the pixels of an image say about transparency (the bounded alpha check).
package enum PixelTransparency: Sendable, Hashable {
    /// At least one pixel is not fully opaque.
    case transparent
    /// Every pixel is fully opaque: the alpha channel carries nothing.
    case opaque
    /// The check could not decide; the reason says why.
    case unknown(Message)
}

/// What the bytes of a file say it is.
package struct SniffedContent: Sendable, Hashable {
    /// The type identifier the bytes belong to.
    package var type: String
    /// A name for messages, such as "PNG" or "JPEG".
    package var format: String
    /// Pixel width as stored, when the header has it.
    package var width: Int?
    /// Pixel height as stored, when the header has it.
    package var height: Int?
    /// Whether the image has an alpha channel or a transparency chunk (PNG and WebP), when known.
    package var hasAlpha: Bool?
    /// The EXIF orientation (1–8) the image is displayed with, when the file gives one
    /// (JPEG and TIFF tag 274; HEIF `irot`/`imir` translated).
    package var orientation: Int?
    /// Damage found in the header: each with its offset and what was expected.
    package var problems: [ContentProblem]
    /// Oddities iOS tolerates (stray bytes before a JPEG marker), for `sharelint inspect`.
    package var notes: [Message]
    /// The file's size in bytes.
    package var fileSize: Int?
    /// How many bytes sniffing read.
    package var bytesRead: Int

    /// Creates sniffed content.
    package init(type: String, format: String, width: Int? = nil, height: Int? = nil, hasAlpha: Bool? = nil, problems: [ContentProblem] = []) {
        self.type = type
        self.format = format
        self.width = width
        self.height = height
        self.hasAlpha = hasAlpha
        self.orientation = nil
        self.problems = problems
        self.notes = []
        self.fileSize = nil
        self.bytesRead = 0
    }

    /// The first problem, as text, when there is one.
    package var problem: String? { problems.first?.description }

    /// "120x120", the size as stored, when known.
    package var dimensions: String? {
        guard let width, let height else { return nil }
        return "\(width)x\(height)"
    }

    /// Whether the orientation turns the image a quarter (EXIF 5–8): width and height swap on screen.
    package var isQuarterTurned: Bool { (5...8).contains(orientation ?? 1) }

    /// The width iOS displays (after the orientation).
    package var displayedWidth: Int? { isQuarterTurned ? height : width }

    /// The height iOS displays (after the orientation).
    package var displayedHeight: Int? { isQuarterTurned ? width : height }

    /// "149x227", the size as displayed, when known.
    package var displayedDimensions: String? {
        guard let displayedWidth, let displayedHeight else { return nil }
        return "\(displayedWidth)x\(displayedHeight)"
    }

    /// Why the pixel size is unknown (nil when it is known).
    package var sizeUnknownReason: Message? {
        guard width == nil || height == nil else { return nil }
        if let first = problems.first { return Message(.problemAtByte, ["problem": first.text, "offset": first.offset]) }
        return Message(.sizeNotRead, ["format": format])
    }

    /// Words for an EXIF orientation value.
    package static func orientationName(_ value: Int) -> Message {
        switch value {
        case 1: return Message(.orientNormal)
        case 2: return Message(.orientMirrorLR)
        case 3: return Message(.orientRotate180)
        case 4: return Message(.orientMirrorTB)
        case 5: return Message(.orientTranspose)
        case 6: return Message(.orientRotate90CW)
        case 7: return Message(.orientTransverse)
        case 8: return Message(.orientRotate90CCW)
        default: return Message(.orientUnknown)
        }
    }
}

/// Recognizes file formats from their first bytes and reads image dimensions,
/// orientation and alpha from headers without decoding pixels. Reads are bounded:
/// the first `headLimit` bytes, then small reads by seeking, `readLimit` bytes in all.
package enum ContentSniffer {
    /// How many bytes of a file sniffing reads at once from its start.
    package static let headLimit = 64 * 1024
    /// How many bytes sniffing reads from one file at most (head and seeks together).
    package static let readLimit = 1024 * 1024

    /// The content of `bytes` (a whole file), or nil when no known format matches.
    package static func sniff(_ bytes: [UInt8]) -> SniffedContent? {
        sniff(file: InMemoryFile(bytes))
    }

    /// The content of an open file, or nil when no known format matches (or it is empty).
    package static func sniff(file: any RandomAccessFile) -> SniffedContent? {
        let window = ByteWindow(file, budget: readLimit)
        guard var result = detect(window) else { return nil }
        if let end = window.shrankAt {
            result.problems.append(ContentProblem(offset: end, Message(.fileChanged, ["size": window.size, "end": end])))
        }
        if window.exhausted {
            result.notes.append(Message(.noteReadLimit, ["limit": readLimit]))
        }
        result.fileSize = window.size
        result.bytesRead = window.bytesRead
        return result
    }

    private static func detect(_ w: ByteWindow) -> SniffedContent? {
        let b = w.read(0, 16)
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return png(w) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(w) }
        if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) { return gif(b, size: w.size) }
        if b.starts(with: Array("RIFF".utf8)), b.ascii(8, 4) == "WEBP" { return webp(w.read(0, 30), size: w.size) }
        if b.starts(with: Array("RIFF".utf8)), b.ascii(8, 4) == "WAVE" { return SniffedContent(type: "com.microsoft.waveform-audio", format: "WAV") }
        if b.starts(with: Array("BM".utf8)), w.size >= 14, b.u32le(2) != nil { return bmp(w.read(0, 26)) }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || b.starts(with: [0x49, 0x49, 0x2B, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) { return tiff(w) }
        if b.starts(with: Array("%PDF-".utf8)) { return SniffedContent(type: "com.adobe.pdf", format: "PDF") }
        if b.ascii(4, 4) == "ftyp" { return isoMedia(w) }
        if b.starts(with: [0x50, 0x4B, 0x03, 0x04]) || b.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return SniffedContent(type: "public.zip-archive", format: "ZIP") }
        if b.starts(with: Array("ID3".utf8)) { return SniffedContent(type: "public.mp3", format: "MP3") }
        if isMP3FrameSync(b) { return SniffedContent(type: "public.mp3", format: "MP3") }
        return nil
    }

    /// What the first bytes of a file of `type` must be, for types whose bytes sharelint
    /// recognizes; nil for the others.
    package static func expectedSignature(of type: String) -> (format: String, signature: String)? {
        switch type.lowercased() {
        case "public.png": return ("PNG", "89 50 4E 47 0D 0A 1A 0A")
        case "public.jpeg": return ("JPEG", "FF D8 FF")
        case "com.compuserve.gif": return ("GIF", "'GIF87a' or 'GIF89a'")
        case "org.webmproject.webp": return ("WebP", "'RIFF', a size, 'WEBP'")
        case "com.microsoft.bmp": return ("BMP", "'BM'")
        case "public.tiff": return ("TIFF", "'II*' or 'MM*' (or BigTIFF 'II+', 'MM+')")
        case "public.heic", "public.heif", "public.avif": return (type == "public.avif" ? "AVIF" : "HEIF", "a size, then 'ftyp' and a brand")
        case "com.adobe.pdf": return ("PDF", "'%PDF-'")
        default: return nil
        }
    }

    /// The first bytes of `bytes` in hex and as text, for messages.
    static func describe(_ bytes: ByteReader, at offset: Int, count: Int) -> Message {
        let shown = (offset..<(offset + count)).compactMap { bytes.byte($0) }
        if shown.isEmpty { return Message(.endOfFile) }
        let hex = shown.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined(separator: " ")
        let text = String(shown.map { (0x20..<0x7F).contains($0) ? Character(UnicodeScalar($0)) : "." })
        return .verbatim("\(hex) (\"\(text)\")")
    }

    private static func gif(_ b: ByteReader, size: Int) -> SniffedContent {
        var result = SniffedContent(type: "com.compuserve.gif", format: "GIF")
        guard let width = b.u16le(6), let height = b.u16le(8) else {
            result.problems.append(ContentProblem(offset: size, Message(.gifEndsInHeader)))
            return result
        }
        guard width > 0, height > 0 else {
            result.problems.append(ContentProblem(offset: 6, Message(.gifImpossibleSize, ["width": Int(width), "height": Int(height)])))
            return result
        }
        result.width = Int(width)
        result.height = Int(height)
        return result
    }

    private static func webp(_ b: ByteReader, size: Int) -> SniffedContent {
        var result = SniffedContent(type: "org.webmproject.webp", format: "WebP")
        switch b.ascii(12, 4) {
        case "VP8 ":
            guard b.byte(23) == 0x9D, b.byte(24) == 0x01, b.byte(25) == 0x2A, let w = b.u16le(26), let h = b.u16le(28) else {
                let found = b.count < 30 ? Message(.fileEndsAtByte, ["size": size]) : Message(.foundBytes, ["bytes": describe(b, at: 23, count: 3)])
                result.problems.append(ContentProblem(offset: min(23, size), Message(.webpVP8Start, ["found": found])))
                return result
            }
            guard w & 0x3FFF > 0, h & 0x3FFF > 0 else {
                result.problems.append(ContentProblem(offset: 26, Message(.webpVP8Size, ["width": Int(w & 0x3FFF), "height": Int(h & 0x3FFF)])))
                return result
            }
            result.width = Int(w & 0x3FFF)
            result.height = Int(h & 0x3FFF)
            result.hasAlpha = false
        case "VP8L":
            guard b.byte(20) == 0x2F, let bits = b.u32le(21) else {
                let found = b.count < 25 ? Message(.fileEndsAtByte, ["size": size]) : Message(.foundBytes, ["bytes": describe(b, at: 20, count: 1)])
                result.problems.append(ContentProblem(offset: min(20, size), Message(.webpVP8L, ["found": found])))
                return result
            }
            result.width = Int(bits & 0x3FFF) + 1
            result.height = Int((bits >> 14) & 0x3FFF) + 1
            result.hasAlpha = (bits >> 28) & 1 == 1
        case "VP8X":
            guard let flags = b.byte(20), let w = b.u24le(24), let h = b.u24le(27) else {
                result.problems.append(ContentProblem(offset: size, Message(.webpVP8XEnds)))
                return result
            }
            result.width = Int(w) + 1
            result.height = Int(h) + 1
            result.hasAlpha = flags & 0x10 != 0
        default:
            result.problems.append(ContentProblem(offset: min(12, size), Message(.webpChunk, ["found": describe(b, at: 12, count: 4)])))
        }
        return result
    }

    private static func bmp(_ b: ByteReader) -> SniffedContent {
        var result = SniffedContent(type: "com.microsoft.bmp", format: "BMP")
        var width: Int?, height: Int?
        if let headerSize = b.u32le(14), headerSize == 12, let w = b.u16le(18), let h = b.u16le(20) {
            (width, height) = (Int(w), Int(h))
        } else if b.u32le(14) != nil, let w = b.u32le(18), let h = b.u32le(22) {
            (width, height) = (Int(Int32(bitPattern: w).magnitude), Int(Int32(bitPattern: h).magnitude))
        }
        guard let width, let height else {
            result.problems.append(ContentProblem(offset: b.count, Message(.bmpEnds)))
            return result
        }
        guard width > 0, height > 0 else {
            result.problems.append(ContentProblem(offset: 18, Message(.bmpImpossibleSize, ["width": width, "height": height])))
            return result
        }
        result.width = width
        result.height = height
        return result
    }

    private static func isMP3FrameSync(_ b: ByteReader) -> Bool {
        guard let first = b.byte(0), let second = b.byte(1), let third = b.byte(2) else { return false }
        // 11 sync bits, MPEG version not reserved, layer III, bitrate and sample rate not reserved.
        return first == 0xFF && second & 0xE0 == 0xE0 && (second >> 3) & 0x3 != 1 && (second >> 1) & 0x3 == 1
            && third >> 4 != 0xF && (third >> 2) & 0x3 != 3
    }
}

/// A file seen through a bounded budget: the first `ContentSniffer.headLimit` bytes are
/// read once, later reads seek and count against the budget. Reads past the budget
/// return nothing and set `exhausted`; a read that comes up short inside the size the
/// file had when opened sets `shrankAt` (the file changed while it was read).
final class ByteWindow {
    let file: any RandomAccessFile
    /// The size when opened.
    let size: Int
    private let head: [UInt8]
    private let budget: Int
    private(set) var bytesRead: Int
    private(set) var exhausted = false
    private(set) var shrankAt: Int?

    init(_ file: any RandomAccessFile, budget: Int) {
        self.file = file
        size = max(0, file.size)
        self.budget = budget
        let wanted = min(size, ContentSniffer.headLimit, budget)
        head = file.read(at: 0, count: wanted)
        bytesRead = head.count
        if head.count < wanted { shrankAt = head.count }
    }

    /// The bytes in `offset..<offset+count` (fewer at the end of the file), addressed by
    /// file offsets.
    func read(_ offset: Int, _ count: Int) -> ByteReader {
        guard offset >= 0, count > 0, offset < size else { return ByteReader([], base: max(0, offset)) }
        let end = count >= size - offset ? size : offset + count
        if end <= head.count { return ByteReader(Array(head[offset..<end]), base: offset) }
        if let shrankAt, end > shrankAt { return ByteReader([], base: offset) }
        guard bytesRead + (end - offset) <= budget else {
            exhausted = true
            return ByteReader([], base: offset)
        }
        let bytes = file.read(at: offset, count: end - offset)
        bytesRead += bytes.count
        if bytes.count < end - offset { shrankAt = min(shrankAt ?? Int.max, offset + bytes.count) }
        return ByteReader(bytes, base: offset)
    }
}

/// Bounds-checked reads from bytes that start at file offset `base`: every accessor
/// takes file offsets and returns nil outside the bytes.
struct ByteReader {
    let bytes: [UInt8]
    let base: Int
    init(_ bytes: [UInt8], base: Int = 0) {
        self.bytes = bytes
        self.base = base
    }

    /// How many bytes there are.
    var count: Int { bytes.count }
    /// The file offset just past the bytes.
    var end: Int { base + bytes.count }

    func byte(_ i: Int) -> UInt8? {
        let j = i - base
        return j >= 0 && j < bytes.count ? bytes[j] : nil
    }

    func starts(with prefix: [UInt8]) -> Bool { base == 0 && bytes.count >= prefix.count && bytes.starts(with: prefix) }

    func ascii(_ i: Int, _ n: Int) -> String? {
        let j = i - base
        guard j >= 0, n >= 0, j + n <= bytes.count else { return nil }
        return String(decoding: bytes[j..<(j + n)], as: UTF8.self)
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

    func u64be(_ i: Int) -> UInt64? {
        guard let a = u32be(i), let b = u32be(i + 4) else { return nil }
        return UInt64(a) << 32 | UInt64(b)
    }

    func u64le(_ i: Int) -> UInt64? {
        guard let a = u32le(i), let b = u32le(i + 4) else { return nil }
        return UInt64(b) << 32 | UInt64(a)
    }

    func u16(_ i: Int, bigEndian: Bool) -> UInt16? { bigEndian ? u16be(i) : u16le(i) }
    func u32(_ i: Int, bigEndian: Bool) -> UInt32? { bigEndian ? u32be(i) : u32le(i) }
    func u64(_ i: Int, bigEndian: Bool) -> UInt64? { bigEndian ? u64be(i) : u64le(i) }
}

extension Int {
    /// A file offset or length from a header field, when it fits in `Int` without overflow
    /// in later arithmetic (at most 2⁶²).
    init?(fileOffset value: UInt64) {
        guard value <= 1 << 62 else { return nil }
        self.init(value)
    }
}
