import ShareLintMessages
/// The bounded alpha check: whether any pixel of a PNG is not fully opaque, decided
/// by inflating its image data (IDAT) and undoing the row filters, stopping at the
/// first transparent pixel. Reads at most `inputLimit` bytes of image data and
/// inflates at most `outputLimit` bytes.
package enum PNGTransparency {
    /// The most compressed image data read.
    package static let inputLimit = 8 * 1024 * 1024
    /// The most pixel data inflated (2048x2048 RGBA at 8 bits is 16 MiB).
    package static let outputLimit = 32 * 1024 * 1024

    /// The transparency of the PNG in `file`.
    package static func check(_ file: any RandomAccessFile) -> PixelTransparency {
        let window = ByteWindow(file, budget: ContentSniffer.readLimit + inputLimit)
        let header = window.read(0, 33)
        guard header.starts(with: ContentSniffer.pngSignature), header.ascii(12, 4) == "IHDR",
              let width = header.u32be(16), let height = header.u32be(20), width > 0, height > 0,
              width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF,
              let depth = header.byte(24), let colorType = header.byte(25), let interlace = header.byte(28),
              ContentSniffer.pngBitDepths[colorType]?.contains(depth) == true, interlace <= 1 else {
            return .unknown(Message(.alphaHeaderDamaged))
        }
        let walk = ContentSniffer.pngChunksBeforeImageData(window)
        if walk.stopped && walk.transparency == nil { return .unknown(Message(.alphaChunksNotRead)) }
        if colorType != 4 && colorType != 6 && walk.transparency == nil { return .opaque }
        guard var offset = walk.imageData else { return .unknown(Message(.alphaNoImageData)) }
        var scanner = RowScanner(width: Int(width), height: Int(height), depth: Int(depth), colorType: colorType,
                                 interlaced: interlace == 1, transparency: walk.transparency ?? [])
        guard scanner.totalBytes <= outputLimit else {
            return .unknown(Message(.alphaTooLarge, ["bytes": "\(scanner.totalBytes)", "limit": outputLimit]))
        }
        let inflater = Zlib.Inflater()
        var read = 0
        while true {
            let chunk = window.read(offset, 8)
            guard let length = chunk.u32be(offset), chunk.ascii(offset + 4, 4) == "IDAT", length <= 0x7FFF_FFFF else { break }
            var position = offset + 8
            let end = position + Int(length)
            while position < end {
                let piece = window.read(position, min(64 * 1024, end - position))
                guard piece.count > 0 else {
                    return .unknown(read >= inputLimit || window.exhausted ? Message(.alphaDataTooLarge, ["limit": inputLimit]) : Message(.alphaTruncated))
                }
                read += piece.count
                position += piece.count
                switch inflater.feed(piece.bytes, { scanner.consume($0) }) {
                case .failed(let message): return .unknown(Message(.alphaNoInflate, ["reason": message]))
                case .more, .end, .stopped: break
                }
                if let verdict = scanner.verdict { return verdict }
            }
            offset = end + 4
        }
        return scanner.verdict ?? .unknown(Message(.alphaEndsEarly))
    }

    /// Undoes PNG row filters pass by pass and looks at each pixel's alpha.
    struct RowScanner {
        let depth: Int, colorType: UInt8, transparency: [UInt8]
        let bitsPerPixel: Int, filterStride: Int
        /// (width, height) of each pass with pixels: one pass, or Adam7's seven.
        var passes: [(width: Int, height: Int)]
        var pass = 0, rowInPass = 0
        var row: [UInt8] = [], previous: [UInt8] = [], filled = 0
        var verdict: PixelTransparency?

        init(width: Int, height: Int, depth: Int, colorType: UInt8, interlaced: Bool, transparency: [UInt8]) {
            self.depth = depth
            self.colorType = colorType
            self.transparency = transparency
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
            bitsPerPixel = channels * depth
            filterStride = max(1, bitsPerPixel / 8)
            if interlaced {
                let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
                passes = adam7.map { x, y, dx, dy in
                    (width > x ? (width - x + dx - 1) / dx : 0, height > y ? (height - y + dy - 1) / dy : 0)
                }.filter { $0.0 > 0 && $0.1 > 0 }
            } else {
                passes = [(width, height)]
            }
            // Rows are allocated only for an image within the bound.
            let bits = channels * depth
            totalBytes = passes.reduce(0) { total, p in
                let rowBytes = (p.width * bits + 7) / 8
                guard p.height <= PNGTransparency.outputLimit, rowBytes <= PNGTransparency.outputLimit else { return Int.max / 2 }
                return min(Int.max / 2, total + p.height * (1 + rowBytes))
            }
            if totalBytes <= PNGTransparency.outputLimit { startPass() }
        }

        /// The inflated size of all rows (filter bytes included), or `Int.max / 2` when
        /// it is beyond any bound.
        let totalBytes: Int

        private mutating func startPass() {
            guard pass < passes.count else {
                verdict = .opaque
                return
            }
            let rowBytes = (passes[pass].width * bitsPerPixel + 7) / 8
            row = [UInt8](repeating: 0, count: 1 + rowBytes)
            previous = [UInt8](repeating: 0, count: 1 + rowBytes)
            filled = 0
            rowInPass = 0
        }

        /// Takes inflated bytes; false once a verdict is reached.
        mutating func consume(_ bytes: ByteView) -> Bool {
            var index = 0
            while index < bytes.count, verdict == nil {
                let n = min(row.count - filled, bytes.count - index)
                for k in 0..<n { row[filled + k] = bytes[index + k] }
                filled += n
                index += n
                if filled == row.count { finishRow() }
            }
            return verdict == nil
        }

        private mutating func finishRow() {
            let filter = row[0]
            let s = filterStride
            switch filter {
            case 0: break
            case 1: for i in 1..<row.count where i > s { row[i] &+= row[i - s] }
            case 2: for i in 1..<row.count { row[i] &+= previous[i] }
            case 3:
                for i in 1..<row.count {
                    let left = i > s ? Int(row[i - s]) : 0
                    row[i] &+= UInt8((left + Int(previous[i])) / 2)
                }
            case 4:
                for i in 1..<row.count {
                    let a = i > s ? Int(row[i - s]) : 0, b = Int(previous[i]), c = i > s ? Int(previous[i - s]) : 0
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    row[i] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                }
            default:
                verdict = .unknown(Message(.alphaBadFilter, ["row": rowInPass, "filter": Int(filter)]))
                return
            }
            if rowHasTransparency() {
                verdict = .transparent
                return
            }
            swap(&row, &previous)
            filled = 0
            rowInPass += 1
            if rowInPass == passes[pass].height {
                pass += 1
                startPass()
            }
        }

        private func sample(_ pixel: Int, channel: Int, of channels: Int) -> Int {
            let bit = (pixel * channels + channel) * depth
            if depth == 16 { return Int(row[1 + bit / 8]) << 8 | Int(row[2 + bit / 8]) }
            if depth == 8 { return Int(row[1 + bit / 8]) }
            let byte = Int(row[1 + bit / 8])
            return (byte >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
        }

        private func rowHasTransparency() -> Bool {
            let width = passes[pass].width
            let opaque = (1 << depth) - 1
            switch colorType {
            case 6: return (0..<width).contains { sample($0, channel: 3, of: 4) != opaque }
            case 4: return (0..<width).contains { sample($0, channel: 1, of: 2) != opaque }
            case 3:
                return (0..<width).contains { pixel in
                    let index = sample(pixel, channel: 0, of: 1)
                    return index < transparency.count && transparency[index] < 255
                }
            case 0:
                guard transparency.count >= 2 else { return false }
                let key = (Int(transparency[0]) << 8 | Int(transparency[1])) & opaque
                return (0..<width).contains { sample($0, channel: 0, of: 1) == key }
            case 2:
                guard transparency.count >= 6 else { return false }
                let key = (0..<3).map { (Int(transparency[2 * $0]) << 8 | Int(transparency[2 * $0 + 1])) & opaque }
                return (0..<width).contains { pixel in (0..<3).allSatisfy { sample(pixel, channel: $0, of: 3) == key[$0] } }
            default:
                return false
            }
        }
    }
}
