import XCTest
import YAMLSyntax
@testable import ShareLintKit

final class DomainTests: XCTestCase {
    let registry = UTTypeRegistry.system

    /// The byte path of `lowercasedHasPrefix` answers as `lowercased().hasPrefix` does,
    /// at the edges where bytes and Characters could part: a combining mark right after the
    /// prefix, letters that lower into ASCII or into two scalars, CR LF, short texts.
    func testLowercasedPrefixAgreesWithTheLongWay() {
        var texts = ["com.apple.x", "COM.Apple.x", "com.apple.", "com.apple", "", "c", "com.apple.\u{301}x",
                     "com.apple\u{301}.x", "\u{130}com.apple.", "com.appl\u{212A}.", "dyn.a", "DYN.", "dyn.\r\n", "dyn\r\n",
                     "dyn.\u{301}", "Dyn.\u{0308}a", "\u{FF24}yn.", "dyn", "dy", "com.apple.UIKit", "çom.apple.", "com.apple.é"]
        for byte in UInt8(0x20)..<0x7F {
            texts.append("dyn" + String(UnicodeScalar(byte)))
            texts.append("dyn." + String(UnicodeScalar(byte)))
        }
        for text in texts {
            XCTAssertEqual(UTTypeRegistry.lowercasedHasPrefix(text, "com.apple."), text.lowercased().hasPrefix("com.apple."), text)
            XCTAssertEqual(UTTypeRegistry.lowercasedHasPrefix(text, "dyn."), text.lowercased().hasPrefix("dyn."), text)
        }
    }

    func testConformanceFactsOfTheSpec() {
        let facts: [(String, String)] = [
            ("public.png", "public.image"), ("public.image", "public.data"), ("public.image", "public.content"),
            ("public.data", "public.item"), ("public.plain-text", "public.text"), ("public.text", "public.content"),
            ("public.url", "public.data"), ("public.file-url", "public.url"), ("public.heic", "public.heif-standard"),
            ("public.heif-standard", "public.image"), ("public.mpeg-4", "public.movie"), ("public.movie", "public.audiovisual-content"),
            ("com.adobe.pdf", "public.composite-content"), ("public.vcard", "public.contact"), ("public.vcard", "public.text"),
            ("public.zip-archive", "com.pkware.zip-archive"), ("com.pkware.zip-archive", "public.archive"),
            ("public.png", "public.item"), ("PUBLIC.PNG", "public.Image"),
        ]
        for (type, parent) in facts {
            XCTAssertTrue(registry.conforms(type, to: parent), "\(type) -> \(parent)")
        }
        XCTAssertFalse(registry.conforms("public.png", to: "public.text"))
        XCTAssertFalse(registry.conforms("public.url", to: "public.file-url"))
    }

    func testEveryTypeOfTheSpecIsDeclared() {
        let spec = """
        public.item public.content public.composite-content public.data public.archive public.text public.plain-text \
        public.utf8-plain-text public.utf16-plain-text public.url public.file-url public.image public.png public.jpeg \
        public.tiff public.heif-standard public.heic public.heif com.compuserve.gif org.webmproject.webp com.microsoft.bmp \
        public.svg-image public.audiovisual-content public.movie public.video public.mpeg-4 com.apple.quicktime-movie \
        public.audio public.mp3 public.mpeg-4-audio com.microsoft.waveform-audio com.adobe.pdf public.vcard public.contact \
        public.json public.xml public.html public.rtf net.daringfireball.markdown com.apple.property-list com.pkware.zip-archive \
        public.zip-archive public.calendar-event com.apple.ical.ics public.comma-separated-values-text
        """
        for identifier in spec.split(separator: " ") {
            XCTAssertTrue(registry.contains(String(identifier)), String(identifier))
        }
        for declaration in registry.declarations {
            for parent in declaration.conformsTo {
                XCTAssertTrue(registry.contains(parent), "\(declaration.identifier) conforms to undeclared \(parent)")
            }
        }
    }

    /// A file's copy of a system declaration has the same lists in storage of its own
    /// (its reference counts are its thread's alone), and the file's facts hold such a copy.
    func testAFilesCopyOfADeclarationHasListsOfItsOwn() throws {
        func storage(_ list: [String]) -> UnsafeRawPointer? { list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        let system = try XCTUnwrap(registry.declaration(for: "public.jpeg"))
        XCTAssertFalse(system.conformsTo.isEmpty || system.extensions.isEmpty || system.mimeTypes.isEmpty)
        let copies = [system.withOwnArrays,
                      try XCTUnwrap(FileMemo(files: FileInspector(InMemoryFileSystem()), directory: ".").systemTypeFacts("public.jpeg").declaration)]
        for copy in copies {
            XCTAssertEqual(copy, system)
            XCTAssertNotEqual(storage(copy.conformsTo), storage(system.conformsTo))
            XCTAssertNotEqual(storage(copy.extensions), storage(system.extensions))
            XCTAssertNotEqual(storage(copy.mimeTypes), storage(system.mimeTypes))
        }
    }

    func testAncestorLevels() {
        XCTAssertEqual(registry.ancestorLevels(of: "public.mpeg-4"),
                       [["public.movie"], ["public.audiovisual-content"], ["public.data", "public.content"], ["public.item"]])
    }

    func testExtensionInference() {
        XCTAssertEqual(registry.inferType(forExtension: "PNG"), .type("public.png"))
        XCTAssertEqual(registry.inferType(forExtension: "zip"), .type("public.zip-archive"))
        XCTAssertEqual(registry.inferType(forExtension: "xyz"), .none)
        var custom = registry
        custom.add(UTTypeDeclaration("com.example.a", conformsTo: ["public.data"], extensions: ["md"]))
        if case .ambiguous(let candidates) = custom.inferType(forExtension: "md") {
            XCTAssertEqual(Set(candidates), ["net.daringfireball.markdown", "com.example.a"])
        } else {
            XCTFail("two unrelated types share .md")
        }
    }

    func testIdentifierSyntax() {
        XCTAssertTrue(UTTypeRegistry.isValidIdentifier("com.example.share-card"))
        XCTAssertFalse(UTTypeRegistry.isValidIdentifier("png"))
        XCTAssertFalse(UTTypeRegistry.isValidIdentifier("public png"))
        XCTAssertFalse(UTTypeRegistry.isValidIdentifier("public..png"))
        XCTAssertFalse(UTTypeRegistry.isValidIdentifier("public.png."))
    }

    func testBuiltInActivityTypes() {
        XCTAssertEqual(BuiltInActivityTypes.all.count, 20)
        XCTAssertEqual(BuiltInActivityTypes.rawValue(for: "postToTencentWeibo"), "com.apple.UIKit.activity.TencentWeibo")
        XCTAssertEqual(BuiltInActivityTypes.rawValue(for: "com.apple.UIKit.activity.AirDrop"), "com.apple.UIKit.activity.AirDrop")
        XCTAssertNil(BuiltInActivityTypes.rawValue(for: "airdrop"))
        // The raw values are written out whole: each is the prefix and the short name
        // capitalized (Tencent Weibo's drops "postTo"), and each is the raw value of the
        // model's activity of that name.
        for entry in BuiltInActivityTypes.all {
            let name = entry.shortName == "postToTencentWeibo" ? "tencentWeibo" : entry.shortName
            XCTAssertEqual(entry.rawValue, BuiltInActivityTypes.rawPrefix + name.prefix(1).uppercased() + name.dropFirst(), entry.shortName)
            XCTAssertEqual(BuiltInActivity(rawValue: entry.shortName)?.activityType, entry.rawValue, entry.shortName)
        }
    }

    /// The byte table answers as a `Dictionary` of the same keys does, for ASCII keys and
    /// for keys that are not ASCII but equal to an ASCII name as a `String` (a Kelvin sign
    /// for the `K` of `UIKit`), for every built-in name and near misses.
    func testASCIIKeyTableAnswersAsADictionary() {
        var pairs: [(key: String, value: Int)] = []
        for (i, entry) in BuiltInActivityTypes.all.enumerated() {
            pairs.append((entry.shortName, 2 * i))
            pairs.append((entry.rawValue, 2 * i + 1))
        }
        let table = ASCIIKeyTable(pairs)
        let dictionary = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
        var probes = pairs.map(\.key) + ["", "a", "mai", "mail ", "Mail", "com.apple.UIKit.activity.", "airdrop", "airDrop\u{301}"]
        probes += pairs.map { $0.key.replacingOccurrences(of: "K", with: "\u{212A}") }
        probes += pairs.map { String($0.key.dropLast()) }
        for probe in probes { XCTAssertEqual(table.value(for: probe), dictionary[probe], probe) }
        XCTAssertEqual(table.value(for: "com.apple.UI\u{212A}it.activity.Mail"), dictionary["com.apple.UIKit.activity.Mail"])
        XCTAssertNotNil(table.value(for: "com.apple.UI\u{212A}it.activity.Mail"))
        XCTAssertEqual(BuiltInActivityTypes.rawValue(for: "com.apple.UI\u{212A}it.activity.Mail"), "com.apple.UI\u{212A}it.activity.Mail",
                       "a raw value is answered as written")
        XCTAssertEqual(BuiltInActivityTypes.rawValue(for: "mail"), "com.apple.UIKit.activity.Mail")
        // A table with a key that is not ASCII answers through its dictionary.
        let other = ASCIIKeyTable([(key: "caf\u{E9}", value: 1), (key: "K", value: 2)])
        XCTAssertEqual(other.value(for: "cafe\u{301}"), 1)
        XCTAssertEqual(other.value(for: "\u{212A}"), 2)
        XCTAssertNil(other.value(for: "k"))
    }

    /// The marker search (memchr for its `b`, then the whole marker) agrees with a plain
    /// search: at the start and the end of the text, among near misses, in short texts.
    func testSuppressionMarkerSearchAgreesWithAPlainOne() {
        let marker = "sharelint-disable"
        var texts = ["", "sharelint-disabl", marker, "# " + marker, marker + "-line", "bbbb", "sharelint-disabbe",
                     "xsharelint-disablx", String(repeating: "b", count: 40) + marker, "a: b\n# sharelint-disable-next-line x\n",
                     "sharelint-enable b b b", "harelint-disable", "ab" + marker.dropFirst()]
        texts += (0..<marker.count).map { String(marker.prefix($0)) + "b" + String(marker.dropFirst($0 + 1)) }
        for text in texts {
            let bytes = Array(text.utf8)
            XCTAssertEqual(bytes.withBytes { Suppressions.mentioned(in: $0) }, text.contains(marker), text)
        }
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestions.nearest(to: "mesageBody", in: ["title", "messageBody"]), "messageBody")
        XCTAssertEqual(Suggestions.nearest(to: "public.pgn", in: ["public.png", "public.jpeg"]), "public.png")
        XCTAssertNil(Suggestions.nearest(to: "zzz", in: ["title", "messageBody"]))
    }

    /// The registry's tables are shared by copies until one adds a declaration: the other
    /// copy (and the system table, whose copies count no reference to its tables) must
    /// never see it.
    func testAddingToACopyOfARegistryLeavesTheOriginalAlone() {
        let original = UTTypeRegistry.system
        var copy = original
        copy.add(UTTypeDeclaration("com.example.cow", conformsTo: ["public.png"], extensions: ["cow"]))
        XCTAssertNotNil(copy.declaration(for: "com.example.cow"))
        XCTAssertTrue(copy.conforms("com.example.cow", to: "public.image"))
        XCTAssertEqual(copy.types(forExtension: "cow").map(\.identifier), ["com.example.cow"])
        XCTAssertEqual(copy.declarations.count, original.declarations.count + 1)
        XCTAssertNil(original.declaration(for: "com.example.cow"))
        XCTAssertTrue(original.types(forExtension: "cow").isEmpty)
        XCTAssertNil(UTTypeRegistry.system.declaration(for: "com.example.cow"))
        // And the other way round: a second copy adds its own type without reaching the first.
        var second = copy
        second.add(UTTypeDeclaration("com.example.other", conformsTo: ["public.data"]))
        XCTAssertNil(copy.declaration(for: "com.example.other"))
        XCTAssertNotNil(second.declaration(for: "com.example.cow"))
        // A registry made at run time holds its tables: a copy taken before a change keeps
        // what it saw, the changed one sees its change, and so does a copy of a copy.
        var made = UTTypeRegistry([UTTypeDeclaration("com.example.a", conformsTo: ["public.data"])])
        let before = made
        made.add(UTTypeDeclaration("com.example.b", conformsTo: ["com.example.a"]))
        XCTAssertNil(before.declaration(for: "com.example.b"))
        XCTAssertTrue(made.conforms("com.example.b", to: "public.data"))
        var again = made
        again.add(UTTypeDeclaration("com.example.c"))
        XCTAssertNil(made.declaration(for: "com.example.c"))
        XCTAssertEqual(again.declarations.map(\.identifier), ["com.example.a", "com.example.b", "com.example.c"])
        XCTAssertEqual(before.declarations.map(\.identifier), ["com.example.a"])
    }

    func testTypeSuggestionsUseAliasesAndExtensions() {
        let registry = UTTypeRegistry.system
        XCTAssertEqual(registry.suggestion(for: "public.pdf"), "com.adobe.pdf")
        XCTAssertEqual(registry.suggestion(for: "public.vcf"), "public.vcard")
        XCTAssertEqual(registry.suggestion(for: "public.docx"), "org.openxmlformats.wordprocessingml.document")
        XCTAssertEqual(registry.suggestion(for: "public.utf8-text"), "public.utf8-plain-text")
        XCTAssertEqual(registry.suggestion(for: "public.pgn"), "public.png")
        // Somebody's own namespace is not read as an extension.
        XCTAssertNotEqual(registry.suggestion(for: "com.example.app.json"), "public.json")
    }

    func testSystemTypesIssueNineNamed() {
        let registry = UTTypeRegistry.system
        for (ext, type) in [("docx", "org.openxmlformats.wordprocessingml.document"), ("xlsx", "org.openxmlformats.spreadsheetml.sheet"),
                            ("pptx", "org.openxmlformats.presentationml.presentation"), ("m4v", "com.apple.m4v-video"), ("avif", "public.avif"),
                            ("pkpass", "com.apple.pkpass"), ("usdz", "com.pixar.universal-scene-description-mobile"),
                            ("epub", "org.idpf.epub-container"), ("key", "com.apple.iwork.keynote.key"), ("pages", "com.apple.iwork.pages.pages"),
                            ("numbers", "com.apple.iwork.numbers.numbers"), ("3gp", "public.3gpp"), ("aac", "public.aac-audio"),
                            ("caf", "com.apple.coreaudio-format"), ("webm", "org.webmproject.webm")] {
            XCTAssertEqual(registry.inferType(forExtension: ext), .type(type), ext)
        }
        XCTAssertTrue(registry.conforms("com.apple.m4v-video", to: "public.movie"))
        XCTAssertTrue(registry.conforms("org.openxmlformats.spreadsheetml.sheet", to: "public.spreadsheet"))
        XCTAssertFalse(registry.conforms("public.avif", to: "public.heic"))
    }

    func testBase64() {
        XCTAssertNil(Base64.problem(in: "iVBORw0KGgo="))
        XCTAssertNotNil(Base64.problem(in: "iVBORw0KGgo"))
        XCTAssertNotNil(Base64.problem(in: "ab-_"))
        XCTAssertEqual(Base64.decode("aGk="), Array("hi".utf8))
        XCTAssertEqual(Base64.decodedCount("aGk="), 2)
        XCTAssertEqual(Base64.decode("aG\n k="), Array("hi".utf8))
    }

    /// The file-scheme shortcut agrees with the parsed scheme.
    func testFileSchemeShortcutAgreesWithTheParts() {
        for text in ["file:///a.pdf", "FILE:/x", "File:", "file", "files:/x", "fil:/x", "https://a.b", "file/x", " file:/x",
                     "\u{FF46}ile:/x", "ﬁle:/x", "", "f", "file:"] {
            XCTAssertEqual(URLParts.isFileURL(text), URLParts(text)?.scheme == "file", text)
        }
    }

    func testURLParts() {
        XCTAssertEqual(URLParts("https://user@www.Example.com:8080/a?b")?.host, "www.example.com")
        XCTAssertEqual(URLParts("https://www.example.com/")?.simplifiedHost, "example.com")
        XCTAssertEqual(URLParts("https://example.com/")?.simplifiedHost, "example.com")
        XCTAssertEqual(URLParts("https://www.a.example.com/")?.simplifiedHost, "a.example.com")
        XCTAssertEqual(URLParts("https://mobile.example.com.cn/")?.simplifiedHost, "example.com.cn")
        XCTAssertEqual(URLParts("http://192.168.1.10:8080/")?.simplifiedHost, "192.168.1.10")
        XCTAssertEqual(URLParts("http://[::1]:80/")?.simplifiedHost, "::1")
        XCTAssertNil(URLParts("ftp://www.example.com/")?.simplifiedHost)
        XCTAssertEqual(URLParts("https://shop.example.co.uk")?.registrableDomain, "example.co.uk")
        XCTAssertEqual(URLParts("http://[::1]:80/")?.host, "::1")
        XCTAssertEqual(URLParts("javascript:alert(1)")?.scheme, "javascript")
        XCTAssertNil(URLParts("example.com/a"))
        XCTAssertEqual(URLParts("https://a.b.example.com")?.site, "example.com")
    }

    /// `http` and `https` written in lowercase are answered with literals; any other
    /// scheme near them, or either one in capitals, is still read from its bytes.
    func testURLPartsTakeTheUsualSchemesAsTheyAre() {
        for (text, scheme) in [("https://a.com", "https"), ("http://a.com", "http"), ("HTTPS://a.com", "https"),
                               ("Http://a.com", "http"), ("httpx://a.com", "httpx"), ("htt://a.com", "htt"),
                               ("httpt://a.com", "httpt"), ("hxtps://a.com", "hxtps"), ("https:", "https"), ("http+s:x", "http+s")] {
            XCTAssertEqual(URLParts(text)?.scheme, scheme, text)
        }
        XCTAssertEqual(URLParts("https://Shop.Example.com/a")?.host, "shop.example.com")
    }

    /// Schemes and hosts are lowered byte by byte when ASCII, as `lowercased()` lowers them;
    /// the site is found over UTF-8 for any host.
    func testURLPartsLowerAndFindTheSiteOverBytes() {
        XCTAssertEqual(URLParts("HTTPS://WWW.Example.COM/a")?.scheme, "https")
        XCTAssertEqual(URLParts("HTTPS://WWW.Example.COM/a")?.host, "www.example.com")
        XCTAssertEqual(URLParts("https://Ünïcode.Example.com/")?.host, "Ünïcode.Example.com".lowercased())
        XCTAssertEqual(URLParts("https://shop.例子.中国/")?.site, "例子.中国")
        XCTAssertEqual(URLParts("https://localhost/")?.site, "localhost")
        XCTAssertEqual(URLParts("https://a..example.com/")?.site, "example.com")
        XCTAssertEqual(URLParts("https://.com/")?.site, ".com")
    }

    /// `sameSite` compares the sites' bytes, and a site that is not ASCII as a `String`:
    /// it answers what comparing `site`s answers, for ASCII and other hosts alike.
    func testSameSiteAgreesWithComparingSites() throws {
        let urls = ["https://example.com/", "https://www.example.com/", "https://a.b.example.com/", "https://example.net/",
                    "https://localhost/", "https://.com/", "https://a..example.com/", "https://shop.例子.中国/", "https://例子.中国/",
                    "https://caf\u{E9}.example/", "https://cafe\u{301}.example/", "https://x.cafe\u{301}.example/", "https://[::1]/"]
        for a in urls {
            for b in urls {
                let pa = try XCTUnwrap(URLParts(a)), pb = try XCTUnwrap(URLParts(b))
                XCTAssertEqual(URLParts.sameSite(pa, pb), pa.site == pb.site, "\(a) \(b)")
            }
        }
        // Canonically equivalent sites written differently are the same site.
        XCTAssertTrue(URLParts.sameSite(try XCTUnwrap(URLParts("https://caf\u{E9}.example/")), try XCTUnwrap(URLParts("https://cafe\u{301}.example/"))))
    }

    /// The simplified host over bytes (ASCII hosts) is the one worked out in Characters,
    /// empty labels, two-label suffixes and addresses included.
    func testSimplifiedASCIIHostAgreesWithCharacters() {
        let hosts = ["example.com", "www.example.com", "m.example.com", "mobile.example.com", "a.b.example.com", "www.a.example.com",
                     "shop.example.co.uk", "www.example.co.uk", "co.uk", "x.co.uk", "a..example.com", "..example.com", ".com", "com",
                     "a.b.", "a..", "www..example.com", "192.168.1.10", "1.2.3", "::1", "host:8080", "www.m.example.com.cn", "x.com.cn",
                     "www.com.cn", "a.b.c.d.e.f", ""]
        for host in hosts {
            XCTAssertEqual(URLParts.simplifiedASCIIHost(host), URLParts.simplifiedHost(inCharacters: host), host)
        }
        XCTAssertNil(URLParts.simplifiedASCIIHost("例子.中国"))
    }

    /// Bits worked out once for the system table are the bits of a search, and a registry
    /// with declarations of its own is searched.
    func testProviderBitsOfTheSystemTableMatchASearch() {
        XCTAssertTrue(registry.isSystemTable)
        for declaration in registry.declarations {
            XCTAssertEqual(ActivityItemTypes.providerBits(of: declaration.identifier, registry: registry),
                           ActivityItemTypes.providerBits(of: declaration.identifier, registry: registry.withoutSystemAnswers),
                           declaration.identifier)
        }
        var custom = registry
        custom.add(UTTypeDeclaration("com.example.poster", conformsTo: ["public.png"], extensions: ["poster"]))
        XCTAssertFalse(custom.isSystemTable)
        XCTAssertEqual(ActivityItemTypes.providerBits(of: "com.example.poster", registry: custom), [.image, .data])
        XCTAssertEqual(ActivityItemTypes.providerBits(of: "public.png", registry: custom), [.image, .data])
    }

    /// The byte-level simplification of ASCII hosts (the fast path) agrees with the one in
    /// Characters on every shape of host, including empty labels and public suffixes.
    func testSimplifiedHostFastPathAgrees() {
        let hosts = ["example.com", "www.example.com", "m.example.com", "mobile.example.com", "a.b.example.com", "www.a.example.com",
                     "shop.example.co.uk", "example.co.uk", "co.uk", "com", "x", "a..example.com", "..example.com", ".example.com",
                     "example.com.", "www..com", "1.2.3.4", "1.2.3.4.example.com", "::1", "a:b", "www.m.example.com.cn",
                     "mobile.example.com.cn", "deep.sub.www.example.org", "www", "..", "."]
        for host in hosts {
            XCTAssertEqual(URLParts.simplifiedASCIIHost(host), URLParts.simplifiedHost(inCharacters: host), host)
        }
        XCTAssertNil(URLParts.simplifiedASCIIHost("例子.中国"))
        XCTAssertEqual(URLParts("https://www.例子.中国/")?.simplifiedHost, "例子.中国")
    }

    func testImplicitTypes() {
        for value in ["yes", "No", "on", "OFF", "~", "null", "0755", "1e3", "12", "-1.5", "0x1F", "190:20:30", ".inf", "1_000"] {
            XCTAssertNotNil(ImplicitTypes.nonStringReading(of: value), value)
        }
        for value in ["hello", "1.2.3", "v1", "e3", "2026-11-30x", "扫码", "1e", "+"] {
            XCTAssertNil(ImplicitTypes.nonStringReading(of: value), value)
        }
    }

    func testPathLogic() {
        XCTAssertEqual(PathLogic.normalize("/root/a/../b/./c"), "/root/b/c")
        XCTAssertNil(PathLogic.normalize("/../a"))
        XCTAssertTrue(PathLogic.isInside("/root/a", root: "/root"))
        XCTAssertFalse(PathLogic.isInside("/rootx/a", root: "/root"))
        XCTAssertEqual(PathLogic.fileExtension(of: "a/b.PNG"), "png")
        XCTAssertNil(PathLogic.fileExtension(of: "a/.hidden"))
    }

    /// `isInside` and `sameBytes` over the bytes agree with the plain definitions (equal
    /// bytes, or the root's bytes and a `/` in front of more) for roots and paths at and
    /// around every edge: empty, `/`, a trailing `/`, a longer name, NFC and NFD.
    func testPathContainmentOverBytesAgreesWithItsDefinition() {
        func inside(_ path: String, _ root: String) -> Bool {
            let p = Array(path.utf8), r = Array(root.utf8)
            if r == Array("/".utf8) || p == r { return true }
            let prefix = r.last == UInt8(ascii: "/") ? r : r + [UInt8(ascii: "/")]
            return p.count > prefix.count && Array(p.prefix(prefix.count)) == prefix
        }
        let names = ["", "/", "/r", "/r/", "/rx", "/r/a", "/r//a", "/r/a/", "r", "r/a", "/ro", "/root", "/root/", "/root/a/b",
                     "/caf\u{E9}", "/cafe\u{301}", "/caf\u{E9}/x", "/cafe\u{301}/x", "//", "/r/\u{5B57}"]
        for root in names {
            for path in names {
                XCTAssertEqual(PathLogic.isInside(path, root: root), inside(path, root), "'\(path)' in '\(root)'")
                XCTAssertEqual(PathLogic.sameBytes(path, root), Array(path.utf8) == Array(root.utf8), "'\(path)' and '\(root)'")
            }
        }
    }
}

private extension UTTypeRegistry {
    /// The same table, not marked as the system one: its answers are searched.
    var withoutSystemAnswers: UTTypeRegistry {
        var copy = self
        copy.isSystemTable = false
        return copy
    }
}
