import ShareLintMessages
/// JPEG and TIFF: segments and image directories walked by seeking, with the EXIF
/// orientation (tag 274) that iOS applies before showing the image.
extension ContentSniffer {
    /// How many JPEG segments before the size (SOF) the walk looks at.
    static let jpegSegmentLimit = 10_000
    /// How many TIFF directory entries are read.
    static let tiffEntryLimit = 1_000

    static func jpeg(_ w: ByteWindow) -> SniffedContent {
        var result = SniffedContent(type: "public.jpeg", format: "JPEG")
        var offset = 2
        var reportedStray = false
        for _ in 0..<jpegSegmentLimit {
            guard let (position, marker, stray) = nextJPEGMarker(w, from: offset) else {
                if !w.exhausted {
                    result.problems.append(ContentProblem(offset: w.size, Message(.jpegEndsBeforeSOF, ["size": w.size])))
                }
                return result
            }
            if stray > 0, !reportedStray {
                result.notes.append(Message(.noteStrayBytes, ["count": stray, "position": position - 1]))
                reportedStray = true
            }
            let start = position - 1
            offset = position + 1
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { continue }
            if marker == 0xD9 || marker == 0xDA {
                let what = Message(marker == 0xDA ? .jpegImageData : .jpegImageEnd)
                result.problems.append(ContentProblem(offset: start, Message(.jpegFoundBeforeSOF, ["what": what])))
                return result
            }
            let lengthBytes = w.read(offset, 2)
            guard let length = lengthBytes.u16be(offset) else {
                if !w.exhausted { result.problems.append(ContentProblem(offset: w.size, Message(.jpegEndsInSegmentHeader, ["size": w.size, "start": start]))) }
                return result
            }
            guard length >= 2 else {
                result.problems.append(ContentProblem(offset: offset, Message(.jpegSegmentLength, ["marker": hexByte(marker), "length": "\(length)"])))
                return result
            }
            let isSOF = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isSOF {
                let sof = w.read(offset + 2, 5)
                guard let height = sof.u16be(offset + 3), let width = sof.u16be(offset + 5) else {
                    if !w.exhausted { result.problems.append(ContentProblem(offset: w.size, Message(.jpegEndsInSOF, ["size": w.size, "start": start]))) }
                    return result
                }
                guard width > 0, height > 0 else {
                    result.problems.append(ContentProblem(offset: offset + 3, Message(.jpegImpossibleSize, ["width": "\(width)", "height": "\(height)"])))
                    return result
                }
                result.width = Int(width)
                result.height = Int(height)
                return result
            }
            if marker == 0xE1, result.orientation == nil, length >= 16 {
                let segment = w.read(offset + 2, Int(length) - 2)
                if segment.ascii(offset + 2, 6) == "Exif\0\0" {
                    let tiffStart = offset + 8
                    let tiff = ByteReader(Array(segment.bytes.dropFirst(6)), base: 0)
                    let fields = tiffDirectory({ o, n in
                        let end = min(tiff.count, o + n)
                        return o >= 0 && o < end ? ByteReader(Array(tiff.bytes[o..<end]), base: o) : ByteReader([], base: max(0, o))
                    }, size: tiff.count, start: tiffStart, name: "EXIF")
                    if let value = fields.orientation {
                        if (1...8).contains(value) {
                            result.orientation = value
                        } else {
                            result.notes.append(Message(.noteOrientation, ["value": "\(value)"]))
                        }
                    }
                }
            }
            let next = offset + Int(length)
            if next > w.size {
                result.problems.append(ContentProblem(offset: start, Message(.claimsPastEnd, ["what": Message(.jpegSegment, ["marker": hexByte(marker)]), "length": "\(length)", "size": w.size])))
                return result
            }
            offset = next
        }
        result.notes.append(Message(.noteNoSOF, ["limit": jpegSegmentLimit]))
        return result
    }

    static func hexByte(_ value: UInt8) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "FF" + (digits.count == 1 ? "0" + digits : digits)
    }

    /// libjpeg's `next_marker`: skips any bytes up to an 0xFF, then fill bytes (0xFF),
    /// and a stuffed 0xFF 0x00; returns the marker's offset, its code and how many stray
    /// bytes were skipped.
    private static func nextJPEGMarker(_ w: ByteWindow, from start: Int) -> (Int, UInt8, Int)? {
        var offset = start, stray = 0, sawFF = false, piece = 16
        while offset < w.size {
            // Small reads first (a marker is usually right there), larger ones through stray bytes.
            let chunk = w.read(offset, piece)
            piece = min(piece * 4, 4096)
            guard chunk.count > 0 else { return nil }
            for (i, byte) in chunk.bytes.enumerated() {
                if !sawFF {
                    if byte == 0xFF { sawFF = true } else { stray += 1 }
                } else if byte == 0x00 {
                    sawFF = false
                    stray += 2
                } else if byte != 0xFF {
                    return (offset + i, byte, stray)
                }
            }
            offset += chunk.count
        }
        return nil
    }

    static func tiff(_ w: ByteWindow) -> SniffedContent {
        let big = w.read(2, 1).byte(2) == 0x2B || w.read(3, 1).byte(3) == 0x2B
        var result = SniffedContent(type: "public.tiff", format: big ? "BigTIFF" : "TIFF")
        let fields = tiffDirectory({ w.read($0, $1) }, size: w.size, start: 0, name: "TIFF")
        result.problems += fields.problems
        if fields.problems.isEmpty {
            if let width = fields.width, let height = fields.height {
                if width > 0, height > 0 {
                    result.width = width
                    result.height = height
                } else {
                    result.problems.append(ContentProblem(offset: fields.directory, Message(.tiffImpossibleSize, ["width": "\(width)", "height": "\(height)"])))
                }
            } else if !w.exhausted {
                result.problems.append(ContentProblem(offset: fields.directory, Message(.tiffNoSize)))
            }
        }
        if let value = fields.orientation, (1...8).contains(value) { result.orientation = value }
        return result
    }

    /// The first image directory (IFD0) of TIFF data (classic or BigTIFF): width, height
    /// and orientation. `read` takes offsets relative to the TIFF header; `start` is the
    /// header's file offset, for problems.
    static func tiffDirectory(_ read: (Int, Int) -> ByteReader, size: Int, start: Int, name: String)
        -> (width: Int?, height: Int?, orientation: Int?, directory: Int, problems: [ContentProblem]) {
        var problems: [ContentProblem] = []
        let header = read(0, 16)
        let bigEndian: Bool
        switch header.ascii(0, 2) {
        case "II": bigEndian = false
        case "MM": bigEndian = true
        default:
            problems.append(ContentProblem(offset: start, Message(.tiffByteOrder, ["name": name, "found": describe(header, at: 0, count: 2)])))
            return (nil, nil, nil, start, problems)
        }
        let magic = header.u16(2, bigEndian: bigEndian)
        let big = magic == 43
        guard magic == 42 || big else {
            problems.append(ContentProblem(offset: start + 2, Message(.tiffMagic, ["name": name, "found": magic.map { Message.verbatim(String($0)) } ?? Message(.endOfData)])))
            return (nil, nil, nil, start, problems)
        }
        let directoryOffset: Int?
        if big {
            guard header.u16(4, bigEndian: bigEndian) == 8, header.u16(6, bigEndian: bigEndian) == 0 else {
                problems.append(ContentProblem(offset: start + 4, Message(.tiffBigOffset, ["found": describe(header, at: 4, count: 4)])))
                return (nil, nil, nil, start, problems)
            }
            directoryOffset = header.u64(8, bigEndian: bigEndian).flatMap { Int(fileOffset: $0) }
        } else {
            directoryOffset = header.u32(4, bigEndian: bigEndian).map(Int.init)
        }
        guard let directory = directoryOffset, directory >= (big ? 16 : 8), directory < size else {
            let found = directoryOffset.map { Message.verbatim("\($0)") } ?? Message(.noneWord)
            problems.append(ContentProblem(offset: start + 4, Message(.tiffDirectoryOffset, ["found": found, "name": name, "size": size])))
            return (nil, nil, nil, start, problems)
        }
        let countBytes = read(directory, big ? 8 : 2)
        let declared = big ? countBytes.u64(directory, bigEndian: bigEndian).flatMap { Int(fileOffset: $0) } : countBytes.u16(directory, bigEndian: bigEndian).map(Int.init)
        guard let declared else {
            problems.append(ContentProblem(offset: start + directory, Message(.tiffEndsInCount, ["name": name])))
            return (nil, nil, nil, start + directory, problems)
        }
        let entrySize = big ? 20 : 12
        let count = min(declared, tiffEntryLimit)
        let first = directory + (big ? 8 : 2)
        let entries = read(first, count * entrySize)
        if entries.count < count * entrySize {
            problems.append(ContentProblem(offset: start + first + entries.count, Message(.tiffEndsInDirectory, ["name": name, "count": "\(declared)", "entrySize": entrySize, "at": start + directory])))
        }
        var width: Int?, height: Int?, orientation: Int?
        for index in 0..<(entries.count / entrySize) {
            let at = first + index * entrySize
            guard let tag = entries.u16(at, bigEndian: bigEndian), let type = entries.u16(at + 2, bigEndian: bigEndian) else { continue }
            let valueAt = at + (big ? 12 : 8)
            let value: Int?
            switch type {
            case 3: value = entries.u16(valueAt, bigEndian: bigEndian).map(Int.init)
            case 4: value = entries.u32(valueAt, bigEndian: bigEndian).map(Int.init)
            case 16: value = entries.u64(valueAt, bigEndian: bigEndian).flatMap { Int(fileOffset: $0) }
            default: value = nil
            }
            switch tag {
            case 256: width = value
            case 257: height = value
            case 274: orientation = value
            default: break
            }
        }
        return (width, height, orientation, start + directory, problems)
    }
}
