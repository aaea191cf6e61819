import XCTest
@testable import YAMLSyntax

/// The flat document the linter reads: what its references answer, and that its tree is
/// the tree the reader has always given.
final class FlatDocumentTests: XCTestCase {
    private func nodes(_ text: String) throws -> (FlatDocument, [YAMLProblem]) {
        let document = try XCTUnwrap(YAMLDocumentReader.documents(in: Array(text.utf8)).first)
        return (try XCTUnwrap(document.nodes), document.problems)
    }

    private func keys(_ doc: FlatDocument, _ node: NodeRef) throws -> [String] {
        try XCTUnwrap(doc.pairs(node)).map { doc.text($0.key) ?? "?" }
    }

    func testScalarsAnswerWithoutAString() throws {
        let (doc, _) = try nodes("a: ~\nb: 'null'\nc: !!str x\nd: [1, 2, 3]\ne: {f: 1}\n")
        let values = try XCTUnwrap(doc.pairs(doc.root)).map(\.value)
        XCTAssertTrue(doc.isNull(values[0]))
        XCTAssertFalse(doc.isNull(values[1]), "a quoted 'null' is a string")
        XCTAssertTrue(doc.textEquals(values[1], "null"))
        XCTAssertFalse(doc.textEquals(values[1], "nul"))
        XCTAssertEqual(doc.style(values[1]), .singleQuoted)
        XCTAssertEqual(doc.tag(values[2]), "tag:yaml.org,2002:str")
        XCTAssertFalse(doc.hasTag(values[0]))
        XCTAssertEqual(doc.kind(values[3]), .sequence)
        XCTAssertEqual(doc.count(values[3]), 3)
        XCTAssertEqual(try XCTUnwrap(doc.items(values[3])).map { doc.text($0) }, ["1", "2", "3"])
        XCTAssertNil(doc.pairs(values[3]))
        XCTAssertEqual(doc.kindDescription(values[4]).english, "a mapping")
        XCTAssertEqual(try keys(doc, values[4]), ["f"])
        XCTAssertEqual(doc.range(values[4]).start, SourcePosition(line: 5, column: 4, offset: 42))
    }

    /// A string's bytes read in place are its UTF-8, for a small string (kept inside the
    /// value), a large one, an empty one, text that is not ASCII, and a substring's copy.
    func testStringBytesReadInPlaceAreItsUTF8() {
        let large = String(repeating: "share-", count: 40)
        for text in ["", "a", "public.png", "assets/poster-00003.png", "邀请好友 3", "e\u{301}", large, String(large.dropFirst(7).prefix(50))] {
            XCTAssertEqual(text.withUTF8Bytes { Array($0) }, Array(text.utf8), text)
        }
        // The bytes are the string's own storage, not a copy made for the call.
        var native = large
        let own = native.withUTF8 { $0.baseAddress }
        XCTAssertEqual(native.withUTF8Bytes { $0.baseAddress }, own)
    }

    func testDroppedPairsAreSkippedButTheirAnchorsResolve() throws {
        let (doc, problems) = try nodes("a: 1\na: &x {b: 2}\n<<: {c: 3}\nd: *x\n")
        XCTAssertEqual(try keys(doc, doc.root), ["a", "d"])
        XCTAssertEqual(doc.count(doc.root), 2)
        XCTAssertEqual(problems.map(\.kind), [.duplicateKey(first: SourceRange(start: SourcePosition(line: 1, column: 1, offset: 0),
                                                                              end: SourcePosition(line: 1, column: 2, offset: 1))), .mergeKey])
        let d = try XCTUnwrap(doc.pairs(doc.root)).map(\.value)[1]
        XCTAssertEqual(try keys(doc, d), ["b"])
        // The copy stands where the alias does; its entries keep their own places.
        XCTAssertEqual(doc.range(d).start.line, 4)
        XCTAssertEqual(doc.range(try XCTUnwrap(doc.pairs(d)).map(\.value)[0]).start.line, 2)
    }

    /// A cursor walks the same pairs and entries as `pairs` and `items`: dropped pairs
    /// skipped, nested collections stepped over whole, nothing for the other kinds.
    func testCursorsWalkWhatPairsAndItemsWalk() throws {
        let (doc, _) = try nodes("a: 1\na: &x {b: [2, {c: 3}]}\n<<: {c: 3}\nd: *x\ne: [[1, 2], {f: g}, ~, h]\nf: []\ng: {}\n")
        func walkPairs(_ node: NodeRef) -> [NodeRef]? {
            guard var cursor = doc.pairCursor(node) else { return nil }
            var result: [NodeRef] = []
            while let (key, value) = doc.nextPair(&cursor) { result += [key, value] }
            return result
        }
        func walkItems(_ node: NodeRef) -> [NodeRef]? {
            guard var cursor = doc.itemCursor(node) else { return nil }
            var result: [NodeRef] = []
            while let item = doc.nextItem(&cursor) { result.append(item) }
            return result
        }
        var checked = 0
        for index in 0..<doc.nodeCount {
            let node = NodeRef(index)
            XCTAssertEqual(walkPairs(node), doc.pairs(node).map { $0.flatMap { [$0.key, $0.value] } }, "pairs of node \(index)")
            XCTAssertEqual(walkItems(node), doc.items(node).map { Array($0) }, "entries of node \(index)")
            if doc.kind(node) != .scalar { checked += 1 }
        }
        XCTAssertGreaterThan(checked, 6)
        let keys = try XCTUnwrap(walkPairs(doc.root)).enumerated().filter { $0.offset % 2 == 0 }.map { doc.text($0.element) }
        XCTAssertEqual(keys, ["a", "d", "e", "f", "g"])
    }

    func testNullsAreTheFourPlainSpellingsAndNothing() throws {
        // YAML 1.1's null: `~`, `null`, `Null`, `NULL`, or nothing, written plain.
        let nulls = ["~", "null", "Null", "NULL", ""]
        let others = ["nul", "NULl", "nULL", "nulls", "~~", "0", "none", "Nil", "null\u{301}", "ｎｕｌｌ"]
        let text = (nulls + others).enumerated().map { "k\($0.offset): \($0.element)\n" }.joined() + "q: 'null'\nd: \"~\"\n"
        let (doc, _) = try nodes(text)
        let values = try XCTUnwrap(doc.pairs(doc.root)).map(\.value)
        XCTAssertEqual(values.map { doc.isNull($0) }, nulls.map { _ in true } + others.map { _ in false } + [false, false])
    }

    func testKeysCompareAsStringsWithoutMakingOneForASCII() throws {
        // "é" written composed and decomposed: one key to Swift's String, as before.
        let (_, problems) = try nodes("caf\u{E9}: 1\ncafe\u{301}: 2\ncafe: 3\n")
        XCTAssertEqual(problems.count, 1)
        XCTAssertEqual(problems.first?.range.start.line, 2)
        // Past 16 pairs the keys are hashed: the same answers.
        let many = (0..<20).map { "k\($0): \($0)\n" }.joined() + "k3: again\ncaf\u{E9}: 1\ncafe\u{301}: 2\n"
        let (doc, manyProblems) = try nodes(many)
        XCTAssertEqual(manyProblems.map(\.range.start.line), [21, 23])
        XCTAssertEqual(doc.count(doc.root), 21)
    }

    func testKeyTablesMatchNamesByTheirBytes() throws {
        let table = KeyTable(["type", "text", "title", "", "url"])
        XCTAssertEqual(table.count, 5)
        let (doc, _) = try nodes("type: 1\ntext: 2\ntitle: 3\nurl: 4\ntyp: 5\ntexT: 6\n\"\": 7\nK\u{212A}: 8\n? [a]\n: 9\n")
        let keys = try XCTUnwrap(doc.pairs(doc.root)).map(\.key)
        XCTAssertEqual(keys.map { doc.index(of: $0, in: table) }, [0, 1, 2, 4, nil, nil, 3, nil, nil],
                       "equal bytes only: no prefix, no other case, no collection; the empty name matches an empty key")
        // A name that is not ASCII, and one that another name starts with.
        let other = KeyTable(["ab", "a", "caf\u{E9}"])
        let (doc2, _) = try nodes("a: 1\nab: 2\ncaf\u{E9}: 3\nx:\n  cafe\u{301}: 4\n")
        let pairs = try XCTUnwrap(doc2.pairs(doc2.root)).map { $0 }
        XCTAssertEqual(pairs.prefix(3).map { doc2.index(of: $0.key, in: other) }, [1, 0, 2])
        let decomposed = try XCTUnwrap(doc2.pairs(pairs[3].value)).map(\.key)
        XCTAssertEqual(decomposed.map { doc2.index(of: $0, in: other) }, [nil],
                       "a decomposed key is other bytes: the loader reports it as an unknown key")
    }

    func testTheTreeIsBuiltFromTheRecords() throws {
        let text = "a: [1, {b: c}, [d]]\ne: &y {f: g}\nh: *y\ni: *missing\n"
        let (doc, _) = try nodes(text)
        let tree = doc.tree(doc.root)
        let pairs = try XCTUnwrap(tree.pairs)
        XCTAssertEqual(pairs.map { $0.key.scalar?.value }, ["a", "e", "h", "i"])
        let a = try XCTUnwrap(pairs[0].value.items)
        XCTAssertEqual(a.count, 3)
        XCTAssertEqual(a[1].pairs?.first?.value.scalar?.value, "c")
        XCTAssertEqual(a[2].items?.first?.scalar?.value, "d")
        XCTAssertEqual(pairs[2].value, pairs[1].value, "an alias is a copy of its anchor's node")
        XCTAssertEqual(pairs[2].value.range.start.line, 3)
        guard case .invalid = pairs[3].value.content else { return XCTFail("an undefined alias is an invalid node") }
        XCTAssertEqual(tree.size, doc.nodeCount)
    }
}
