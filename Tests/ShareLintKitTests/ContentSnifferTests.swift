import XCTest
@testable import ShareLintKit

/// Every sniffer: a real header, a truncated header, and bytes that merely start like the format.
final class ContentSnifferTests: XCTestCase {
    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
    private func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
    private func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    func testPNG() throws {
        let rgba = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.png(width: 120, height: 60)))
        XCTAssertEqual(rgba.type, "public.png")
        XCTAssertEqual(rgba.dimensions, "120x60")
        XCTAssertEqual(rgba.hasAlpha, true)
        XCTAssertNil(rgba.problem)
        let rgb = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.png(width: 100, height: 37, alpha: false)))
        XCTAssertEqual(rgb.hasAlpha, false)
        // An RGB PNG with a tRNS chunk before IDAT has alpha.
        var withTRNS = Array(ExampleFiles.png(width: 2, height: 2, alpha: false).prefix(33))
        withTRNS += be32(6) + Array("tRNS".utf8) + [0, 0, 0, 0, 0, 0] + [0, 0, 0, 0] + be32(0) + Array("IEND".utf8) + [0, 0, 0, 0]
        XCTAssertEqual(ContentSniffer.sniff(withTRNS)?.hasAlpha, true)
        let truncated = try XCTUnwrap(ContentSniffer.sniff(Array(ExampleFiles.png(width: 1, height: 1).prefix(20))))
        XCTAssertEqual(truncated.type, "public.png")
        XCTAssertNil(truncated.width)
        XCTAssertNotNil(truncated.problem)
        // Four bytes of signature: a PNG cut short.
        XCTAssertEqual(ContentSniffer.sniff([0x89, 0x50, 0x4E, 0x47])?.problems.first?.offset, 4)
    }

    func testJPEGSkipsSegmentsBeforeSOF() throws {
        let jpeg = try XCTUnwrap(ContentSniffer.sniff(ExampleFiles.jpeg(width: 1080, height: 1920)))
        XCTAssertEqual(jpeg.type, "public.jpeg")
        XCTAssertEqual(jpeg.dimensions, "1080x1920")
        XCTAssertNil(jpeg.problem)
        // A big APP1 (EXIF) segment whose length runs past the bytes read.
        let exifOnly: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0] + [UInt8](repeating: 0, count: 100)
        let truncated = try XCTUnwrap(ContentSniffer.sniff(exifOnly))
        XCTAssertEqual(truncated.type, "public.jpeg")
        XCTAssertNil(truncated.width)
        XCTAssertNotNil(truncated.problem)
        // Fill bytes before a marker, and a progressive SOF2.
        let progressive: [UInt8] = [0xFF, 0xD8, 0xFF, 0xFF, 0xC2, 0x00, 0x11, 0x08, 0x00, 0x10, 0x00, 0x20] + [UInt8](repeating: 0, count: 12)
        XCTAssertEqual(ContentSniffer.sniff(progressive)?.dimensions, "32x16")
        // DHT (C4) is not a SOF: skipped.
        let dhtFirst: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC4, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x02, 0x00, 0x03]
        XCTAssertEqual(ContentSniffer.sniff(dhtFirst)?.dimensions, "3x2")
        XCTAssertNotNil(ContentSniffer.sniff([0xFF, 0xD8, 0xFF, 0xDA])?.problem)
    }

    func testGIFWebPAndBMP() throws {
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.gif(width: 300, height: 200))?.dimensions, "300x200")
        XCTAssertNotNil(ContentSniffer.sniff(Array("GIF89a".utf8) + [1])?.problem)

        let riff = Array("RIFF".utf8) + le32(100) + Array("WEBP".utf8)
        let vp8 = riff + Array("VP8 ".utf8) + le32(20) + [0, 0, 0] + [0x9D, 0x01, 0x2A] + le16(640) + le16(480)
        XCTAssertEqual(ContentSniffer.sniff(vp8)?.dimensions, "640x480")
        XCTAssertEqual(ContentSniffer.sniff(vp8)?.hasAlpha, false)
        let bits = (99) | (49 << 14) | (1 << 28)
        let vp8l = riff + Array("VP8L".utf8) + le32(10) + [0x2F] + le32(bits)
        XCTAssertEqual(ContentSniffer.sniff(vp8l)?.dimensions, "100x50")
        XCTAssertEqual(ContentSniffer.sniff(vp8l)?.hasAlpha, true)
        let vp8x = riff + Array("VP8X".utf8) + le32(10) + [0x10, 0, 0, 0] + [0xFF, 0x01, 0x00] + [0x7F, 0x00, 0x00]
        XCTAssertEqual(ContentSniffer.sniff(vp8x)?.dimensions, "512x128")
        XCTAssertEqual(ContentSniffer.sniff(vp8x)?.hasAlpha, true)
        XCTAssertNotNil(ContentSniffer.sniff(riff + Array("VP8 ".utf8))?.problem)

        let bmp = Array("BM".utf8) + le32(1000) + le32(0) + le32(54) + le32(40) + le32(64) + le32(-32 & 0xFFFF_FFFF)
        XCTAssertEqual(ContentSniffer.sniff(bmp)?.dimensions, "64x32")
        XCTAssertNotNil(ContentSniffer.sniff(Array("BM".utf8) + le32(1000) + le32(0) + le32(54))?.problem)
        XCTAssertNil(ContentSniffer.sniff(Array("BM".utf8)))
    }

    func testContainerAndDocumentFormats() {
        func ftyp(_ major: String, _ compatible: [String] = []) -> [UInt8] {
            be32(16 + 4 * compatible.count) + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
        }
        XCTAssertEqual(ContentSniffer.sniff(ftyp("heic"))?.type, "public.heic")
        XCTAssertEqual(ContentSniffer.sniff(ftyp("mif1", ["heic"]))?.type, "public.heic")
        XCTAssertEqual(ContentSniffer.sniff(ftyp("mif1", ["avif"]))?.type, "public.avif")
        XCTAssertEqual(ContentSniffer.sniff(ftyp("mif1"))?.type, "public.heif")
        XCTAssertEqual(ContentSniffer.sniff(ftyp("isom", ["mp41"]))?.type, "public.mpeg-4")
        XCTAssertEqual(ContentSniffer.sniff(ftyp("qt  "))?.type, "com.apple.quicktime-movie")
        XCTAssertEqual(ContentSniffer.sniff(ftyp("M4A "))?.type, "public.mpeg-4-audio")
        XCTAssertNil(ContentSniffer.sniff(ftyp("zzzz")))
        XCTAssertNil(ContentSniffer.sniff(Array("xxxxftyp".utf8)))
        XCTAssertEqual(ContentSniffer.sniff(ExampleFiles.pdf)?.type, "com.adobe.pdf")
        XCTAssertNil(ContentSniffer.sniff(Array("%PD".utf8)))
        XCTAssertEqual(ContentSniffer.sniff([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])?.type, "public.tiff")
        XCTAssertEqual(ContentSniffer.sniff([0x4D, 0x4D, 0x00, 0x2A])?.type, "public.tiff")
        XCTAssertEqual(ContentSniffer.sniff(Array("PK".utf8) + [3, 4, 20, 0])?.type, "public.zip-archive")
        XCTAssertNil(ContentSniffer.sniff(Array("PK".utf8) + [9, 9]))
        XCTAssertEqual(ContentSniffer.sniff(Array("ID3".utf8) + [4, 0, 0])?.type, "public.mp3")
        XCTAssertEqual(ContentSniffer.sniff([0xFF, 0xFB, 0x90, 0x64])?.type, "public.mp3")
        XCTAssertNil(ContentSniffer.sniff([0xFF, 0xFF, 0xFF, 0xFF]))
        XCTAssertEqual(ContentSniffer.sniff(Array("RIFF".utf8) + le32(36) + Array("WAVEfmt ".utf8))?.type, "com.microsoft.waveform-audio")
        XCTAssertNil(ContentSniffer.sniff(Array("hello, world".utf8)))
        XCTAssertNil(ContentSniffer.sniff([]))
    }

    func testRandomBytesNeverCrash() {
        var generator = SeededGenerator.forTest("ContentSnifferTests.testRandomBytesNeverCrash", fallback: 0x5EED_0C01)
        let prefixes: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("GIF89a".utf8),
                                   Array("RIFF\0\0\0\0WEBP".utf8), Array("BM".utf8), [0, 0, 0, 24] + Array("ftyp".utf8)]
        for _ in 0..<2000 {
            let prefix = prefixes.randomElement(using: &generator)!
            let tail = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = ContentSniffer.sniff(prefix + tail)
        }
    }
}

final class PropertyListTests: XCTestCase {
    func testXML() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>CFBundleURLTypes</key><array><dict><key>NSPhotoLibraryAddUsageDescription</key><string>nested</string></dict></array>
          <key>NSPhotoLibraryAddUsageDescription</key><string>Save posters &amp; codes</string>
          <key>Empty</key><string/>
          <key>Flag</key><true/>
        </dict></plist>
        """
        let strings = try PropertyList.topLevelStrings(Array(xml.utf8))
        XCTAssertEqual(strings["NSPhotoLibraryAddUsageDescription"], .some("Save posters & codes"))
        XCTAssertEqual(strings["Empty"], .some(""))
        XCTAssertEqual(strings["Flag"], .some(nil))
        XCTAssertThrowsError(try PropertyList.topLevelStrings(Array("not a plist".utf8)))
    }

    /// A binary plist written by hand: { "NSPhotoLibraryAddUsageDescription": "保存海报", "n": 1 }.
    func testBinary() throws {
        var objects: [[UInt8]] = []
        let key = Array("NSPhotoLibraryAddUsageDescription".utf8)
        objects.append([0xD2, 1, 2, 3, 4])                           // dict of 2: keys 1, 2; values 3, 4
        objects.append([0x5F, 0x10, UInt8(key.count)] + key)        // ASCII string, long length
        objects.append([0x51] + Array("n".utf8))
        let value = "保存海报".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        objects.append([0x64] + value)                               // UTF-16 string of 4
        objects.append([0x10, 1])                                    // int 1
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects { offsets.append(bytes.count); bytes += object }
        let table = bytes.count
        bytes += offsets.map { UInt8($0) }
        bytes += [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)] + [UInt8](repeating: 0, count: 8)
            + [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        let strings = try PropertyList.topLevelStrings(bytes)
        XCTAssertEqual(strings["NSPhotoLibraryAddUsageDescription"], .some("保存海报"))
        XCTAssertEqual(strings["n"], .some(nil))
        XCTAssertThrowsError(try PropertyList.topLevelStrings(Array(bytes.prefix(30))))
        var broken = bytes
        broken[broken.count - 1] = 0xFF
        XCTAssertThrowsError(try PropertyList.topLevelStrings(broken))
    }

    private static func be64(_ v: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> (UInt64($0) * 8)) & 0xFF) } }

    /// A binary plist { "a": "b" } with its trailer and objects open to tampering.
    private static func binary(objects: [[UInt8]], count: UInt64? = nil, top: UInt64 = 0, table: UInt64? = nil) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects { offsets.append(UInt8(bytes.count)); bytes += object }
        let tableStart = bytes.count
        bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1] + be64(count ?? UInt64(objects.count)) + be64(top) + be64(table ?? UInt64(tableStart))
        return bytes
    }

    /// 48–58 byte files with a crafted table offset, dictionary count or string
    /// length crashed the reader (and crash PropertyListDecoder itself): each is a failure
    /// now, within a time bound.
    func testCraftedBinaryLengthsAreFailuresNotCrashes() throws {
        let good = Self.binary(objects: [[0xD1, 1, 2], [0x51, 0x61], [0x51, 0x62]])
        XCTAssertEqual(try PropertyList.topLevelStrings(good), ["a": .some("b")])
        let clock = ContinuousClock()
        let start = clock.now
        var cases: [[UInt8]] = []
        for evil: UInt64 in [.max, .max / 2, UInt64(Int64.max), 1 << 62, 1 << 61, 1 << 32, 200] {
            cases.append(Self.binary(objects: [[0xD1, 1, 2], [0x51, 0x61], [0x51, 0x62]], table: evil))
            cases.append(Self.binary(objects: [[0xD1, 1, 2], [0x51, 0x61], [0x51, 0x62]], count: evil))
            cases.append(Self.binary(objects: [[0xD1, 1, 2], [0x51, 0x61], [0x51, 0x62]], top: evil))
            cases.append(Self.binary(objects: [[0xDF, 0x13] + Self.be64(evil) + [1, 2], [0x51, 0x61], [0x51, 0x62]]))
            cases.append(Self.binary(objects: [[0xD1, 1, 2], [0x5F, 0x13] + Self.be64(evil) + [0x61], [0x51, 0x62]]))
            cases.append(Self.binary(objects: [[0xD1, 1, 2], [0x51, 0x61], [0x6F, 0x13] + Self.be64(evil) + [0, 0x62]]))
        }
        for bytes in cases {
            XCTAssertLessThanOrEqual(bytes.count, 70)
            XCTAssertThrowsError(try PropertyList.topLevelStrings(bytes)) { error in
                XCTAssertTrue("\(error)".contains("malformed"), "\(error)")
            }
        }
        XCTAssertLessThan(clock.now - start, .seconds(2))
    }

    /// A dictionary that contains itself, and a value that is an array containing itself:
    /// refused, as CFBinaryPlist refuses them (the decoder, reading lazily, accepted both).
    func testBinaryCyclesAreRefused() throws {
        for bytes in [Self.binary(objects: [[0xD1, 1, 0], [0x51, 0x61]]), Self.binary(objects: [[0xD1, 1, 2], [0x51, 0x61], [0xA1, 2]])] {
            XCTAssertThrowsError(try PropertyList.topLevelStrings(bytes)) { error in
                XCTAssertEqual("\(error)", "the binary property list is malformed (an array or dictionary contains itself)")
            }
        }
    }

    /// What the XML reader reads: comments, CDATA, entities, DOCTYPE, UTF-16 with a byte
    /// order mark; a top-level array and deep nesting get a clear message.
    func testXMLFeaturesAndClearFailures() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <!-- <key>NSPhotoLibraryAddUsageDescription</key><string>decoy</string> -->
          <key>NSPhotoLibraryAddUsageDescription</key><string><![CDATA[Save <b>posters</b>]]> &amp; codes &#x263A;</string>
        </dict></plist>
        """
        XCTAssertEqual(try PropertyList.topLevelStrings(Array(xml.utf8))["NSPhotoLibraryAddUsageDescription"], .some("Save <b>posters</b> & codes ☺"))
        var utf16: [UInt8] = [0xFE, 0xFF]
        for unit in xml.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16 { utf16 += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        XCTAssertEqual(try PropertyList.topLevelStrings(utf16)["NSPhotoLibraryAddUsageDescription"], .some("Save <b>posters</b> & codes ☺"))
        XCTAssertThrowsError(try PropertyList.topLevelStrings(Array("<plist><array><string>a</string></array></plist>".utf8))) { error in
            XCTAssertEqual("\(error)", "the property list's top-level value is not a dictionary")
        }
        let deep = "<plist><dict><key>a</key>" + String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000) + "</dict></plist>"
        XCTAssertThrowsError(try PropertyList.topLevelStrings(Array(deep.utf8))) { error in
            XCTAssertTrue("\(error)".contains("nests deeper than 512"), "\(error)")
        }
    }
}
