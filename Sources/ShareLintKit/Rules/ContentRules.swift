import ShareLintMessages
/// What is known of an image file's displayed size.
enum ImageSize {
    /// Width and height in pixels, after the orientation.
    case known(width: Int, height: Int)
    /// The file should be an image with a size, but it cannot be read; the reason says why.
    case unknown(Message)
    /// Not an image (or not a file): nothing to say about its size.
    case notAnImage
}

/// Example files shared by the content rules' examples.
private enum Assets {
    static let png = ExampleFiles.png(width: 120, height: 120)
    static let thumbnail = ExampleFiles.png(width: 64, height: 64, alpha: false)
    static let jpeg = ExampleFiles.jpeg(width: 512, height: 512)
}

extension RuleContext {
    /// Whether the sniffed type and a declared type can describe the same bytes.
    func isCompatible(sniffed: String, declared: String) -> Bool {
        // HEIC and HEIF are siblings (HEVC in a HEIF box); AVIF (AV1) is not one of them.
        registry.conforms(sniffed, to: declared) || registry.conforms(declared, to: sniffed)
            || (sniffed != "public.avif" && declared.lowercased() != "public.avif"
                && registry.conforms(sniffed, to: "public.heif-standard") && registry.conforms(declared, to: "public.heif-standard"))
    }

    /// The pixel size iOS displays for an image file (after its orientation), or why it is unknown.
    func imageSize(of path: LocatedString) -> ImageSize {
        imageSize(path, facts: facts(of: path))
    }

    func imageSize(_ path: LocatedString, facts: FileFacts) -> ImageSize {
        guard case .file(_, let size) = facts.resolution else { return .notAnImage }
        if size == 0 { return .unknown(Message(.fileIsEmpty)) }
        if let content = facts.content {
            guard conformsToImage(content.type) else { return .notAnImage }
            if let width = content.displayedWidth, let height = content.displayedHeight { return .known(width: width, height: height) }
            return .unknown(content.sizeUnknownReason ?? Message(.headerHasNoSize))
        }
        if let ext = PathLogic.fileExtension(of: path), case .type(let type) = registry.inferType(forExtension: ext),
           conformsToImage(type), let expected = ContentSniffer.expectedSignature(of: type) {
            return .unknown(Message(.bytesNotFormat, ["format": expected.format]))
        }
        return .notAnImage
    }

    /// A rule's verdict on a referenced path that reads nothing of the document but the
    /// path, its file and the registry: with the system registry it is kept in the path's
    /// memo (`kept`, a `PathMemo` property), and the file's documents that name the path
    /// share it; a document that declares types (a registry of its own) works it out itself.
    func pathVerdict<Verdict>(_ kept: inout Verdict?, _ make: () -> Verdict) -> Verdict {
        guard registry.isSystemTable else { return make() }
        if let known = kept { return known }
        let made = make()
        kept = made
        return made
    }

    /// The type of a referenced file: what its bytes say, else its extension's type.
    func fileType(_ path: LocatedString, facts: FileFacts) -> (type: String, how: FileTypeSource)? {
        if let content = facts.content { return (content.type, .content(format: content.format)) }
        guard let ext = PathLogic.fileExtension(of: path.value), case .type(let type) = registry.inferType(forExtension: ext) else { return nil }
        return (type, .fileExtension(ext))
    }
}

/// How a file's type was found: words made only for a message.
enum FileTypeSource {
    case content(format: String)
    case fileExtension(String)

    var text: Message {
        switch self {
        case .content(let format): return Message(.contentIs, ["format": format])
        case .fileExtension(let ext): return Message(.extensionIs, ["ext": ext])
        }
    }
}

/// Sniffed bytes that contradict the declared type.
package struct ContentTypeMismatchRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .contentTypeMismatch, severity: .error,
        summary: "A file's or base64 payload's bytes contradict its type (PNG declared, JPEG bytes).",
        rationale: "Receivers decode the bytes as the declared type; a JPEG handed over as PNG fails to open or is dropped by the target app.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: ↓public.png\n    file: poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n", files: ["poster.png": Assets.jpeg])],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: public.jpeg\n    file: poster.jpg\nexcludedActivityTypes: [saveToCameraRoll]\n", files: ["poster.jpg": Assets.jpeg])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for (_, representation) in context.representations {
            guard let content = context.content(of: representation), let payload = representation.payload,
                  let type = context.effectiveType(of: representation), context.declares(type),
                  !context.isCompatible(sniffed: content.type, declared: type) else { continue }
            let source = representation.type == nil ? Message(.inferredFromExtension) : .empty
            let what = payload.key == "file" ? Message(.subjectKey, ["key": payload.located.value]) : Message(.theBase64Payload)
            // What to do: the type follows the bytes, or the bytes the type.
            let advice: Message
            if representation.type == nil, let ext = context.declaration(for: content.type)?.extensions.first {
                advice = Message(.adviceRename, ["ext": ext, "declared": type])
            } else if payload.key == "file" {
                advice = Message(.adviceSetTypeFile, ["type": content.type, "declared": type])
            } else {
                advice = Message(.adviceSetTypeData, ["type": content.type, "declared": type])
            }
            findings.report(description.id, Message(.contentTypeMismatch, ["what": what, "format": content.format, "type": content.type, "declared": type,
                                                                           "source": source, "advice": advice]),
                            at: representation.type ?? payload.located, suggestion: content.type)
        }
    }
}

/// A file extension that belongs to another type than the declared one.
package struct ExtensionMismatchRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .extensionMismatch, severity: .warning,
        summary: "A file's extension belongs to another type than the declared one.",
        rationale: "Receivers that save the file keep its name; a JPEG saved as poster.png confuses the next app that opens it.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: public.jpeg\n    file: ↓poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n", files: ["poster.png": Assets.jpeg])],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: public.jpeg\n    file: poster.jpeg\nexcludedActivityTypes: [saveToCameraRoll]\n", files: ["poster.jpeg": Assets.jpeg])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for (_, representation) in context.representations {
            guard let declared = representation.type?.value, let declaration = context.declaration(for: declared),
                  case .file(let path)? = representation.payload, let ext = PathLogic.fileExtension(of: path) else { continue }
            // The declared type's own extension: the type is among its owners, and
            // compatible with itself (the usual case, settled without the search). The
            // extension comes lowercased.
            if declaration.extensions.contains(ext) { continue }
            // Content that contradicts the declared type is the type's mistake, which
            // content-type-mismatch reports: renaming the file would be the wrong advice.
            if let content = context.content(of: representation), !context.isCompatible(sniffed: content.type, declared: declared) { continue }
            let owners = context.registry.types(forExtension: ext).map(\.identifier)
            guard !owners.isEmpty, !owners.contains(where: { context.isCompatible(sniffed: $0, declared: declared) }) else { continue }
            let expected = declaration.extensions.first.map { Message(.renameTo, ["ext": $0]) } ?? .empty
            findings.report(description.id, Message(.extensionBelongs, ["ext": ext, "owners": owners, "declared": declared, "hint": expected]), at: path)
        }
    }
}

/// A preview or link image that is not an image.
package struct PreviewNotImageRule: Rule {
    package init() {}
    /// Five roles: searched, not hashed.
    package static let description = RuleDescription(
        id: .previewNotImage, severity: .error,
        summary: "A preview (thumbnail, fullSize) or link icon/image file is not an image.",
        rationale: "activityItemsConfigurationPreview and LPLinkMetadata's icon and image providers must produce images; anything else leaves the header blank.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: order.pdf\n    previews:\n      thumbnail: ↓order.pdf\n", files: ["order.pdf": ExampleFiles.pdf])],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: order.pdf\n    previews:\n      thumbnail: thumb.png\n", files: ["order.pdf": ExampleFiles.pdf, "thumb.png": Assets.png])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for referenced in context.referencedPaths where referenced.role.isImage {
            guard let why = context.pathVerdict(&referenced.memo.whyNotAnImage, { Self.whyNotAnImage(referenced, context) }) else { continue }
            findings.report(description.id, Message(.notAnImage, ["role": referenced.role.message, "path": referenced.path.value, "why": why]), at: referenced.path)
        }
    }

    /// Why a referenced file is not an image (how its type was found, and the type), nil
    /// when it is one or is not a file.
    static func whyNotAnImage(_ referenced: ReferencedPath, _ context: RuleContext) -> Message? {
        let facts = referenced.facts
        guard case .file = facts.resolution, let (type, how) = context.fileType(referenced.path, facts: facts),
              !context.conformsToImage(type) else { return nil }
        return Message(.howAndType, ["how": how.text, "type": type])
    }
}

/// A thumbnail larger than its full-size preview, or under 64x64 px.
package struct PreviewSizeRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .previewSize, severity: .warning,
        summary: "A thumbnail larger than its fullSize preview, or under 64x64 px.",
        rationale: "iOS asks for 64x64 icons and 512x512 images; a smaller thumbnail is blurry, and one larger than the full-size image is the two swapped.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: order.pdf\n    previews:\n      thumbnail: ↓small.png\n      fullSize: full.png\n",
                                 files: ["order.pdf": ExampleFiles.pdf, "small.png": ExampleFiles.png(width: 32, height: 32), "full.png": Assets.png])],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: order.pdf\n    previews:\n      thumbnail: thumb.png\n      fullSize: full.png\n",
                                    files: ["order.pdf": ExampleFiles.pdf, "thumb.png": Assets.thumbnail, "full.png": Assets.png])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for item in context.configuration.items {
            guard let thumbnail = item.previews?.thumbnail else { continue }
            let small = context.imageSize(of: thumbnail)
            if case .unknown(let reason) = small {
                findings.report(description.id, Message(.thumbnailSizeUnknown, ["reason": reason]), at: thumbnail)
            }
            var large: (width: Int, height: Int)?
            if let full = item.previews?.fullSize {
                switch context.imageSize(of: full) {
                case .known(let width, let height): large = (width, height)
                case .unknown(let reason):
                    findings.report(description.id, Message(.fullSizeSizeUnknown, ["reason": reason]), at: full)
                case .notAnImage: break
                }
            }
            guard case .known(let w, let h) = small else { continue }
            if let (fw, fh) = large, w > fw || h > fh {
                findings.report(description.id, Message(.thumbnailLarger, ["w": w, "h": h, "fw": fw, "fh": fh]), at: thumbnail)
            } else if w < 64 || h < 64 {
                findings.report(description.id, Message(.thumbnailSmall, ["w": w, "h": h]), at: thumbnail)
            }
        }
    }
}

/// A custom activity image that is not a square PNG template with transparency.
package struct ActivityImageRule: Rule {
    package init() {}
    /// The pixel sizes of 60 pt (iPhone) and 76 pt (iPad) at 1x, 2x and 3x.
    package static let sizes = [60, 120, 180, 76, 152, 228]

    package static let description = RuleDescription(
        id: .activityImage, severity: .warning,
        summary: "A custom activity image is not a PNG, has no transparent pixels, is not a square of 60 pt (iPhone) or 76 pt (iPad) at 1x, 2x or 3x (the scale its `@2x`/`@3x` name gives), or has a size sharelint cannot read.",
        rationale: "UIActivity images are template images: only the alpha channel is drawn. The image is a square PNG with transparent pixels, 60 pt (60, 120 or 180 px) on iPhone or 76 pt (76, 152 or 228 px) on iPad. An opaque image (even an RGBA one whose every pixel is opaque) shows as a filled square, and an odd-sized one is scaled blurry. A name ending in @2x or @3x tells UIKit the scale, so 180 px named @2x is a 90 pt image.",
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save\n    title: Save\n    image: ↓icon.png\n",
                        files: ["icon.png": ExampleFiles.png(width: 100, height: 37, alpha: false)]),
            RuleExample("# opaque.png: RGBA, every pixel opaque; print@2x.png: 180x180 px, so 90 pt\nschemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save\n    title: Save\n    image: ↓opaque.png\n  - type: com.example.app.print\n    title: Print\n    image: ↓print@2x.png\n",
                        files: ["opaque.png": ExampleFiles.opaqueRGBA(width: 120, height: 120), "print@2x.png": ExampleFiles.png(width: 180, height: 180)]),
        ],
        nonTriggering: [RuleExample("# icon.png: 120x120 RGBA with transparent pixels; print@3x.png: 180x180 px, so 60 pt\nschemaVersion: 1\nitems:\n  - text: hello\napplicationActivities:\n  - type: com.example.app.save\n    title: Save\n    image: icon.png\n  - type: com.example.app.print\n    title: Print\n    image: print@3x.png\n",
                                    files: ["icon.png": Assets.png, "print@3x.png": ExampleFiles.png(width: 180, height: 180)])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        // The activities' images, in order, are the referenced paths of that role.
        for referenced in context.referencedPaths where referenced.role == .activityImage {
            let problems = context.pathVerdict(&referenced.memo.activityImageProblems) { Self.problems(of: referenced, context) }
            guard !problems.isEmpty else { continue }
            findings.report(description.id,
                Message(.activityImage, ["problems": Message.Value.andList(problems.map(\.messageValue)),
                                         "size": Self.expectedSize(fileName: PathLogic.fileName(of: referenced.path.value))]),
                at: referenced.path)
        }
    }

    /// What is wrong with an activity image, in words (none for a good one or a missing file).
    static func problems(of referenced: ReferencedPath, _ context: RuleContext) -> [Message] {
        let image = referenced.path, facts = referenced.facts
        guard case .file(let resolved, let fileSize) = facts.resolution else { return [] }
        var problems: [Message] = []
        // The content's fields are read from the facts in place (a copy of the content
        // is a dozen references).
        if let type = facts.content?.type {
            if type != "public.png" {
                problems.append(Message(.isFormatNotPNG, ["format": facts.content?.format ?? type]))
            } else if facts.content?.hasAlpha == false {
                problems.append(Message(.noAlphaChannel))
            } else if facts.content?.hasAlpha == true, context.fileMemo.transparency(ofPNG: resolved) == .opaque {
                problems.append(Message(.everyPixelOpaque))
            }
        } else {
            problems.append(Message(fileSize == 0 ? .itIsEmpty : .notAPNG))
        }
        switch context.imageSize(image, facts: facts) {
        case .known(let w, let h):
            if let problem = sizeProblem(width: w, height: h, fileName: PathLogic.fileName(of: image.value)) { problems.append(problem) }
        case .unknown(let reason):
            problems.append(Message(.sizeUnknownBecause, ["reason": reason]))
        case .notAnImage:
            break
        }
        return problems
    }

    /// The scale (1–3) and device (`ipad`, `iphone`) a file name gives UIKit:
    /// `save@2x~ipad.png` is 2 and `ipad`.
    /// Whether `scaleSuffix` could find a scale or device in a name: false for an ASCII name
    /// with no `@` and no `~` (a non-ASCII name may lower into one, so it is looked at).
    static func mayHaveSuffix(_ fileName: String) -> Bool {
        fileName.utf8.contains { $0 >= 0x80 || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "~") }
    }

    package static func scaleSuffix(of fileName: String) -> (scale: Int?, device: String?) {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        // Lowered once (again only after a device suffix is cut off), not once per test.
        var lowered = stem.lowercased()
        var device: String?
        for (candidate, suffix) in [("ipad", "~ipad"), ("iphone", "~iphone")] where lowered.hasSuffix(suffix) {
            device = candidate
            stem = stem.dropLast(candidate.count + 1)
            lowered = stem.lowercased()
        }
        for (scale, suffix) in [(1, "@1x"), (2, "@2x"), (3, "@3x")] where lowered.hasSuffix(suffix) {
            return (scale, device)
        }
        return (nil, device)
    }

    /// What is wrong with an activity image's pixel size, given its file name's scale
    /// suffix; nil when the size fits.
    static func sizeProblem(width w: Int, height h: Int, fileName: String) -> Message? {
        // The usual image, square at 60 or 76 pt times 1 to 3 with no suffix, is settled
        // without looking at the name's Characters.
        if w == h, sizes.contains(w), !mayHaveSuffix(fileName) { return nil }
        let (scale, device) = scaleSuffix(of: fileName)
        let points = device == "ipad" ? [76] : device == "iphone" ? [60] : [60, 76]
        guard let scale else {
            let allowed = points.flatMap { p in (1...3).map { p * $0 } }
            return w == h && allowed.contains(w) ? nil : Message(.itIsPixels, ["w": w, "h": h])
        }
        if w == h, w % scale == 0, points.contains(w / scale) { return nil }
        func pt(_ px: Int) -> String {
            px % scale == 0 ? "\(px / scale)" : String(Double(Int(Double(px) / Double(scale) * 10 + 0.5)) / 10)
        }
        return Message(.itIsPixelsAtScale, ["w": w, "h": h, "pw": pt(w), "ph": pt(h), "scale": scale])
    }

    /// The pixel sizes an activity image of this file name may have, in words: "120 or
    /// 152 px" (60 or 76 pt) for a name ending in @2x, every size for a name without a scale.
    static func expectedSize(fileName: String) -> Message {
        let (scale, device) = mayHaveSuffix(fileName) ? scaleSuffix(of: fileName) : (nil, nil)
        let points = device == "ipad" ? [76] : device == "iphone" ? [60] : [60, 76]
        let sizes = scale.map { scale in points.map { $0 * scale } } ?? points.flatMap { p in (1...3).map { p * $0 } }
        guard sizes.count > 1 else { return Message(.sizesPx, ["size": sizes[0]]) }
        return Message(.sizesOr, ["sizes": Array(sizes.dropLast()), "last": sizes[sizes.count - 1]])
    }
}
