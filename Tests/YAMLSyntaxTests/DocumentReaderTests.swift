import XCTest
@testable import YAMLSyntax

final class DocumentReaderTests: XCTestCase {
    private func documents(_ text: String, limits: YAMLLimits = YAMLLimits()) -> [YAMLDocument] {
        YAMLDocumentReader.documents(in: Array(text.utf8), limits: limits)
    }

    func testScalarRangesCountColumnsInUnicodeScalars() throws {
        let doc = try XCTUnwrap(documents("title: 邀请好友\nname: 😀x\n").first)
        let pairs = try XCTUnwrap(doc.root?.pairs)
        XCTAssertEqual(pairs[0].key.range.start, SourcePosition(line: 1, column: 1, offset: 0))
        XCTAssertEqual(pairs[0].value.scalar?.value, "邀请好友")
        XCTAssertEqual(pairs[0].value.range.start.column, 8)
        XCTAssertEqual(pairs[0].value.range.end.column, 12)
        XCTAssertEqual(pairs[1].value.range.start.line, 2)
        XCTAssertEqual(pairs[1].value.range.end.column, 9)
        // Offsets count scalars too: "title: " is 7, then 4 CJK scalars.
        XCTAssertEqual(pairs[0].value.range.start.offset, 7)
        XCTAssertEqual(pairs[0].value.range.end.offset, 11)
    }

    func testScalarStylesAndTags() throws {
        let doc = try XCTUnwrap(documents("a: plain\nb: 'single'\nc: \"double\"\nd: |\n  literal\ne: !!str yes\nf: >\n  folded\n").first)
        let pairs = try XCTUnwrap(doc.root?.pairs)
        XCTAssertEqual(pairs.map { $0.value.scalar?.style }, [.plain, .singleQuoted, .doubleQuoted, .literal, .plain, .folded])
        XCTAssertEqual(pairs[3].value.scalar?.value, "literal\n")
        XCTAssertEqual(pairs[4].value.tag, "tag:yaml.org,2002:str")
    }

    /// The reader reuses the storage of the document before when its caller has let it go;
    /// a document the caller still holds keeps its own nodes (its storage is not reused),
    /// whether the caller holds every document or lets each go before reading the next.
    func testReusedArraysNeverChangeAHeldDocument() throws {
        let text = (0..<6).map { "---\nname: doc\($0)\nitems: [a\($0), b\($0)]\n" }.joined()
        func texts(_ document: YAMLDocument) throws -> [String] {
            let doc = try XCTUnwrap(document.nodes)
            let pairs = try XCTUnwrap(doc.pairs(doc.root)).map { $0 }
            return [doc.text(pairs[0].value) ?? "?"] + (try XCTUnwrap(doc.items(pairs[1].value)).map { doc.text($0) ?? "?" })
        }
        let expected = (0..<6).map { ["doc\($0)", "a\($0)", "b\($0)"] }
        // All held: none is reused.
        let all = YAMLDocumentReader.documents(in: Array(text.utf8))
        XCTAssertEqual(try all.map(texts), expected)
        // Each let go before the next (the linter's way): each still reads as written.
        let reader = YAMLDocumentReader(bytes: Array(text.utf8))
        var seen: [[String]] = []
        var every: [YAMLDocument] = []
        while let document = reader.next() {
            seen.append(try texts(document))
            if seen.count % 2 == 0 { every.append(document) }
        }
        XCTAssertEqual(seen, expected)
        // Every second one held past the next read: unchanged.
        XCTAssertEqual(try every.map(texts), [expected[1], expected[3], expected[5]])
    }

    /// A caller that reads a few documents ahead (the linter, `Linter.read`): each held
    /// document keeps its text while later ones are read, and once a run is let go, the
    /// next run is built in its arrays (all of them, while a run is no longer than
    /// `sparesKept`), not in new ones.
    func testDocumentsReadAheadKeepTheirTextAndTheirArraysAreReused() throws {
        let count = 64, run = 8
        XCTAssertLessThanOrEqual(run, YAMLDocumentReader.sparesKept)
        let text = (0..<count).map { "---\nname: doc\($0)\nitems: [a\($0), \"\(String(repeating: "b", count: $0))\"]\n" }.joined()
        let reader = YAMLDocumentReader(bytes: Array(text.utf8))
        var read = 0
        var previous: Set<ObjectIdentifier> = []
        while true {
            var held: [YAMLDocument] = []
            while held.count < run, let document = reader.next() { held.append(document) }
            if held.isEmpty { break }
            for (k, document) in held.enumerated() {
                let doc = try XCTUnwrap(document.nodes)
                let pairs = try XCTUnwrap(doc.pairs(doc.root)).map { $0 }
                let items = try XCTUnwrap(doc.items(pairs[1].value)).map { doc.text($0) ?? "?" }
                let i = read + k
                XCTAssertEqual([doc.text(pairs[0].value) ?? "?"] + items, ["doc\(i)", "a\(i)", String(repeating: "b", count: i)])
            }
            let storages = Set(held.compactMap { $0.nodes.map { ObjectIdentifier($0.storage) } })
            XCTAssertEqual(storages.count, held.count, "every held document has arrays of its own")
            if read > 0 { XCTAssertEqual(storages, previous, "run \(read / run) is built in the arrays of the run before it") }
            previous = storages
            read += held.count
        }
        XCTAssertEqual(read, count)
    }

    /// What a reader keeps for reuse is bounded by the room its arrays take, not the nodes
    /// they hold now: a large document grows the arrays it is built in, and small documents
    /// built in them later leave them as large. A large document among small ones, read in
    /// runs held as the linter holds them, would otherwise leave every kept array grown.
    func testKeptArraysStayWithinTheirRoom() throws {
        let large = "---\nlist: [" + (0..<3_000).map { "v\($0)" }.joined(separator: ", ") + "]\n"
        // Seventeen documents a cycle, in runs of sixteen: the large one is built in another
        // kept array each time.
        let small = (0..<16).map { "---\nname: s\($0)\n" }.joined()
        let text = String(repeating: large + small, count: 24)
        let reader = YAMLDocumentReader(bytes: Array(text.utf8))
        var read = 0, largest = (records: 0, bytes: 0)
        while true {
            var held: [YAMLDocument] = []
            while held.count < 16, let document = reader.next() { held.append(document) }
            if held.isEmpty { break }
            read += held.count
            let kept = reader.sparesCapacity
            largest = (max(largest.records, kept.records), max(largest.bytes, kept.bytes))
            XCTAssertLessThanOrEqual(kept.records, DocumentSpares.room.records, "after \(read) documents")
            XCTAssertLessThanOrEqual(kept.bytes, DocumentSpares.room.bytes, "after \(read) documents")
        }
        XCTAssertEqual(read, 24 * 17)
        XCTAssertGreaterThan(largest.records, 3_000, "a large document's arrays were kept")
    }

    func testMultiDocumentStream() {
        let docs = documents("a: 1\n---\nb: 2\n---\nc: 3\n")
        XCTAssertEqual(docs.map(\.index), [0, 1, 2])
        XCTAssertEqual(docs.map { $0.root?.pairs?.first?.key.scalar?.value }, ["a", "b", "c"])
        XCTAssertEqual(docs[2].root?.range.start.line, 5)
    }

    func testDuplicateKeyKeepsTheFirst() throws {
        let doc = try XCTUnwrap(documents("a: 1\nb: 2\na: 3\n").first)
        XCTAssertEqual(doc.root?.pairs?.count, 2)
        XCTAssertEqual(doc.root?.pairs?.first?.value.scalar?.value, "1")
        XCTAssertEqual(doc.problems.count, 1)
        XCTAssertEqual(doc.problems[0].kind, .duplicateKey(first: doc.root!.pairs![0].key.range))
        XCTAssertEqual(doc.problems[0].range.start.line, 3)
    }

    /// A small mapping skips the search for an ASCII key whose bit (length, first and last
    /// byte) no kept key has: every repeat is still found, whichever keys share bits, and a
    /// key that is not ASCII is compared as a `String` with every key, in both orders
    /// (U+212A KELVIN SIGN is K; a decomposed é is é).
    func testDuplicateKeysOfASmallMappingAreAllFound() throws {
        func duplicates(_ keys: [String]) throws -> [Int] {
            let text = keys.enumerated().map { "\"\($0.element)\": \($0.offset)\n" }.joined()
            let doc = try XCTUnwrap(documents(text).first)
            return doc.problems.map { $0.range.start.line - 1 }
        }
        let names = ["a", "b", "ab", "ba", "aa", "abc", "acb", "type", "text", "title", "url", "name", "x", ""]
        for split in 1..<names.count {
            // Distinct keys, then each of the first `split` again: each repeat is reported.
            let keys = names + Array(names.prefix(split))
            let expected = keys.count > 16 ? nil : Array(names.count..<keys.count)
            if let expected { XCTAssertEqual(try duplicates(keys), expected, "\(keys)") }
        }
        XCTAssertEqual(try duplicates(["a", "b", "a", "b", "c"]), [2, 3])
        XCTAssertEqual(try duplicates(["K", "\u{212A}"]), [1])
        XCTAssertEqual(try duplicates(["\u{212A}", "x", "K"]), [2])
        XCTAssertEqual(try duplicates(["\u{E9}", "e\u{301}"]), [1])
        XCTAssertEqual(try duplicates(["e\u{301}", "y", "\u{E9}"]), [2])
        XCTAssertEqual(try duplicates(["ab", "ba", "abc", "acb"]), [])
    }

    /// Past sixteen pairs a mapping's keys are kept by text: a repeat of a key before
    /// that point, and of one after it, are both found (with the first one's place), and
    /// the pair count leaves them out.
    func testDuplicateKeysOfALargeMapping() throws {
        var lines = (0..<40).map { "k\($0): \($0)" }
        lines.insert("k3: again", at: 20)
        lines.append("k30: again")
        lines.append("caf\u{E9}: nfc")
        lines.append("cafe\u{301}: nfd")
        let doc = try XCTUnwrap(documents(lines.joined(separator: "\n") + "\n").first)
        let pairs = try XCTUnwrap(doc.root?.pairs)
        XCTAssertEqual(pairs.count, 41)
        XCTAssertEqual(doc.problems.map(\.range.start.line), [21, 42, 44])
        XCTAssertEqual(doc.problems.map(\.kind), [.duplicateKey(first: pairs[3].key.range), .duplicateKey(first: pairs[30].key.range),
                                                   .duplicateKey(first: pairs[40].key.range)])
    }

    func testMergeKeyIsReportedAndDropped() throws {
        let doc = try XCTUnwrap(documents("base: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n").first)
        XCTAssertEqual(doc.problems.map(\.kind), [.mergeKey])
        XCTAssertEqual(doc.root?.pairs?[1].value.pairs?.count, 1)
    }

    func testAliasesResolveAndUndefinedOnesAreReported() throws {
        let doc = try XCTUnwrap(documents("a: &x hello\nb: *x\nc: *missing\n").first)
        let pairs = try XCTUnwrap(doc.root?.pairs)
        XCTAssertEqual(pairs[1].value.scalar?.value, "hello")
        XCTAssertEqual(pairs[1].value.range.start.line, 2)
        XCTAssertEqual(doc.problems.map(\.kind), [.undefinedAlias])
        XCTAssertEqual(doc.problems[0].range.start, SourcePosition(line: 3, column: 4, offset: 21))
    }

    func testDeepNestingStopsTheDocumentAtTheLimit() throws {
        let depth = 100_000
        let text = "a: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n---\nb: 1\n"
        let docs = documents(text)
        XCTAssertEqual(docs.count, 2)
        XCTAssertNil(docs[0].root)
        XCTAssertEqual(docs[0].problems.map(\.kind), [.resourceLimit])
        // The root mapping and 63 sequences fit; the 64th collection is past the limit.
        XCTAssertEqual(docs[0].problems.first?.range.start.column, 4 + 63)
        XCTAssertEqual(docs[1].root?.pairs?.first?.key.scalar?.value, "b")
    }

    func testNestingAtTheLimitIsKept() throws {
        let text = "a: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"
        let doc = try XCTUnwrap(documents(text).first)
        XCTAssertEqual(doc.problems, [])
        XCTAssertNotNil(doc.root)
    }

    func testAliasBombIsBounded() throws {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]")
            previous = name
        }
        let doc = try XCTUnwrap(documents(lines.joined(separator: "\n") + "\n").first)
        XCTAssertEqual(doc.problems.map(\.kind), [.resourceLimit])
        XCTAssertLessThan(try XCTUnwrap(doc.root).size, 30_000)
    }

    func testSyntaxErrorResumesAtTheNextDocument() {
        let docs = documents("a: \"open\n---\nb: 2\n---\nc: 3\n")
        XCTAssertEqual(docs.count, 3)
        XCTAssertNil(docs[0].root)
        XCTAssertEqual(docs[0].problems.first?.kind, .syntax)
        XCTAssertEqual(docs[0].problems.first?.range.start, SourcePosition(line: 1, column: 4, offset: 3))
        XCTAssertEqual(docs[1].root?.pairs?.first?.key.scalar?.value, "b")
        XCTAssertEqual(docs[1].root?.range.start.line, 3)
        XCTAssertEqual(docs[2].root?.pairs?.first?.key.range.start.line, 5)
    }

    func testTabIndentationHasAFriendlyMessage() throws {
        let doc = try XCTUnwrap(documents("items:\n\t- a\n").first)
        XCTAssertEqual(doc.problems.first?.message, "a tab indents this line; YAML indents with spaces: indent it with 2 spaces, one step under line 1")
        XCTAssertEqual(doc.problems.first?.range.start, SourcePosition(line: 2, column: 1, offset: 7))
        XCTAssertEqual(doc.problems.first?.suggestion, "  ")
    }

    func testInvalidUTF8AndNULAreSyntaxErrorsWithPositions() throws {
        let invalid = Array("a: ok\nb: ".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        let doc = try XCTUnwrap(YAMLDocumentReader.documents(in: invalid).first)
        XCTAssertEqual(doc.problems.first?.kind, .syntax)
        XCTAssertTrue(doc.problems.first?.message.contains("UTF-8") ?? false)
        XCTAssertEqual(doc.problems.first?.range.start.line, 2)
        XCTAssertEqual(doc.problems.first?.range.start.column, 4)

        let nul = Array("a: x\u{0}y\n".utf8)
        let nulDoc = try XCTUnwrap(YAMLDocumentReader.documents(in: nul).first)
        XCTAssertEqual(nulDoc.problems.first?.kind, .syntax)
        XCTAssertEqual(nulDoc.problems.first?.range.start.column, 5)
    }

    func testUTF16WithByteOrderMark() throws {
        let text = "title: 邀请\n"
        var little: [UInt8] = [0xFF, 0xFE]
        for unit in text.utf16 { little += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        var big: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { big += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        for bytes in [little, big] {
            let doc = try XCTUnwrap(YAMLDocumentReader.documents(in: bytes).first)
            XCTAssertEqual(doc.problems, [])
            XCTAssertEqual(doc.root?.pairs?.first?.value.scalar?.value, "邀请")
            XCTAssertEqual(doc.root?.pairs?.first?.value.range.start.column, 8)
        }
    }

    func testEmptyStreamHasNoDocuments() {
        XCTAssertEqual(documents("").count, 0)
        XCTAssertEqual(documents("# only a comment\n").count, 0)
    }

    func testNodeEqualityIgnoresPositions() throws {
        let a = try XCTUnwrap(documents("x: [1, 2]\n").first?.root)
        let b = try XCTUnwrap(documents("\n\nx:\n  - 1\n  - 2\n").first?.root)
        XCTAssertEqual(a, b)
    }

    /// Recovery skipped the document after a flow collection left open right
    /// before `---`, missed `---` after CR-only breaks, dropped a `%TAG` directive, read
    /// a document twice after `%YAML 1.3`, and put the end-of-stream error on a line past
    /// the end.
    func testRecoveryKeepsEveryDocumentAndDirective() throws {
        let flows = documents("---\nitems: [\n---\nitems: [\n---\nitems: [\n")
        XCTAssertEqual(flows.count, 3)
        XCTAssertEqual(flows.flatMap(\.problems).map(\.range.start.line), [3, 5, 6])
        let cr = documents("a: [\r---\rb: 1\r")
        XCTAssertEqual(cr.count, 2)
        XCTAssertEqual(cr[1].root?.pairs?.first?.key.range.start.line, 3)
        for breakText in ["\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"] {
            let docs = documents("a: [" + breakText + "---" + breakText + "b: 1" + breakText + "c: 2" + breakText)
            XCTAssertEqual(docs.count, 2, breakText.debugDescription)
            XCTAssertEqual(docs.last?.root?.pairs?.last?.key.range.start.line, 4, breakText.debugDescription)
        }
        let tagged = documents("a: [\n%TAG !e! tag:example.com,2000:\n---\nb: !e!x 1\n")
        XCTAssertEqual(tagged.count, 2)
        XCTAssertEqual(tagged[1].problems, [])
        XCTAssertEqual(tagged[1].root?.pairs?.first?.value.tag, "tag:example.com,2000:x")
        let version = documents("%YAML 1.3\n---\na: 1\n")
        XCTAssertEqual(version.count, 1)
        XCTAssertEqual(version[0].problems.count, 1)
        XCTAssertEqual(version[0].root?.pairs?.first?.key.scalar?.value, "a")
        let end = documents("a: [\n")
        XCTAssertEqual(end.flatMap(\.problems).map(\.range.start.line), [1])
    }

    /// `a: &x [*x]` was "refers to no anchor".
    func testRecursiveAliasIsNamedAsSuch() throws {
        let doc = try XCTUnwrap(documents("a: &x [*x]\n").first)
        XCTAssertEqual(doc.problems.map(\.message), ["alias '*x' is inside the collection anchored '&x': a recursive alias, which cannot be expanded"])
    }

    /// 32,000 broken documents took 29 s (rescanning from byte 0 per resume).
    func testRecoveryIsLinear() {
        let clock = ContinuousClock()
        let start = clock.now
        let docs = documents(String(repeating: "---\nitems: [\n", count: 32_000))
        XCTAssertEqual(docs.count, 32_000)
        // Linear: about 1 s in a debug build; 29 s before. Sanitizers
        // (scripts/sanitizers.sh sets SHARELINT_SANITIZED) are several times slower.
        let sanitized = ProcessInfo.processInfo.environment["SHARELINT_SANITIZED"] != nil
        XCTAssertLessThan(clock.now - start, .seconds(sanitized ? 40 : 10))
    }

    /// An empty document's node (and so its error) was placed on the next `---`.
    func testEmptyDocumentIsAtItsOwnStart() throws {
        let docs = documents("---\n---\na: 1\n")
        XCTAssertEqual(docs.count, 2)
        XCTAssertEqual(docs[0].root?.range.start.line, 1)
        XCTAssertEqual(docs[0].root?.scalar?.value, "")
    }
}
