import ShareLintMessages
/// PNG: the signature, the IHDR chunk (checked field by field and by its CRC), then
/// the chunks before the image data, walked by seeking, for `tRNS`.
extension ContentSniffer {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The bit depths PNG allows for each colour type.
    static let pngBitDepths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
    /// Names of the PNG colour types.
    static let pngColorTypes: [UInt8: String] = [0: "greyscale", 2: "RGB", 3: "palette", 4: "greyscale with alpha", 6: "RGBA"]
    /// How many chunks before the image data the walk looks at.
    static let pngChunkLimit = 10_000

    static func png(_ w: ByteWindow) -> SniffedContent {
        var result = SniffedContent(type: "public.png", format: "PNG")
        let h = w.read(0, 33)
        if let bad = (0..<8).first(where: { h.byte($0) != nil && h.byte($0) != pngSignature[$0] }) {
            let converted = h.byte(4) == 0x0A || (h.byte(4) == 0x0D && h.byte(5) == 0x0D)
            result.problems.append(ContentProblem(offset: bad,
                Message(.pngSignature, ["found": describe(h, at: 0, count: 8), "converted": converted ? Message(.lineEndingsConverted) : .empty])))
            return result
        }
        if let name = h.ascii(12, 4), name != "IHDR" {
            result.problems.append(ContentProblem(offset: 12, Message(.pngIHDRFirst, ["found": describe(h, at: 12, count: 4)])))
            return result
        }
        guard h.count >= 33 else {
            result.problems.append(ContentProblem(offset: w.size, Message(.pngEndsInHeader, ["size": w.size])))
            return result
        }
        var valid = true
        func problem(_ offset: Int, _ message: Message) {
            result.problems.append(ContentProblem(offset: offset, message))
            valid = false
        }
        if let length = h.u32be(8), length != 13 { problem(8, Message(.pngIHDRLength, ["length": Int(length)])) }
        let width = h.u32be(16) ?? 0, height = h.u32be(20) ?? 0
        let depth = h.byte(24) ?? 0, colorType = h.byte(25) ?? 0
        if width == 0 || height == 0 || width > 0x7FFF_FFFF || height > 0x7FFF_FFFF {
            problem(16, Message(.pngImpossibleSize, ["width": "\(width)", "height": "\(height)"]))
        }
        if let depths = pngBitDepths[colorType] {
            if !depths.contains(depth) {
                problem(24, Message(.pngBitDepth, ["depth": Int(depth), "type": Int(colorType), "name": pngColorTypes[colorType] ?? "", "depths": depths.map { Int($0) }]))
            }
        } else {
            problem(25, Message(.pngColourType, ["type": Int(colorType)]))
        }
        if let v = h.byte(26), v != 0 { problem(26, Message(.pngCompression, ["value": Int(v)])) }
        if let v = h.byte(27), v != 0 { problem(27, Message(.pngFilter, ["value": Int(v)])) }
        if let v = h.byte(28), v > 1 { problem(28, Message(.pngInterlace, ["value": Int(v)])) }
        let stored = h.u32be(29) ?? 0
        let computed = Zlib.crc32(h.bytes[12..<29])
        if stored != computed {
            problem(29, Message(.pngCRC, ["stored": hex32(stored), "computed": hex32(computed)]))
        }
        guard valid else { return result }
        result.width = Int(width)
        result.height = Int(height)
        let walk = pngChunksBeforeImageData(w)
        result.problems += walk.problems
        if walk.stopped { result.notes.append(Message(.noteChunkWalkStopped)) }
        if colorType == 4 || colorType == 6 || walk.transparency != nil {
            result.hasAlpha = true
        } else if !walk.stopped {
            result.hasAlpha = false
        }
        return result
    }

    /// The chunks between IHDR and the first IDAT: the tRNS chunk's data, the offset of
    /// the first IDAT, and what is wrong on the way.
    static func pngChunksBeforeImageData(_ w: ByteWindow) -> (transparency: [UInt8]?, imageData: Int?, problems: [ContentProblem], stopped: Bool) {
        var transparency: [UInt8]?
        var problems: [ContentProblem] = []
        var offset = 33
        for _ in 0..<pngChunkLimit {
            if offset >= w.size {
                problems.append(ContentProblem(offset: w.size, Message(.pngEndsBeforeIDAT, ["size": w.size])))
                return (transparency, nil, problems, false)
            }
            let header = w.read(offset, 8)
            guard let length = header.u32be(offset), let name = header.ascii(offset + 4, 4) else {
                if w.exhausted { return (transparency, nil, problems, true) }
                problems.append(ContentProblem(offset: offset, Message(.pngEndsInChunkHeader, ["size": w.size])))
                return (transparency, nil, problems, false)
            }
            guard name.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                problems.append(ContentProblem(offset: offset + 4, Message(.pngChunkType, ["found": describe(header, at: offset + 4, count: 4)])))
                return (transparency, nil, problems, false)
            }
            guard length <= 0x7FFF_FFFF else {
                problems.append(ContentProblem(offset: offset, Message(.pngChunkTooLong, ["name": name, "length": "\(length)"])))
                return (transparency, nil, problems, false)
            }
            let next = offset + 12 + Int(length)
            if name == "IEND" {
                problems.append(ContentProblem(offset: offset, Message(.pngIENDBeforeIDAT)))
                return (transparency, nil, problems, false)
            }
            if next > w.size {
                let what = name == "IDAT" ? Message(.pngImageData) : Message(.pngNamedChunk, ["name": name])
                problems.append(ContentProblem(offset: offset, Message(.claimsPastEnd, ["what": what, "length": "\(length)", "size": w.size])))
                return (transparency, name == "IDAT" ? offset : nil, problems, false)
            }
            if name == "IDAT" { return (transparency, offset, problems, false) }
            if name == "tRNS" {
                let data = w.read(offset + 8, min(Int(length), 256 * 2))
                transparency = data.bytes
            }
            offset = next
        }
        return (transparency, nil, problems, true)
    }

    static func hex32(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
