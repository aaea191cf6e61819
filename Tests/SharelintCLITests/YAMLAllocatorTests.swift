import Foundation
import XCTest
import YAMLAllocator
import YAMLSyntax

/// The pool for libyaml's own memory (Sources/YAMLAllocator): on where it is built, libyaml's
/// calls come to it (the start-up check saw all four functions called), blocks are kept for
/// reuse within bounds, every size a value can grow to parses right, and the report is the
/// same with the system allocator.
final class YAMLAllocatorTests: XCTestCase {
    /// The test process links the pool, as the executable does; it is built on Linux
    /// without a sanitizer. It is on exactly when the start-up check saw libyaml call all
    /// four functions, and on Debian (CI's system, whose libyaml calls them through its
    /// procedure linkage table) it must be on. A libyaml linked to bind its calls inside the
    /// library (as `-Bsymbolic-functions` does) leaves it off, and nothing else changes.
    func testPoolIsOnWhereLibyamlCallsIt() throws {
        let state = sharelint_yaml_allocator_get_state()
        #if os(Linux)
        let turnedOff = ProcessInfo.processInfo.environment["SHARELINT_YAML_ALLOCATOR"] == "system"
        if sharelint_yaml_allocator_built() == 0 || turnedOff {
            XCTAssertEqual(state.pooled, 0)
            return
        }
        let allCalled = state.checkMallocs > 0 && state.checkReallocs > 0 && state.checkFrees > 0 && state.checkStrdups > 0
        XCTAssertEqual(state.pooled == 1, allCalled, "\(state)")
        let osRelease = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        if osRelease.split(separator: "\n").contains("ID=debian") {
            XCTAssertEqual(state.pooled, 1, "libyaml's calls did not all come to the pool: \(state)")
        }
        #else
        XCTAssertEqual(sharelint_yaml_allocator_built(), 0)
        XCTAssertEqual(state.pooled, 0)
        #endif
    }

    /// A parse leaves blocks for the next one, and a stream of many documents keeps no more
    /// than the bound (five classes of at most 128 blocks).
    func testBlocksAreKeptForReuseWithinTheBound() throws {
        try XCTSkipUnless(sharelint_yaml_allocator_get_state().pooled == 1, "the pool is off here")
        var text = ""
        for i in 0..<400 {
            text += "---\nname: n\(i)\nitems:\n  - text: \"\(String(repeating: "x", count: i % 300))\"\n    list: [a, b, {c: d}]\n"
        }
        XCTAssertEqual(Self.parsedDocuments(text), 400)
        let kept = sharelint_yaml_allocator_cached_blocks()
        XCTAssertGreaterThan(kept, 0)
        XCTAssertLessThanOrEqual(kept, 5 * 128)
        XCTAssertEqual(Self.parsedDocuments(text), 400)
        XCTAssertLessThanOrEqual(sharelint_yaml_allocator_cached_blocks(), 5 * 128)
    }

    /// Every block an event owns goes back when the event is deleted (`yaml_event_delete`,
    /// defined by the pool): anchors, tags and values of scalars, sequences and mappings,
    /// aliases, and a document's version and tag directives. Once a parse has filled the
    /// lists, parsing the same text again takes no block from the system allocator; a
    /// block an event kept would have to be replaced by a new one at every parse.
    func testDeletedEventsHandBackEveryBlock() throws {
        try XCTSkipUnless(sharelint_yaml_allocator_get_state().pooled == 1, "the pool is off here")
        var text = ""
        for i in 0..<40 {
            text += "%YAML 1.1\n%TAG !e! tag:example.com,2000:app/\n--- !e!root\n"
            text += "plain: &a\(i) !e!word value \(i)\nquoted: !!str \"\(String(repeating: "q", count: i * 7))\"\n"
            text += "list: &l\(i) !e!list [*a\(i), !e!x y]\nmap: &m\(i) !!map {k: *l\(i)}\nagain: *m\(i)\n...\n"
        }
        XCTAssertEqual(Self.parsedDocuments(text), 40)
        let created = sharelint_yaml_allocator_created_blocks()
        for _ in 0..<3 {
            XCTAssertEqual(Self.parsedDocuments(text), 40)
            XCTAssertEqual(sharelint_yaml_allocator_created_blocks(), created)
        }
    }

    /// Values grow through every size class and past the largest (libyaml doubles a
    /// string as it grows, through yaml_realloc), in each scalar style; each reads back whole.
    func testValuesOfEverySizeReadBack() {
        for length in [1, 15, 16, 17, 31, 33, 100, 127, 128, 129, 511, 513, 2_047, 2_049, 4_100, 70_000] {
            let value = Self.value(length: length)
            let forms: [(String, String)] = [(value, "plain"), ("\"" + value + "\"", "double"), ("'" + value + "'", "single"),
                                             ("|\n  " + value, "literal")]
            for (written, style) in forms {
                let flow = written.hasPrefix("|") ? "x" : written
                let reader = YAMLDocumentReader(bytes: Array("key: \(written)\nother: [\(flow)]\n".utf8))
                guard let document = reader.next(), let nodes = document.nodes else {
                    XCTFail("no document for length \(length), \(style)")
                    continue
                }
                XCTAssertTrue(document.problems.isEmpty, "\(length) \(style): \(document.problems)")
                let read = nodes.tree(nodes.root).pairs?.first?.value.scalar?.value ?? ""
                XCTAssertEqual(read.hasSuffix("\n") ? String(read.dropLast()) : read, value, "length \(length), \(style)")
            }
        }
    }

    /// Threads parse at once, each with its own blocks, and a thread's blocks go back to
    /// the system allocator when it ends.
    func testThreadsParseAtOnceAndHandTheirBlocksBack() throws {
        try XCTSkipUnless(sharelint_yaml_allocator_get_state().pooled == 1, "the pool is off here")
        let text = (0..<200).map { "---\nk\($0): [\(String(repeating: "v", count: $0))]\n" }.joined()
        let before = sharelint_yaml_allocator_drained_blocks()
        let counts = Counts()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            let thread = Thread {
                counts.add(Self.parsedDocuments(text))
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<4 { done.wait() }
        XCTAssertEqual(counts.total, 800)
        // A thread's key destructors run after its block ends: wait for them a little.
        let deadline = Date().addingTimeInterval(5)
        while sharelint_yaml_allocator_drained_blocks() == before && Date() < deadline { usleep(10_000) }
        XCTAssertGreaterThan(sharelint_yaml_allocator_drained_blocks(), before)
    }

    /// What sharelint prints does not depend on the allocator.
    func testReportIsTheSameWithTheSystemAllocator() throws {
        let samples = CLI.packageRoot.appendingPathComponent("samples")
        let arguments = ["validate", "--format", "json", "--root", ".", ".", "invalid"]
        let pooled = try CLI.run(arguments, in: samples)
        let system = try CLI.run(arguments, in: samples, environment: ["SHARELINT_YAML_ALLOCATOR": "system"])
        XCTAssertEqual(pooled.status, 1, pooled.stderr)
        XCTAssertEqual(pooled.stdout, system.stdout)
        XCTAssertTrue(pooled.stdout.contains("\"rule\""))
    }

    /// Letters with a CJK character every 97th, so the text is not all ASCII.
    private static func value(length: Int) -> String {
        var value = ""
        for i in 0..<length {
            value.append(i % 97 == 0 ? "中" : Character(Unicode.Scalar(UInt8(97 + i % 26))))
        }
        return value
    }

    private static func parsedDocuments(_ text: String) -> Int {
        let reader = YAMLDocumentReader(bytes: Array(text.utf8))
        var count = 0
        while let document = reader.next() {
            if document.nodes != nil && document.problems.isEmpty { count += 1 }
        }
        return count
    }

    private final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add(_ n: Int) { lock.lock(); value += n; lock.unlock() }
        var total: Int { lock.lock(); defer { lock.unlock() }; return value }
    }
}
