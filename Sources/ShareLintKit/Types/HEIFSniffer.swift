import ShareLintMessages
/// ISO base media files (`ftyp`): HEIC/HEIF/AVIF images and MP4/QuickTime movies. For
/// images, the size is the `ispe` property of the primary item (`pitm`), cropped by its
/// `clap` and turned by its `irot`/`imir` properties in the order they are associated
/// (ISO/IEC 23008-12), read from the `meta` box by seeking.
extension ContentSniffer {
    static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
    static let avifBrands: Set<String> = ["avif", "avis"]
    /// Structural HEIF brands: the codec is named by another brand, if any.
    static let heifBrands: Set<String> = ["mif1", "msf1", "mif2", "mif3"]
    /// HEIF with AVC (H.264) or VVC (H.266) images.
    static let otherHEIFBrands: Set<String> = ["avci", "avcs", "vvic", "vvis"]
    /// Image sequences: a movie-like track, not necessarily a primary item.
    static let sequenceBrands: Set<String> = ["msf1", "hevc", "hevx", "hevs", "avis", "avcs", "vvis"]
    /// How large a `meta` box is read at most.
    static let metaLimit = 256 * 1024
    /// How many top-level boxes are looked at to find `meta`.
    static let topLevelBoxLimit = 64

    static func isoMedia(_ w: ByteWindow) -> SniffedContent? {
        let head = w.read(0, 256)
        guard let major = head.ascii(8, 4), let boxSize = head.u32be(0) else { return nil }
        var brands = [major]
        var offset = 16
        while offset + 4 <= min(Int(boxSize), head.count), let brand = head.ascii(offset, 4) {
            brands.append(brand)
            offset += 4
        }
        var result: SniffedContent
        if avifBrands.contains(major) || (heifBrands.contains(major) && brands.contains(where: avifBrands.contains)) {
            result = SniffedContent(type: "public.avif", format: "AVIF")
        } else if heicBrands.contains(major) || (heifBrands.contains(major) && brands.contains(where: heicBrands.contains)) {
            result = SniffedContent(type: "public.heic", format: "HEIC")
        } else if heifBrands.contains(major) || otherHEIFBrands.contains(major) {
            result = SniffedContent(type: "public.heif", format: "HEIF")
        } else if major == "qt  " {
            return SniffedContent(type: "com.apple.quicktime-movie", format: "QuickTime movie")
        } else if major == "M4A " || major == "M4B " {
            return SniffedContent(type: "public.mpeg-4-audio", format: "MPEG-4 audio")
        } else if ["isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "M4V ", "dash", "MSNV", "f4v "].contains(major) {
            return SniffedContent(type: "public.mpeg-4", format: "MPEG-4 movie")
        } else {
            return nil
        }
        let isSequence = sequenceBrands.contains(major)
        heifPrimaryItem(w, after: Int(boxSize), into: &result, required: !isSequence)
        return result
    }

    /// A box header at `offset`: its type, where its content starts and where it ends.
    private static func box(_ r: ByteReader, at offset: Int, end limit: Int) -> (type: String, content: Int, end: Int)? {
        guard let size32 = r.u32be(offset), let type = r.ascii(offset + 4, 4) else { return nil }
        var content = offset + 8
        var end: Int
        switch size32 {
        case 0: end = limit
        case 1:
            guard let large = r.u64be(offset + 8), let size = Int(fileOffset: large) else { return nil }
            content += 8
            end = offset + size
        default: end = offset + Int(size32)
        }
        guard end >= content else { return nil }
        return (type, content, end)
    }

    private static func heifPrimaryItem(_ w: ByteWindow, after ftypEnd: Int, into result: inout SniffedContent, required: Bool) {
        func problem(_ offset: Int, _ message: Message) {
            if required { result.problems.append(ContentProblem(offset: offset, message)) }
        }
        var offset = ftypEnd
        var meta: (content: Int, end: Int)?
        for _ in 0..<topLevelBoxLimit where offset < w.size {
            let header = w.read(offset, 16)
            guard let found = box(header, at: offset, end: w.size) else {
                if !w.exhausted { problem(offset, Message(.heifBoxHeader, ["offset": offset])) }
                return
            }
            if found.type == "meta" {
                meta = (found.content, found.end)
                break
            }
            offset = found.end
        }
        guard let meta else {
            problem(min(offset, w.size), Message(.heifNoMeta, ["format": result.format]))
            return
        }
        guard meta.end <= w.size else {
            problem(meta.content - 8, Message(.claimsPastEnd, ["what": Message(.heifMetaBox), "length": "\(meta.end - meta.content + 8)", "size": w.size]))
            return
        }
        guard meta.end - meta.content <= metaLimit else {
            result.notes.append(Message(.noteMetaTooLarge, ["limit": metaLimit]))
            return
        }
        let data = w.read(meta.content, meta.end - meta.content)
        guard data.count == meta.end - meta.content else { return }
        // meta is a full box: 4 bytes of version and flags before its children.
        var primary: Int?
        var properties: [(type: String, content: Int, end: Int)] = []
        var associations: [Int: [Int]] = [:]
        var child = meta.content + 4
        while child < meta.end, let b = box(data, at: child, end: meta.end), b.end <= meta.end {
            switch b.type {
            case "pitm":
                let version = data.byte(b.content) ?? 0
                primary = version == 0 ? data.u16be(b.content + 4).map(Int.init) : data.u32be(b.content + 4).map(Int.init)
            case "iprp":
                var inner = b.content
                while inner < b.end, let p = box(data, at: inner, end: b.end), p.end <= b.end {
                    if p.type == "ipco" {
                        var property = p.content
                        while property < p.end, let q = box(data, at: property, end: p.end), q.end <= p.end {
                            properties.append(q)
                            property = q.end
                        }
                    } else if p.type == "ipma" {
                        associations = heifAssociations(data, p.content, p.end)
                    }
                    inner = p.end
                }
            default:
                break
            }
            child = b.end
        }
        guard let primary else {
            problem(meta.content, Message(.heifNoPrimary))
            return
        }
        var width: Int?, height: Int?
        var transform = (a: 1, b: 0, c: 0, d: 1)
        for index in associations[primary] ?? [] where index >= 1 && index <= properties.count {
            let property = properties[index - 1]
            switch property.type {
            case "ispe":
                width = data.u32be(property.content + 4).map(Int.init)
                height = data.u32be(property.content + 8).map(Int.init)
            case "clap":
                // The clean aperture (ISO/IEC 14496-12 CleanApertureBox): the image is cropped
                // to its width and height, each a fraction rounded half up, never larger than
                // the image. It crops the image as turned so far: after a quarter turn its
                // width is the stored height.
                guard let w = width, let h = height, property.end - property.content >= 32,
                      let crop = cleanAperture(data, property.content) else { break }
                let quarterTurned = transform.b != 0
                let (cropWidth, cropHeight) = quarterTurned ? (crop.height, crop.width) : (crop.width, crop.height)
                width = min(w, max(1, cropWidth))
                height = min(h, max(1, cropHeight))
            case "irot":
                // Anticlockwise quarter turns.
                for _ in 0..<Int((data.byte(property.content) ?? 0) & 3) {
                    transform = (transform.c, transform.d, -transform.a, -transform.b)
                }
            case "imir":
                // Axis 0: a vertical axis (left and right swap); 1: a horizontal one.
                if (data.byte(property.content) ?? 0) & 1 == 0 {
                    transform = (-transform.a, -transform.b, transform.c, transform.d)
                } else {
                    transform = (transform.a, transform.b, -transform.c, -transform.d)
                }
            default:
                break
            }
        }
        guard let width, let height else {
            problem(meta.content, Message(.heifNoIspe, ["item": "\(primary)"]))
            return
        }
        guard width > 0, height > 0 else {
            problem(meta.content, Message(.heifImpossibleSize, ["width": "\(width)", "height": "\(height)"]))
            return
        }
        result.width = width
        result.height = height
        let orientations: [Int: (Int, Int, Int, Int)] = [
            1: (1, 0, 0, 1), 2: (-1, 0, 0, 1), 3: (-1, 0, 0, -1), 4: (1, 0, 0, -1),
            5: (0, 1, 1, 0), 6: (0, -1, 1, 0), 7: (0, -1, -1, 0), 8: (0, 1, -1, 0),
        ]
        result.orientation = orientations.first { $0.value == transform }?.key
    }

    /// `clap`'s clean aperture width and height (numerator/denominator, rounded half up),
    /// nil when a denominator is zero.
    private static func cleanAperture(_ data: ByteReader, _ start: Int) -> (width: Int, height: Int)? {
        guard let wn = data.u32be(start), let wd = data.u32be(start + 4), let hn = data.u32be(start + 8), let hd = data.u32be(start + 12),
              wd > 0, hd > 0 else { return nil }
        func rounded(_ n: UInt32, _ d: UInt32) -> Int { Int((2 * UInt64(n) + UInt64(d)) / (2 * UInt64(d))) }
        return (rounded(wn, wd), rounded(hn, hd))
    }

    /// `ipma`: for each item, the 1-based indices of its properties in `ipco`, in order.
    private static func heifAssociations(_ data: ByteReader, _ start: Int, _ end: Int) -> [Int: [Int]] {
        guard let version = data.byte(start), let flags = data.byte(start + 3), let count = data.u32be(start + 4) else { return [:] }
        var result: [Int: [Int]] = [:]
        var offset = start + 8
        for _ in 0..<min(Int(count), 65_536) {
            let item = version < 1 ? data.u16be(offset).map(Int.init) : data.u32be(offset).map(Int.init)
            offset += version < 1 ? 2 : 4
            guard let item, let n = data.byte(offset), offset < end else { break }
            offset += 1
            var indices: [Int] = []
            for _ in 0..<Int(n) {
                if flags & 1 == 1 {
                    guard let v = data.u16be(offset) else { break }
                    indices.append(Int(v & 0x7FFF))
                    offset += 2
                } else {
                    guard let v = data.byte(offset) else { break }
                    indices.append(Int(v & 0x7F))
                    offset += 1
                }
            }
            result[item] = indices
        }
        return result
    }
}
