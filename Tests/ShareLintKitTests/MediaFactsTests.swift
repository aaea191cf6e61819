import ShareLintMessages
import XCTest
@testable import ShareLintKit
import YAMLSyntax

/// Files as iOS sees them: damage with offsets, sizes as displayed,
/// HEIF/AVIF/TIFF, real alpha, scale suffixes, and bounded reads. Every file is built
/// in memory.
final class MediaFactsTests: XCTestCase {
    private func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// A PNG whose IHDR has the given fields, with a correct CRC unless `damageCRC`.
    private func png(width: Int = 32, height: Int = 32, depth: UInt8 = 8, colorType: UInt8 = 6, damageCRC: Bool = false) -> [UInt8] {
        var ihdr = ExampleFiles.pngChunk("IHDR", be32(width) + be32(height) + [depth, colorType, 0, 0, 0])
        if damageCRC { ihdr[ihdr.count - 1] ^= 0xFF }
        return ExampleFiles.pngSignature + ihdr + ExampleFiles.pngChunk("IDAT", [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0, 0, 0, 1]) + ExampleFiles.pngChunk("IEND", [])
    }

    private func lint(_ yaml: String, files: [String: [UInt8]]) -> [Diagnostic] {
        // Most cases have no title or preview: the header's warning is beside the point.
        Linter().lint(bytes: Array(yaml.utf8), displayPath: "t.share.yaml", directory: "", files: InMemoryFileSystem(files: files))
            .diagnostics.filter { $0.rule != "no-header-preview" }
    }

    // MARK: Damage, with offsets

    func testCorruptIHDRFieldsAreReportedWithTheirOffsets() throws {
        let colour = try XCTUnwrap(ContentSniffer.sniff(png(colorType: 5)))
        XCTAssertEqual(colour.problems.map(\.offset), [25])
        XCTAssertTrue(colour.problems[0].message.contains("colour type 5 does not exist"), colour.problems[0].message)
        XCTAssertNil(colour.width, "a damaged header gives no size")
        let depth = try XCTUnwrap(ContentSniffer.sniff(png(depth: 3, colorType: 2)))
        XCTAssertEqual(depth.problems.map(\.offset), [24])
        XCTAssertTrue(depth.problems[0].message.contains("expected 8, 16"), depth.problems[0].message)
        XCTAssertEqual(ContentSniffer.sniff(png(colorType: 6))?.problems, [])
        // No IHDR first: the IDAT's name is shown.
        let noIHDR = ExampleFiles.pngSignature + ExampleFiles.pngChunk("IDAT", [1, 2, 3])
        let missing = try XCTUnwrap(ContentSniffer.sniff(noIHDR))
        XCTAssertEqual(missing.problems.first?.offset, 12)
        XCTAssertTrue(missing.problems.first?.message.contains("\"IDAT\"") == true, missing.problems.first?.message ?? "")
        // A signature damaged by line-ending conversion.
        var converted = png()
        converted.replaceSubrange(4..<6, with: [0x0A])
        XCTAssertTrue(ContentSniffer.sniff(converted)?.problems.first?.message.contains("line endings") == true)
    }

    func testIHDRCRCMismatch() throws {
        let content = try XCTUnwrap(ContentSniffer.sniff(png(damageCRC: true)))
        XCTAssertEqual(content.problems.map(\.offset), [29])
        XCTAssertTrue(content.problems[0].message.contains("IHDR CRC"), content.problems[0].message)
        XCTAssertNil(content.hasAlpha)
    }

    func testEmptyFileAndZeroSizes() throws {
        XCTAssertNil(ContentSniffer.sniff([]))
        let zeroWidth = try XCTUnwrap(ContentSniffer.sniff(png(width: 0)))
        XCTAssertEqual(zeroWidth.problems.map(\.offset), [16])
        XCTAssertNil(zeroWidth.width)
        let gif = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.gif(width: 0, height: 32)))
        XCTAssertEqual(gif.problems.map(\.offset), [6])
        XCTAssertNil(gif.dimensions)
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.jpeg(width: 0, height: 10))?.problems.count, 1)
    }

    func testEmptyPayloadAndThumbnailAreReportedAndSizesSayWhyTheyAreUnknown() {
        let yaml = "schemaVersion: 1\nitems:\n  - file: poster.png\n    previews:\n      thumbnail: poster.png\nexcludedActivityTypes: [saveToCameraRoll]\napplicationActivities:\n  - type: com.example.app.save\n    title: Save\n    image: icon.png\n"
        let diagnostics = lint(yaml, files: ["poster.png": [], "icon.png": png(damageCRC: true)])
        let corrupt = diagnostics.filter { $0.rule == "corrupt-file" }
        XCTAssertEqual(corrupt.map(\.range.start.line), [3, 5, 10])
        XCTAssertTrue(corrupt[0].message.contains("is empty (0 bytes): expected PNG data"), corrupt[0].message)
        XCTAssertTrue(corrupt[2].message.contains("at byte 29"), corrupt[2].message)
        let preview = diagnostics.filter { $0.rule == "preview-size" }
        XCTAssertEqual(preview.map(\.message), ["the thumbnail's size is unknown because the file is empty"])
        let activity = diagnostics.filter { $0.rule == "activity-image" }
        XCTAssertEqual(activity.count, 1)
        XCTAssertTrue(activity.first?.message.contains("its size is unknown because the IHDR CRC") == true, activity.first?.message ?? "")
    }

    func testBytesThatAreNotTheDeclaredFormat() {
        let diagnostics = lint("schemaVersion: 1\nitems:\n  - type: public.png\n    file: poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n",
                               files: ["poster.png": Array("<html>".utf8)])
        XCTAssertEqual(diagnostics.map(\.rule), ["corrupt-file"])
        XCTAssertTrue(diagnostics[0].message.contains("expected 89 50 4E 47 0D 0A 1A 0A at byte 0, found 3C 68 74 6D 6C 3E (\"<html>\")"), diagnostics[0].message)
    }

    func testTruncatedPNGAndBase64() throws {
        let whole = ExampleFiles.png(width: 64, height: 64)
        let cut = try XCTUnwrap(ContentSniffer.sniff(Array(whole.prefix(60))))
        XCTAssertEqual(cut.problems.first?.offset, 33)
        XCTAssertTrue(cut.problems.first?.message.contains("past the end of the file (60 bytes)") == true, cut.problem ?? "")
        XCTAssertEqual(cut.dimensions, "64x64", "the header itself is whole")
        let base64 = Base64Encoding.encode(Array(whole.prefix(20)))
        let diagnostics = lint("schemaVersion: 1\nitems:\n  - type: public.png\n    base64: \(base64)\nexcludedActivityTypes: [saveToCameraRoll]\n", files: [:])
        XCTAssertEqual(diagnostics.map(\.rule), ["corrupt-file"])
        XCTAssertTrue(diagnostics[0].message.hasPrefix("the base64 payload is a damaged PNG: at byte 20"), diagnostics[0].message)
    }

    // MARK: Sizes as displayed

    func testEXIFOrientationSwapsTheDisplayedSize() throws {
        for (orientation, displayed) in [(1, "227x149"), (3, "227x149"), (6, "149x227"), (8, "149x227")] {
            let content = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.jpeg(width: 227, height: 149, orientation: orientation)))
            XCTAssertEqual(content.orientation, orientation)
            XCTAssertEqual(content.dimensions, "227x149")
            XCTAssertEqual(content.displayedDimensions, displayed, "orientation \(orientation)")
        }
        XCTAssertNil(ContentSniffer.sniff(ExampleFiles.jpeg(width: 227, height: 149, orientation: 9))?.orientation)
        // A thumbnail that matches the displayed (portrait) size is not "swapped".
        let yaml = "schemaVersion: 1\nitems:\n  - file: photo.jpg\n    previews:\n      thumbnail: thumb.png\n      fullSize: photo.jpg\nexcludedActivityTypes: [saveToCameraRoll]\n"
        let portrait = ExampleFiles.jpeg(width: 227, height: 149, orientation: 6)
        XCTAssertEqual(lint(yaml, files: ["photo.jpg": portrait, "thumb.png": ExampleFiles.png(width: 149, height: 227)]).map(\.rule), [])
        let swapped = lint(yaml, files: ["photo.jpg": portrait, "thumb.png": ExampleFiles.png(width: 227, height: 149)])
        XCTAssertEqual(swapped.map(\.rule), ["preview-size"])
        XCTAssertTrue(swapped.first?.message.contains("(149x227 px)") == true, swapped.first?.message ?? "")
    }

    func testJPEGSizeAfter70KiBOfSegmentsAndAfterStrayBytes() throws {
        let late = ExampleFiles.jpeg(width: 640, height: 480, padding: 70 * 1024)
        XCTAssertGreaterThan(late.count, ContentSniffer.headLimit)
        let content = try XCTUnwrap(ContentSniffer.sniff(late))
        XCTAssertEqual(content.dimensions, "640x480")
        XCTAssertEqual(content.problems, [])
        XCTAssertLessThan(content.bytesRead, ContentSniffer.headLimit + 64, "segments past the head are skipped by seeking, not read")
        let stray = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.jpeg(width: 64, height: 48, stray: 5)))
        XCTAssertEqual(stray.dimensions, "64x48")
        XCTAssertEqual(stray.problems, [])
        XCTAssertTrue(stray.notes.first?.english.hasPrefix("5 stray bytes") == true, stray.notes.description)
        // A segment that runs past the end of the file.
        let truncated = try XCTUnwrap(ContentSniffer.sniff(Array(late.prefix(40_000))))
        XCTAssertNil(truncated.width)
        XCTAssertTrue(truncated.problem?.contains("past the end of the file (40000 bytes)") == true, truncated.problem ?? "")
    }

    func testHEICWithISPEAndTransforms() throws {
        let plain = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.heif(brands: ["heic", "mif1", "heic"], width: 4032, height: 3024)))
        XCTAssertEqual(plain.type, "public.heic")
        XCTAssertEqual(plain.dimensions, "4032x3024")
        XCTAssertEqual(plain.orientation, 1)
        XCTAssertEqual(plain.problems, [])
        let turned = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.heif(brands: ["mif1", "heic"], width: 4032, height: 3024, rotation: 1)))
        XCTAssertEqual(turned.orientation, 8)
        XCTAssertEqual(turned.displayedDimensions, "3024x4032")
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.heif(brands: ["heic"], width: 10, height: 20, rotation: 3))?.orientation, 6)
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.heif(brands: ["heic"], width: 10, height: 20, mirror: 0))?.orientation, 2)
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.heif(brands: ["heic"], width: 10, height: 20, rotation: 1, mirror: 1))?.orientation, 5)
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.heif(brands: ["heic"], width: 10, height: 20, rotation: 2))?.displayedDimensions, "10x20")
        // A 32x32 HEIC thumbnail is now seen.
        let yaml = "schemaVersion: 1\nitems:\n  - file: photo.heic\n    previews:\n      thumbnail: thumb.heic\nexcludedActivityTypes: [saveToCameraRoll]\n"
        let diagnostics = lint(yaml, files: ["photo.heic": ExampleFiles.heif(brands: ["heic"], width: 4032, height: 3024),
                                             "thumb.heic": ExampleFiles.heif(brands: ["heic"], width: 32, height: 32)])
        XCTAssertEqual(diagnostics.map(\.message), ["the thumbnail is 32x32 px; iOS asks for at least 64x64"])
        // Without ispe, or without meta: damage with an offset.
        let ftypOnly = Array(ExampleFiles.heif(brands: ["heic"], width: 1, height: 1).prefix(16))
        XCTAssertTrue(ContentSniffer.sniff(ftypOnly)?.problem?.contains("no 'meta' box") == true)
        var noISPE = ExampleFiles.heif(brands: ["heic"], width: 1, height: 1)
        let ispe = try XCTUnwrap(noISPE.indices.first { Array(noISPE[$0..<min(noISPE.count, $0 + 4)]) == Array("ispe".utf8) })
        noISPE.replaceSubrange(ispe..<(ispe + 4), with: Array("free".utf8))
        XCTAssertTrue(ContentSniffer.sniff(noISPE)?.problem?.contains("no size ('ispe') property") == true)
    }

    func testHEIFBrandsAndAVIF() throws {
        for brand in ["mif3", "avci", "vvic"] {
            XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.heif(brands: [brand], width: 8, height: 8))?.type, "public.heif", brand)
        }
        let avif = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.heif(brands: ["avif", "mif1", "miaf"], width: 1200, height: 800)))
        XCTAssertEqual(avif.type, "public.avif")
        XCTAssertEqual(avif.dimensions, "1200x800")
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.heif(brands: ["mif1", "avif"], width: 8, height: 8))?.type, "public.avif")
        let bytes = ExampleFiles.heif(brands: ["avif", "mif1"], width: 1200, height: 800)
        let declaredHEIC = lint("schemaVersion: 1\nitems:\n  - type: public.heic\n    file: poster.heic\nexcludedActivityTypes: [saveToCameraRoll]\n", files: ["poster.heic": bytes])
        XCTAssertEqual(declaredHEIC.map(\.rule), ["content-type-mismatch"])
        XCTAssertEqual(declaredHEIC.first?.suggestion, "public.avif")
        XCTAssertEqual(lint("schemaVersion: 1\nitems:\n  - file: poster.avif\nexcludedActivityTypes: [saveToCameraRoll]\n", files: ["poster.avif": bytes]).map(\.rule), [])
        // HEIC bytes declared public.heif stay compatible (siblings).
        XCTAssertEqual(lint("schemaVersion: 1\nitems:\n  - type: public.heif\n    file: a.heif\nexcludedActivityTypes: [saveToCameraRoll]\n",
                            files: ["a.heif": ExampleFiles.heif(brands: ["heic"], width: 8, height: 8)]).map(\.rule), [])
    }

    func testTIFFAndBigTIFF() throws {
        let classic = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.tiff(width: 300, height: 200, orientation: 6)))
        XCTAssertEqual(classic.type, "public.tiff")
        XCTAssertEqual(classic.dimensions, "300x200")
        XCTAssertEqual(classic.displayedDimensions, "200x300")
        let big = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.tiff(width: 70_000, height: 5, bigTIFF: true)))
        XCTAssertEqual(big.type, "public.tiff")
        XCTAssertEqual(big.format, "BigTIFF")
        XCTAssertEqual(big.dimensions, "70000x5")
        XCTAssertEqual(big.problems, [])
        let cut = try XCTUnwrap(ContentSniffer.sniff(Array(ExampleFiles.tiff(width: 3, height: 3).prefix(12))))
        XCTAssertNil(cut.width)
        XCTAssertFalse(cut.problems.isEmpty)
    }

    // MARK: Alpha that is really there

    func testPixelsDecideTransparency() {
        func check(_ bytes: [UInt8]) -> PixelTransparency { PNGTransparency.check(InMemoryFile(bytes)) }
        XCTAssertEqual(check(ExampleFiles.opaqueRGBA(width: 120, height: 120)), .opaque)
        XCTAssertEqual(check(ExampleFiles.png(width: 120, height: 120)), .transparent)
        // One transparent pixel in the last row, written with the Sub and Up filters.
        for filter: UInt8 in [0, 1, 2] {
            let last = ExampleFiles.png(width: 5, height: 4, colorType: 6, filter: filter) { y in
                (0..<5).flatMap { x in [UInt8(x * 40), 200, UInt8(y * 30), y == 3 && x == 4 ? 254 : 255] }
            }
            XCTAssertEqual(check(last), .transparent, "filter \(filter)")
        }
        // 16-bit grey with alpha, fully opaque.
        XCTAssertEqual(check(ExampleFiles.png(width: 3, height: 2, colorType: 4, bitDepth: 16) { _ in (0..<3).flatMap { _ in [0x12, 0x34, 0xFF, 0xFF] } }), .opaque)
        // RGB with a tRNS colour key: transparent only where a pixel has that colour.
        let keyed = ExampleFiles.png(width: 2, height: 1, colorType: 2, chunks: [("tRNS", [0, 1, 0, 2, 0, 3])]) { _ in [9, 9, 9, 1, 2, 3] }
        XCTAssertEqual(check(keyed), .transparent)
        let unkeyed = ExampleFiles.png(width: 2, height: 1, colorType: 2, chunks: [("tRNS", [0, 1, 0, 2, 0, 3])]) { _ in [9, 9, 9, 9, 9, 9] }
        XCTAssertEqual(check(unkeyed), .opaque)
        // Too large to inflate within the bound: undecided, nothing read.
        XCTAssertEqual(check(png(width: 5000, height: 5000)), .unknown(Message(.alphaTooLarge, ["bytes": "100005000", "limit": PNGTransparency.outputLimit])))
        XCTAssertEqual(check(png(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF, depth: 16)).isUnknown, true, "nothing is allocated for a huge image")
    }

    func testOpaqueRGBAIconIsNotATemplateImage() {
        let yaml = "schemaVersion: 1\nitems:\n  - text: hi\napplicationActivities:\n  - type: com.example.app.save\n    title: Save\n    image: icon.png\n"
        let opaque = lint(yaml, files: ["icon.png": ExampleFiles.opaqueRGBA(width: 120, height: 120)])
        XCTAssertEqual(opaque.map(\.rule), ["activity-image"])
        XCTAssertTrue(opaque.first?.message.contains("every pixel is opaque") == true, opaque.first?.message ?? "")
        XCTAssertEqual(lint(yaml, files: ["icon.png": ExampleFiles.png(width: 120, height: 120)]).map(\.rule), [])
    }

    func testPaletteWithTRNSAfter64KiBOfMetadata() throws {
        let text = Array("Comment\0".utf8) + [UInt8](repeating: 0x41, count: 70 * 1024)
        let palette = ExampleFiles.png(width: 4, height: 4, colorType: 3, bitDepth: 2,
                                       chunks: [("PLTE", [0, 0, 0, 255, 255, 255]), ("tEXt", text), ("tRNS", [255, 0])]) { y in
            [y == 2 ? 0b0000_0100 : 0]
        }
        XCTAssertGreaterThan(palette.count, ContentSniffer.headLimit)
        let content = try XCTUnwrap(ContentSniffer.sniff(palette))
        XCTAssertEqual(content.hasAlpha, true)
        XCTAssertEqual(content.problems, [])
        XCTAssertLessThan(content.bytesRead, ContentSniffer.headLimit + 1024)
        XCTAssertEqual(PNGTransparency.check(InMemoryFile(palette)), .transparent, "pixel (2, 2) uses index 1, whose alpha is 0")
        let allIndexZero = ExampleFiles.png(width: 4, height: 4, colorType: 3, bitDepth: 2,
                                            chunks: [("PLTE", [0, 0, 0, 255, 255, 255]), ("tEXt", text), ("tRNS", [255, 0])]) { _ in [0] }
        XCTAssertEqual(PNGTransparency.check(InMemoryFile(allIndexZero)), .opaque)
    }

    // MARK: Scale suffixes

    /// The shortcut for names without `@` or `~` holds: such an ASCII name has no suffix,
    /// and names that may have one (or are not ASCII) are looked at.
    func testNamesWithoutSuffixCharactersHaveNoSuffix() {
        for name in ["icon.png", "ICON.PNG", "icon", ".png", "a.b.c", "icon-3x.png"] {
            XCTAssertFalse(ActivityImageRule.mayHaveSuffix(name), name)
            XCTAssertNil(ActivityImageRule.scaleSuffix(of: name).scale, name)
            XCTAssertNil(ActivityImageRule.scaleSuffix(of: name).device, name)
        }
        for name in ["icon@3x.png", "icon~ipad.png", "İcon@2x.png", "ícono.png", "icon\u{FF20}3x.png"] {
            XCTAssertTrue(ActivityImageRule.mayHaveSuffix(name), name)
        }
        XCTAssertEqual(ActivityImageRule.sizeProblem(width: 180, height: 180, fileName: "icon@2x.png"),
                       ActivityImageRule.sizeProblem(width: 180, height: 180, fileName: "ICON@2X.PNG"))
    }

    func testScaleSuffixesGiveThePointSize() {
        XCTAssertEqual(ActivityImageRule.scaleSuffix(of: "icon@2x.png").scale, 2)
        XCTAssertEqual(ActivityImageRule.scaleSuffix(of: "icon@3x~ipad.png").scale, 3)
        XCTAssertEqual(ActivityImageRule.scaleSuffix(of: "icon@3x~ipad.png").device, "ipad")
        XCTAssertNil(ActivityImageRule.scaleSuffix(of: "icon.png").scale)
        XCTAssertNil(ActivityImageRule.sizeProblem(width: 180, height: 180, fileName: "icon@3x.png"))
        XCTAssertNil(ActivityImageRule.sizeProblem(width: 152, height: 152, fileName: "icon@2x~ipad.png"))
        XCTAssertNil(ActivityImageRule.sizeProblem(width: 180, height: 180, fileName: "icon.png"))
        XCTAssertEqual(ActivityImageRule.sizeProblem(width: 180, height: 180, fileName: "icon@2x.png")?.english,
                       "it is 180x180 px, 90x90 pt at @2x")
        XCTAssertEqual(ActivityImageRule.expectedSize(fileName: "icon@2x.png").english, "120 or 152 px")
        XCTAssertEqual(ActivityImageRule.sizeProblem(width: 120, height: 120, fileName: "icon@3x.png")?.english,
                       "it is 120x120 px, 40x40 pt at @3x")
        XCTAssertEqual(ActivityImageRule.expectedSize(fileName: "icon@3x.png").english, "180 or 228 px")
        XCTAssertEqual(ActivityImageRule.sizeProblem(width: 100, height: 100, fileName: "icon@3x~iphone.png")?.english,
                       "it is 100x100 px, 33.3x33.3 pt at @3x")
        XCTAssertEqual(ActivityImageRule.expectedSize(fileName: "icon@3x~iphone.png").english, "180 px")
        XCTAssertEqual(ActivityImageRule.expectedSize(fileName: "icon.png").english, "60, 120, 180, 76, 152 or 228 px")
        XCTAssertEqual(ActivityImageRule.sizeProblem(width: 152, height: 152, fileName: "icon@2x~iphone.png")?.english.hasPrefix("it is 152x152 px, 76x76 pt at @2x"), true)
    }

    // MARK: Bounded reads

    /// A file of `size` bytes made up on demand, counting what is read.
    final class SyntheticFile: RandomAccessFile {
        let size: Int
        let shortReadsFrom: Int?
        let byteAt: (Int) -> UInt8
        var bytesRead = 0
        init(size: Int, shortReadsFrom: Int? = nil, byteAt: @escaping (Int) -> UInt8) {
            self.size = size
            self.shortReadsFrom = shortReadsFrom
            self.byteAt = byteAt
        }
        func read(at offset: Int, count: Int) -> [UInt8] {
            let end = min(offset + count, shortReadsFrom ?? size, size)
            guard offset < end else { return [] }
            bytesRead += end - offset
            return (offset..<end).map(byteAt)
        }
    }

    func testReadingStaysBoundedOnAHugeFile() throws {
        // A 1 GiB PNG whose chunks before IDAT go on and on: 64 KiB tEXt chunks.
        let start = ExampleFiles.pngSignature + ExampleFiles.pngChunk("IHDR", be32(8) + be32(8) + [8, 3, 0, 0, 0])
        let chunk = 65_536
        let header = be32(chunk - 12) + Array("tEXt".utf8)
        let file = SyntheticFile(size: 1 << 30) { offset in
            if offset < start.count { return start[offset] }
            let inChunk = (offset - start.count) % chunk
            return inChunk < 8 ? header[inChunk] : 0x41
        }
        let content = try XCTUnwrap(ContentSniffer.sniff(file: file))
        XCTAssertEqual(content.dimensions, "8x8")
        XCTAssertLessThanOrEqual(file.bytesRead, ContentSniffer.readLimit)
        XCTAssertEqual(content.problems, [], "stopping at the bound is not damage")
        XCTAssertEqual(PNGTransparency.check(file).isUnknown, true)
        XCTAssertLessThanOrEqual(file.bytesRead, 2 * ContentSniffer.readLimit + PNGTransparency.inputLimit)
        // A JPEG with 1 GiB of segments before its SOF.
        let jpeg = SyntheticFile(size: 1 << 30) { offset in
            if offset < 2 { return [0xFF, 0xD8][offset] }
            // APP2 segments of the largest size: FF E2, length FFFF, 65,533 bytes of data.
            let inSegment = (offset - 2) % 65_537
            return inSegment < 4 ? [0xFF, 0xE2, 0xFF, 0xFF][inSegment] : 0x20
        }
        let jpegContent = try XCTUnwrap(ContentSniffer.sniff(file: jpeg))
        XCTAssertNil(jpegContent.width)
        XCTAssertLessThanOrEqual(jpeg.bytesRead, ContentSniffer.readLimit)
    }

    func testEveryTruncationAndRandomDamageEndsInFactsNotACrash() {
        let files: [[UInt8]] = [
            ExampleFiles.png(width: 9, height: 7, colorType: 6, filter: 1) { y in (0..<36).map { UInt8(($0 + y) % 256) } },
            ExampleFiles.png(width: 5, height: 3, colorType: 3, bitDepth: 4, chunks: [("PLTE", [0, 0, 0]), ("tRNS", [0])]) { _ in [0x01, 0x23, 0x40] },
            ExampleFiles.jpeg(width: 30, height: 20, orientation: 6, stray: 2),
            ExampleFiles.heif(brands: ["avif", "mif1"], width: 40, height: 30, rotation: 1, mirror: 0),
            ExampleFiles.tiff(width: 3, height: 4, orientation: 8),
            ExampleFiles.tiff(width: 3, height: 4, bigTIFF: true),
        ]
        var generator = SeededGenerator.forTest("damaged media files", fallback: 0x5EED_0C03)
        var sniffed = 0
        for file in files {
            for length in 0...file.count {
                let prefix = Array(file.prefix(length))
                if ContentSniffer.sniff(prefix) != nil { sniffed += 1 }
                _ = PNGTransparency.check(InMemoryFile(prefix))
            }
            for _ in 0..<300 {
                var damaged = file
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                _ = ContentSniffer.sniff(damaged)
                _ = PNGTransparency.check(InMemoryFile(damaged))
            }
        }
        XCTAssertGreaterThan(sniffed, files.map(\.count).reduce(0, +) / 2)
    }

    func testAFileThatShrinksWhileReadIsADiagnosticNotACrash() throws {
        let bytes = ExampleFiles.jpeg(width: 64, height: 64, padding: 80 * 1024)
        let file = SyntheticFile(size: bytes.count, shortReadsFrom: 70 * 1024) { bytes[$0] }
        let content = try XCTUnwrap(ContentSniffer.sniff(file: file))
        XCTAssertNil(content.width)
        XCTAssertTrue(content.problems.contains { $0.message.hasPrefix("the file changed while it was read: it had \(bytes.count) bytes") }, content.problems.description)
    }
}

private extension PixelTransparency {
    var isUnknown: Bool { if case .unknown = self { return true } else { return false } }
}

/// Standard base64, for building payloads in tests.
enum Base64Encoding {
    static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for k in 0..<4 { out.append(k <= chunk.count ? alphabet[value >> (18 - 6 * k) & 63] : "=") }
            index += 3
        }
        return out
    }
}
