import Foundation
import XCTest
import YAMLSyntax
@testable import ShareLintKit

/// The loader matches keys against the schema's names as bytes, with the same answers as
/// comparing them as Strings.
final class LoaderKeyTests: XCTestCase {
    private func rules(_ yaml: String) -> [String] {
        Linter().lint(bytes: Array(yaml.utf8), displayPath: "k.share.yaml", directory: "/", files: InMemoryFileSystem())
            .diagnostics.map(\.rule.rawValue)
    }

    /// The list paths written out as literals are the joins they stand for.
    func testListPathsAreTheirJoins() {
        XCTAssertEqual(Loader.indexSuffixes, (0..<16).map { "[\($0)]" })
        XCTAssertEqual(Loader.itemPaths, Loader.indexSuffixes.map { "items" + $0 })
        XCTAssertEqual(Loader.activityPaths, Loader.indexSuffixes.map { "applicationActivities" + $0 })
        XCTAssertEqual(Loader.activityItemPaths, Loader.indexSuffixes.map { "activityItems" + $0 })
        XCTAssertEqual(Loader.itemMetadataPaths, Loader.itemPaths.map { $0 + ".metadata" })
        XCTAssertEqual(Loader.itemPreviewsPaths, Loader.itemPaths.map { $0 + ".previews" })
        XCTAssertEqual(Loader.elementPath("applicationActivities", 3), "applicationActivities[3]")
        XCTAssertEqual(Loader.elementPath("applicationActivities", 16), "applicationActivities[16]")
    }

    /// The provider-bit shortcuts answer as the conformance search does, for every system type,
    /// unknown and differently cased identifiers, and a registry with its own declarations.
    func testImageShortcutAgreesWithConformance() {
        var custom = UTTypeRegistry.system
        custom.add(UTTypeDeclaration("com.example.sticker", conformsTo: ["public.png"]))
        let identifiers = UTTypeRegistry.system.declarations.map(\.identifier)
            + ["PUBLIC.PNG", "Public.Image", "com.example.sticker", "com.example.unknown", "public.image", "dyn.a", ""]
        for registry in [UTTypeRegistry.system, custom] {
            for identifier in identifiers {
                XCTAssertEqual(registry.conformsToImage(identifier), registry.conforms(identifier, to: "public.image"), identifier)
                for (parent, bit) in ActivityItemTypes.providerConformances {
                    XCTAssertEqual(registry.conforms(identifier, toParentOf: bit), registry.conforms(identifier, to: parent), "\(identifier) \(parent)")
                }
            }
        }
    }

    /// A document's `name` is checked over its bytes: ASCII letters, digits, '.', '_' and
    /// '-', a letter or digit first; a letter written in another script or width is refused.
    func testNamesAreCheckedOverTheirBytes() {
        for name in ["a", "Z9", "campaign-00005", "a.b_c-1", "0"] {
            XCTAssertTrue(Loader.isValidName(name), name)
        }
        for name in ["", "-a", ".a", "_a", "a b", "café", "ｃａｍｐａｉｇｎ", "名字", "a/b", "a\u{301}", "K\u{212A}"] {
            XCTAssertFalse(Loader.isValidName(name), name.debugDescription)
        }
        XCTAssertTrue(rules("schemaVersion: 1\nname: café\nitems:\n  - text: hi\n").contains("wrong-kind"))
        XCTAssertFalse(rules("schemaVersion: 1\nname: cafe-1\nitems:\n  - text: hi\n").contains("wrong-kind"))
    }

    /// File extensions read over the bytes of ASCII paths as they do in Characters.
    func testExtensionsReadOverBytesAsInCharacters() {
        let paths = ["a/b.PNG", "a/.hidden", "b.", "b", "a.b/c", "a/b.c.D", ".", "..", "a/..", "/x.y", "x.Y/", "poster@2x~ipad.PNG",
                     "a/b.tar.GZ", "é.png", "a.\u{301}png", "ИМЯ.PNG", "a\r\n.b", ""]
        for path in paths {
            XCTAssertEqual(PathLogic.fileExtension(of: path), PathLogic.fileExtensionInCharacters(of: path), path.debugDescription)
        }
    }

    /// YAML 1.1 numbers read over bytes as they do in Characters.
    func testNumbersReadOverBytesAsInCharacters() {
        var texts = ["0", "12", "+1", "-1", ".5", "1.5", "1e5", "1E+5", "1e-5", "1e", "1e+", "e5", "1_000", "1_0e5", "0x1F", "0xff_ff",
                     "0x", "0xg", "0X1F", "0b101", "0b", "0b12", "1:20:30", "1::2", ":1", "1:2.5", "3 Links", "1.2.3", "..", ".",
                     "+", "-", "", "12abc", "1\r\n", "1\n", "１２", "0xＡ", "1e٣", "٣"]
        texts += (0..<0x80).map { "1" + String(UnicodeScalar(UInt8($0))) + "2" }
        for text in texts {
            XCTAssertEqual(ImplicitTypes.isNumber(text), ImplicitTypes.isNumberInCharacters(text), text.debugDescription)
        }
    }

    /// The byte scan for white space answers as Unicode's White_Space property does.
    func testWhitespaceScanAgreesWithTheProperty() {
        var texts = ["", "https://example.com/a", "é", "\u{1F600}", "a\u{85}b", "a\u{A0}", "\u{2003}x", "\u{3000}", "x\u{1C}"]
        texts += (0..<0x80).map { "ab" + String(UnicodeScalar(UInt8($0))) + "cd" }
        // Past the eight-byte words, and in every position of one.
        for position in 0..<20 {
            for odd in ["\u{20}", "\u{9}", "\u{D}", "\u{21}", "\u{7F}", "é", "\u{3000}", "\u{85}"] {
                texts.append(String(repeating: "h", count: position) + odd + String(repeating: "x", count: 19 - position))
            }
        }
        for text in texts {
            XCTAssertEqual(InvalidURLRule.containsWhitespace(text), text.unicodeScalars.contains { $0.properties.isWhitespace },
                           text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
    }

    /// List entries' paths, made by concatenation for the first indexes and by
    /// interpolation after them, read the same.
    func testElementPathsReadTheSameEitherWay() {
        for i in [0, 1, 9, 10, 15, 16, 17, 123_456] {
            // The top-level lists' first paths are made once; others are joined.
            for list in ["items", "applicationActivities", "activityItems", "types", "items[2].representations"] {
                XCTAssertEqual(Loader.elementPath(list, i), "\(list)[\(i)]")
            }
            XCTAssertEqual(Loader.elementPath("", i), "[\(i)]")
        }
    }

    /// Paths made once (a top-level list's first entries, an item's metadata and previews,
    /// metadata.linkPresentation, expect.header) read as joined ones do.
    func testPathsMadeOnceReadAsJoined() {
        let yaml = """
        schemaVersion: 1
        metadata:
          linkPresentation:
            title: [1]
        items:
          - text: a
          - text: b
            metadata:
              title: [1]
            previews:
              thumbnail: [1]
        expect:
          header:
            title: [1]
          destinations: 5
        """
        let report = Linter().lint(bytes: Array(yaml.utf8), displayPath: "p.share.yaml", directory: "/", files: InMemoryFileSystem())
        let paths = Set(report.diagnostics.filter { $0.rule.rawValue == "wrong-kind" }.map(\.keyPath))
        XCTAssertEqual(paths, ["metadata.linkPresentation.title", "items[1].metadata.title", "items[1].previews.thumbnail",
                               "expect.header.title", "expect.destinations"])
    }

    /// `description`, which the model does not keep, is checked like any string field: its
    /// string is made only when a finding is possible, and the findings are the same.
    func testDescriptionIsCheckedWithoutKeepingIt() {
        let head = "schemaVersion: 1\nitems:\n  - text: hello\ndescription: "
        // A lone text item shows no header preview: that note is not about the description.
        func rules(_ yaml: String) -> [String] { self.rules(yaml).filter { $0 != "no-header-preview" } }
        XCTAssertEqual(rules(head + "[1]\n"), ["wrong-kind"])
        XCTAssertEqual(rules(head + "\n"), ["wrong-kind"])
        XCTAssertEqual(rules(head + "~\n"), ["wrong-kind"])
        XCTAssertEqual(rules(head + "yes\n"), ["implicit-type"])
        XCTAssertEqual(rules(head + "1.5\n"), ["implicit-type"])
        for quiet in ["活动海报", "\"yes\"", "!!str yes", "'~'", "\"\"", "a yes", "01x-poster"] {
            XCTAssertEqual(rules(head + quiet + "\n"), [], quiet)
        }
    }

    /// A thread takes the storage it handed back last before any other, and another
    /// thread does not take it; when the thread ends, its kept storage is free for others.
    func testEachThreadTakesBackTheStorageItGaveBack() throws {
        final class Box: @unchecked Sendable { var other: StringBuffers? }
        /// Runs `body` on a thread of its own and returns once the thread has ended
        /// (`pthread_join`: its kept storage has been handed back by then).
        func onThread(_ body: @escaping @Sendable () -> Void) {
            final class Body { let run: @Sendable () -> Void; init(_ run: @escaping @Sendable () -> Void) { self.run = run } }
            let context = Unmanaged.passRetained(Body(body)).toOpaque()
            #if canImport(Darwin)
            var thread: pthread_t?
            XCTAssertEqual(pthread_create(&thread, nil, { context in
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context), 0)
            if let thread { pthread_join(thread, nil) }
            #else
            var thread = pthread_t()
            XCTAssertEqual(pthread_create(&thread, nil, { context in
                guard let context else { return nil }
                Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context), 0)
            pthread_join(thread, nil)
            #endif
        }
        let box = Box()
        let pool = StringsPool.shared
        let mine = pool.take()
        pool.giveBack(mine)
        XCTAssertTrue(pool.take() === mine, "the storage this thread gave back is taken first")
        pool.giveBack(mine)
        onThread {
            box.other = pool.take()
            pool.giveBack(box.other!)
        }
        XCTAssertFalse(box.other === mine, "another thread does not take this thread's storage")
        // The other thread has ended: its storage is on the list now, and this thread,
        // keeping `mine`, takes `mine` first and then the ended thread's.
        let first = pool.take(), second = pool.take()
        XCTAssertTrue(first === mine)
        XCTAssertTrue(second === box.other, "an ended thread's storage is free for others")
        pool.giveBack(second)
        pool.giveBack(first)
    }

    func testKeysMatchAsBytes() {
        XCTAssertFalse(rules("schemaVersion: 1\nmetadata:\n  title: 邀请\nitems:\n  - text: hello\n").contains("unknown-key"))
        // An accented look-alike is another key, with the name it was meant to be.
        let report = Linter().lint(bytes: Array("schemaVersion: 1\nmetadata:\n  t\u{ED}tle: 邀请\nitems:\n  - text: hello\n".utf8),
                                   displayPath: "k.share.yaml", directory: "/", files: InMemoryFileSystem())
        let unknown = report.diagnostics.first { $0.rule.rawValue == "unknown-key" }
        XCTAssertEqual(unknown?.suggestion, "title")
        XCTAssertEqual(unknown?.range.start.line, 3)
        // A required key found by bytes is not reported missing; one written wrongly is.
        XCTAssertTrue(rules("schemaVersion: 1\nitems:\n  - representations:\n      - typ\u{E9}: public.plain-text\n        text: a\n").contains("unknown-key"))
        XCTAssertFalse(rules("schemaVersion: 1\nitems:\n  - representations:\n      - type: public.plain-text\n        text: a\n").contains("unknown-key"))
    }
    /// A document's string values are kept in one storage whose buffers come from a pool:
    /// a configuration kept past its document keeps its values, buffers are used again once
    /// free (the pool does not grow), and a value kept after its configuration went still
    /// reads its own text, never a later document's.
    func testStringStorageIsLeasedPerConfiguration() throws {
        func load(_ text: String) throws -> ShareConfiguration {
            let reader = YAMLDocumentReader(bytes: Array(text.utf8))
            let nodes = try XCTUnwrap(reader.next()?.nodes)
            return try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0)
        }
        let kept = try load("schemaVersion: 1\nname: first\nitems:\n  - text: 第一个文档的文字\n")
        let second = try load("schemaVersion: 1\nname: second\nitems:\n  - text: other words here\n    suggestedName: a.txt\n")
        XCTAssertEqual(kept.name?.value, "first", "a held configuration is not overwritten")
        XCTAssertEqual(kept.items.first?.representations.first?.payload?.located.value, "第一个文档的文字")
        XCTAssertEqual(kept.items.first?.representations.first?.payload?.located.path, "items[0].text")
        XCTAssertEqual(second.name?.value, "second")
        XCTAssertEqual(second.items.first?.suggestedName?.path, "items[0].suggestedName")
        // Documents loaded and let go one after another reuse free storages.
        let before = StringsPool.shared.count
        var gone: LocatedString?
        for i in 0..<100 {
            let configuration = try load("schemaVersion: 1\nname: n\(i)\nitems:\n  - url: https://example.com/\(i)\n")
            XCTAssertEqual(configuration.name?.value, "n\(i)")
            XCTAssertEqual(configuration.items.first?.representations.first?.payload?.located.value, "https://example.com/\(i)")
            gone = configuration.name
        }
        XCTAssertLessThanOrEqual(StringsPool.shared.count, before + 2, "free buffers are used again")
        XCTAssertEqual(gone?.value, "n99", "a value kept after its configuration went reads its own text")
        XCTAssertEqual(gone?.path, "name")
        XCTAssertEqual(kept.name?.value, "first", "still unchanged")
        XCTAssertEqual(second.items.first?.suggestedName?.value, "a.txt")
        // A document without a configuration hands its storage back at once.
        let beforeLists = StringsPool.shared.count
        for _ in 0..<10 {
            let nodes = try XCTUnwrap(YAMLDocumentReader(bytes: Array("- not a mapping\n".utf8)).next()?.nodes)
            XCTAssertNil(Loader.load(nodes, documentIndex: 0).0)
        }
        XCTAssertLessThanOrEqual(StringsPool.shared.count, beforeLists + 1)
        // A value made in code holds its storage too: it reads after the values and the
        // configuration it went to are gone.
        var values: ShareConfiguration.Values? = ShareConfiguration.Values()
        let mine = try XCTUnwrap(values).string("mine", range: .fileStart, path: "x")
        let copy = mine
        XCTAssertEqual(copy.value, "mine")
        XCTAssertEqual(copy.path, "x")
        XCTAssertEqual(try XCTUnwrap(values).string("v", range: .fileStart, keyRange: nil, parent: "items[0]", key: "url").path, "items[0].url")
        var built: ShareConfiguration? = ShareConfiguration(documentIndex: 0, range: .fileStart, values: values)
        values = nil
        XCTAssertTrue(built?.strings === copy.strings, "the configuration holds what its values were made in")
        built = nil
        XCTAssertEqual(copy.value, "mine", "a value made in code outlives its configuration")
        XCTAssertEqual(copy.path, "x")
    }

    /// A rule context's lists are reused for the file's next document only once that
    /// context is gone (emptied, so they hold nothing of the document before); a context
    /// still held keeps its own.
    /// The lists a context gave back hold its document's model until they are emptied
    /// (which the lint does after each document), and nothing of it after.
    func testContextListsLetTheirDocumentGo() throws {
        let memo = FileMemo(files: FileInspector(InMemoryFileSystem()), directory: "/")
        weak var item: Item?
        do {
            let reader = YAMLDocumentReader(bytes: Array("schemaVersion: 1\nitems:\n  - text: one\n".utf8))
            let configuration = try XCTUnwrap(Loader.load(try XCTUnwrap(reader.next()?.nodes), documentIndex: 0).0)
            let context = RuleContext(configuration: configuration, registry: .system, fileMemo: memo, options: LintOptions(),
                                      prediction: .noPreview(reason: .verbatim("test")))
            item = context.representations.first?.item
            XCTAssertNotNil(item)
        }
        XCTAssertNotNil(item, "kept in the lists given back")
        memo.emptyKeptLists()
        XCTAssertNil(item, "gone with the emptied lists")
    }

    func testContextListsAreReusedOnlyWhenFree() throws {
        let memo = FileMemo(files: FileInspector(InMemoryFileSystem()), directory: "/")
        func context(_ text: String) throws -> RuleContext {
            let reader = YAMLDocumentReader(bytes: Array(text.utf8))
            let nodes = try XCTUnwrap(reader.next()?.nodes)
            let configuration = try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0)
            return RuleContext(configuration: configuration, registry: .system, fileMemo: memo, options: LintOptions(),
                               prediction: .noPreview(reason: .verbatim("test")))
        }
        let held = try context("schemaVersion: 1\nitems:\n  - url: https://example.com/1\n  - text: one\n")
        let second = try context("schemaVersion: 1\nitems:\n  - url: https://example.org/2\nexcludedActivityTypes: [print]\n")
        XCTAssertEqual(held.urls.map(\.value), ["https://example.com/1"], "a held context keeps its lists")
        XCTAssertEqual(held.texts.map(\.value.value), ["one"])
        XCTAssertEqual(second.urls.map(\.value), ["https://example.org/2"])
        XCTAssertEqual(second.exclusions.map(\.entry.value), ["print"])
        /// Where a context's texts are kept: the same for lists that are reused.
        func memory(_ lists: ContextLists) -> UnsafePointer<TextEntry>? { lists.texts.withUnsafeBufferPointer { $0.baseAddress } }
        var thirdLists: UnsafePointer<TextEntry>?
        do {
            let third = try context("schemaVersion: 1\nitems:\n  - text: three\n")
            XCTAssertEqual(third.texts.map(\.value.value), ["three"])
            XCTAssertEqual(third.urls.count, 0)
            thirdLists = memory(third.lists)
            XCTAssertNotEqual(thirdLists, memory(held.lists), "a held context keeps its own lists")
        }
        // `third` is gone: its lists are free, emptied, and handed out again.
        do {
            let free = memo.emptyLists()
            XCTAssertEqual(memory(free), thirdLists, "free lists are reused")
            XCTAssertTrue(free.texts.isEmpty && free.urls.isEmpty && free.representations.isEmpty, "a context's lists are emptied when it goes")
            memo.keepForReuse(free)
        }
        let fourth = try context("schemaVersion: 1\nitems:\n  - url: https://example.net/4\n")
        XCTAssertEqual(memory(fourth.lists), thirdLists)
        XCTAssertEqual(fourth.urls.map(\.value), ["https://example.net/4"])
        XCTAssertEqual(fourth.urlParts.first??.scheme, "https")
        // A URL's parts are found by its entry, and by its place and text for a copy made elsewhere.
        let url = try XCTUnwrap(fourth.urls.first)
        XCTAssertTrue(url.isSame(url))
        let elsewhere = ShareConfiguration.Values()
        let copy = elsewhere.string(url.value, range: url.range, path: url.path)
        XCTAssertFalse(copy.isSame(url), "the same text in another storage is another entry")
        XCTAssertEqual(fourth.parts(of: copy)?.host, "example.net")
        XCTAssertEqual(fourth.parts(of: url)?.host, "example.net")
        XCTAssertEqual(held.urls.map(\.value), ["https://example.com/1"], "still unchanged")
        // A path's facts are the file pass's for its own value, and looked up for a copy.
        let fifth = try context("schemaVersion: 1\nitems:\n  - text: five\n    previews:\n      thumbnail: thumb.png\n")
        let thumbnail = try XCTUnwrap(fifth.configuration.items.first?.previews?.thumbnail)
        let walked = try XCTUnwrap(fifth.referencedPaths.first { $0.path.isSame(thumbnail) })
        XCTAssertTrue(fifth.facts(of: thumbnail) === walked.facts)
        let copyOfThumbnail = elsewhere.string(thumbnail.value, range: thumbnail.range, path: thumbnail.path)
        XCTAssertEqual(fifth.facts(of: copyOfThumbnail), fifth.facts(thumbnail.value))
        let other = elsewhere.string("other.png", range: .fileStart, path: "x")
        XCTAssertEqual(fifth.facts(of: other), fifth.facts("other.png"))
        XCTAssertNotEqual(fifth.facts(of: other), walked.facts)
    }

    /// The keys of a document's mappings are one run each in the file's buffer: a misplaced
    /// mapping's keys, checked on the way, never land among its parent's, and the next
    /// document reads only its own.
    func testWrittenKeysStayOneRunPerMapping() throws {
        let keys = WrittenKeys()
        func load(_ text: String) throws -> (ShareConfiguration, [Finding]) {
            let nodes = try XCTUnwrap(YAMLDocumentReader(bytes: Array(text.utf8)).next()?.nodes)
            let (configuration, findings) = Loader.load(nodes, documentIndex: 0, writtenKeys: keys)
            return (try XCTUnwrap(configuration), findings)
        }
        // `linkPresentation` belongs under `metadata`; its contents are checked with their
        // own shape (its `url` is the shape's second name, the configuration's `name` is too).
        let (first, findings) = try load("""
            schemaVersion: 1
            linkPresentation:
              title: a
              url: https://example.com/a
              originalURL: https://example.com/b
            name: campaign
            items:
              - text: hello
            """)
        XCTAssertEqual(findings.map(\.rule), ["unknown-key"])
        XCTAssertEqual(first.name?.value, "campaign")
        XCTAssertEqual(first.items.count, 1)
        XCTAssertEqual(keys.count, 4, "schemaVersion, name, items and the item's text")
        let (second, _) = try load("schemaVersion: 1\nitems:\n  - url: https://example.com/c\n")
        XCTAssertNil(second.name)
        XCTAssertEqual(second.items.count, 1)
        XCTAssertEqual(keys.count, 3)
        // Past the buffer's first room (it grows), and past what it keeps between documents.
        for count in [40, 5_000] {
            let items = (0..<count).map { "  - text: t\($0)\n    suggestedName: n\($0).txt\n" }.joined()
            let (large, _) = try load("schemaVersion: 1\nitems:\n" + items + "name: last\n")
            XCTAssertEqual(large.items.count, count)
            XCTAssertEqual(large.items.last?.suggestedName?.value, "n\(count - 1).txt")
            XCTAssertEqual(large.name?.value, "last", "the configuration's keys are read after its items'")
            XCTAssertEqual(keys.count, 3 + 2 * count)
        }
        let (small, _) = try load("schemaVersion: 1\nitems:\n  - text: a\n")
        XCTAssertEqual(small.items.count, 1)
        XCTAssertEqual(keys.count, 3)
    }
}
