// The libFuzzer entry point over the whole path: bytes → YAML → model → rules →
// header → every renderer; the same bytes also go through the configuration-file
// parser, the property-list reader (the XML reader on the bytes as they are, and inside a
// plist's top-level `<dict>` as UTF-8 and as UTF-16, so deep structure is reached; also
// as 8-byte lengths, counts and offsets spliced into a binary plist; a failure must be a
// `PropertyList.Failure`) and the content sniffer. The bytes are also written to a file and
// linted in pieces of 16 to 271 bytes (`LintOptions.pieceSize`), for a third of the inputs
// with small document and diagnostic caps: the report must be the one the whole bytes give,
// or the target stops (a finding). Each safe fix is applied alone: the fixed text must
// re-parse to the same data except the fixed value, which may be part of a scalar (a
// name between full-width commas); a full-width punctuation fix must leave what the
// linter reads as it was (a finding otherwise). The bytes
// are also read as the language server's input stream (its framing, then its JSON
// reader on each body): every frame ends in a message or a framing error, and the
// stream ends. Built by
// scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` (not part of the package).
import ShareLintKit
import YAMLSyntax
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the bytes are written for the piece-by-piece comparison (one per process). It is
/// removed when the process exits normally; after a finding it stays, holding the input.
private let piecesPath = "/tmp/sharelint-fuzz-\(getpid()).share.yaml"
private let removesPiecesFileAtExit: Void = { _ = atexit { _ = unlink(piecesPath) } }()

private let files = InMemoryFileSystem(files: [
    "poster.png": ExampleFiles.png(width: 120, height: 120),
    "assets/qr-poster.png": ExampleFiles.png(width: 64, height: 64, alpha: false),
    "photo.jpg": ExampleFiles.jpeg(width: 512, height: 512),
    "order.pdf": ExampleFiles.pdf,
])

private let renderers: [any ReportRenderer] = [
    TextRenderer(color: true), JSONRenderer(), SARIFRenderer(toolVersion: "fuzz"), GitHubRenderer(), JUnitRenderer(),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = LintOptions()
    options.locale = HeaderLocale.allCases[size % HeaderLocale.allCases.count]
    let report = Linter(options: options).lint(bytes: bytes, displayPath: "fuzz.share.yaml", directory: "", files: files)
    let run = LintRun(files: [report])
    for renderer in renderers { _ = renderer.render(run) }
    _ = LintConfiguration.parse(bytes, directory: "/")
    readPropertyLists(bytes)
    _ = ContentSniffer.sniff(bytes)
    _ = PNGTransparency.check(InMemoryFile(bytes))
    comparePieces(bytes, options: options)
    checkFixes(bytes, report: report)
    readFrames(bytes)
    return 0
}

/// Reads the bytes as a language server's standard input: each event is a body (then
/// read as JSON) or a framing error, and reading ends (a stream that never ends would
/// hang the target: libFuzzer's timeout is the finding).
private func readFrames(_ bytes: [UInt8]) {
    guard bytes.count <= 65_536 else { return }
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    // A pipe holds 64 KiB: the fuzzer's inputs (at most 64 KiB) fit before anything reads.
    let written = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    defer { close(fds[0]) }
    guard written == bytes.count else { return }
    let reader = MessageReader(fd: fds[0], maxContentLength: 1 << 16)
    while let event = reader.next() {
        if case .message(let body) = event { _ = try? JSONParser.parse(body) }
    }
}

/// Applies each fix of the report that `--fix` would apply (proven by `FixProof`) alone,
/// and stops when the fixed text does not parse to
/// the same documents with only the fixed value changed (a renamed or quoted scalar, or
/// `schemaVersion: 1` put first in its document).
private func checkFixes(_ bytes: [UInt8], report given: FileReport) {
    let fixes = Fixer.fixes(for: given, bytes: bytes)
    guard !fixes.isEmpty else { return }
    let before = YAMLDocumentReader.documents(in: bytes)
    guard before.allSatisfy({ $0.problems.isEmpty }) else { return }
    let linter = Linter(options: LintOptions())
    let report = linter.lint(bytes: bytes, displayPath: "fuzz.share.yaml", directory: "", files: files)
    for fix in fixes {
        let fixed = Fixer.apply([fix], to: bytes)
        // Only what --fix applies: the fixes the fixed text proves.
        guard FixProof.isSafe(fix, before: report, after: linter.lint(bytes: fixed, displayPath: "fuzz.share.yaml", directory: "", files: files)) else { continue }
        if fix.diagnostic.rule == "full-width-punctuation" {
            // The fix writes the ASCII the linter read in the character's place, so the
            // linter's reading stays as it was (the YAML may not: `[airDrop，print]` was
            // one scalar and becomes two entries, as the linter read it).
            let read = linterReading(bytes), readFixed = linterReading(fixed)
            guard read.count != readFixed.count || zip(read, readFixed).contains(where: { $0.root != $1.root }) else { continue }
            fputs("the fix \(fix.description) at \(fix.range) changed what the linter reads\n", stderr)
            abort()
        }
        let after = YAMLDocumentReader.documents(in: fixed)
        var changed = after.count == before.count && after.allSatisfy({ $0.problems.isEmpty }) ? 0 : -1
        for (old, new) in zip(before, after) where changed >= 0 {
            guard let a = old.root, let b = new.root else {
                if (old.root == nil) != (new.root == nil) { changed = -1 }
                continue
            }
            if fix.replacement.hasPrefix("schemaVersion: 1"), old.index == fix.diagnostic.document,
               case .mapping(let pairs) = b.content, pairs.first?.key.scalar?.value == "schemaVersion" {
                // The inserted pair is the change; the rest must be as it was.
                let rest = Node(.mapping(Array(pairs.dropFirst())), range: b.range)
                changed += 1 + (differences(a, rest, edit: nil) ?? -2)
                continue
            }
            changed += differences(a, b, edit: Edit(fix: fix, before: bytes, after: fixed)) ?? -2
        }
        if changed != 1 {
            fputs("the fix \(fix.description) at \(fix.range) changed \(changed) values (a structure when negative), not one\n", stderr)
            abort()
        }
    }
}

/// The documents as the linter reads them: full-width punctuation where YAML needs ASCII
/// replaced (`PunctuationSlips`), as `Linter` does before reading.
private func linterReading(_ bytes: [UInt8]) -> [YAMLDocument] {
    let repaired: [UInt8]? = bytes.withUnsafeBufferPointer { text in
        PunctuationSlips.repaired(text, PunctuationSlips.find(in: text)).map { Array($0.buffer.bytes.prefix($0.buffer.count)) }
    }
    return YAMLDocumentReader.documents(in: repaired ?? bytes)
}

/// A fix applied alone: the bytes before and after it.
private struct Edit {
    var fix: Fix
    var before: [UInt8]
    var after: [UInt8]

    /// Whether the scalar at `old` became the one at `new` by this fix: it is the
    /// replacement as written, or the fix lies inside it (a name between full-width commas
    /// is part of one plain scalar) and its text is the old text with the range replaced.
    func made(_ value: String, from old: SourceRange, to new: SourceRange) -> Bool {
        if value == fix.replacement || "\"\(value)\"" == fix.replacement { return true }
        // Positions count Unicode scalars: the bytes are found by line and column.
        let beforeTable = LineTable(before), afterTable = LineTable(after)
        guard let oldStart = beforeTable.byteOffset(old.start, in: before), let oldEnd = beforeTable.byteOffset(old.end, in: before),
              let newStart = afterTable.byteOffset(new.start, in: after), let newEnd = afterTable.byteOffset(new.end, in: after),
              oldStart <= fix.bytes.lowerBound, fix.bytes.upperBound <= oldEnd, newStart <= newEnd else { return false }
        let expected = before[oldStart..<fix.bytes.lowerBound] + Array(fix.replacement.utf8) + before[fix.bytes.upperBound..<oldEnd]
        return after[newStart..<newEnd].elementsEqual(expected)
    }
}

/// The number of scalars that differ between two trees of the same shape (nil when the
/// shapes differ, or a changed scalar is not what the fix made).
private func differences(_ a: Node, _ b: Node, edit: Edit?) -> Int? {
    switch (a.content, b.content) {
    case (.scalar(let x), .scalar(let y)):
        guard x != y else { return 0 }
        guard let edit, edit.made(y.value, from: a.range, to: b.range) else { return nil }
        return 1
    case (.sequence(let x), .sequence(let y)):
        guard x.count == y.count else { return nil }
        var total = 0
        for (p, q) in zip(x, y) { guard let n = differences(p, q, edit: edit) else { return nil }; total += n }
        return total
    case (.mapping(let x), .mapping(let y)):
        guard x.count == y.count else { return nil }
        var total = 0
        for (p, q) in zip(x, y) {
            guard let k = differences(p.key, q.key, edit: edit),
                  let v = differences(p.value, q.value, edit: edit) else { return nil }
            total += k + v
        }
        return total
    case (.invalid, .invalid): return 0
    default: return nil
    }
}

/// Lints the bytes from a file in small pieces and whole, and stops on any difference.
private func comparePieces(_ bytes: [UInt8], options: LintOptions) {
    _ = removesPiecesFileAtExit
    let fd = open(piecesPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return }
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count else { return }
    // Small caps for a third of the inputs, so pieces that stop at a cap (and do not parse
    // the rest) are compared with the whole too.
    var options = options
    if bytes.count % 3 == 0 {
        options.maxDocumentsPerFile = 1 + bytes.count % 5
        options.maxDiagnosticsPerFile = 1 + bytes.count % 7
    }
    var pieces = options
    pieces.pieceSize = 16 + bytes.count % 256
    let directory = PathLogic.directory(of: piecesPath)
    let whole = Linter(options: options).lint(bytes: bytes, displayPath: "p", directory: directory, files: files)
    guard let read = try? Linter(options: pieces).lintFile(at: piecesPath, displayPath: "p", files: files) else { return }
    if read.diagnostics != whole.diagnostics || read.documents != whole.documents || read.sourceLines != whole.sourceLines {
        print("read in pieces of \(pieces.pieceSize) bytes, the report differs from the whole:\n\(read.diagnostics)\n\(whole.diagnostics)")
        abort()
    }
}

/// Reads the bytes as a property list: as they are, as the value of a key in an XML
/// plist's top-level dictionary (in UTF-8, and in UTF-16 after a byte order mark), and
/// as lengths in a binary plist. Strings or a `PropertyList.Failure`, or the target stops.
private func readPropertyLists(_ bytes: [UInt8]) {
    let wrapped = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>k</key>".utf8) + bytes
        + Array("</dict></plist>\n".utf8)
    var utf16: [UInt8] = [0xFE, 0xFF]
    for unit in String(decoding: wrapped, as: UTF8.self).utf16 { utf16 += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
    for plist in [bytes, wrapped, utf16, binaryPropertyList(lengthsFrom: bytes)] {
        do {
            _ = try PropertyList.topLevelStrings(plist)
        } catch is PropertyList.Failure {
            continue
        } catch {
            fputs("the property-list reader threw \(error), not a PropertyList.Failure\n", stderr)
            abort()
        }
    }
}

/// A binary property list { "a": "b", "c": [..] } whose 8-byte fields (a string length, a
/// dictionary count, an array count, and the trailer's object count, top object and
/// table offset) come from the fuzzer's bytes, where there are enough of them.
private func binaryPropertyList(lengthsFrom input: [UInt8]) -> [UInt8] {
    var words = stride(from: 0, to: input.count - input.count % 8, by: 8).map { Array(input[$0..<($0 + 8)]) }
    func next(_ fallback: UInt64) -> [UInt8] {
        guard !words.isEmpty else { return (0..<8).reversed().map { UInt8((fallback >> (UInt64($0) * 8)) & 0xFF) } }
        return words.removeFirst()
    }
    var bytes = Array("bplist00".utf8)
    var offsets: [UInt8] = []
    let objects: [[UInt8]] = [
        [0xDF, 0x13] + next(2) + [1, 3, 2, 4],
        [0x5F, 0x13] + next(1) + [0x61],
        [0x51, 0x62],
        [0x51, 0x63],
        [0xAF, 0x13] + next(1) + [2],
    ]
    for object in objects { offsets.append(UInt8(bytes.count)); bytes += object }
    let table = bytes.count
    bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1] + next(UInt64(objects.count)) + next(0) + next(UInt64(table))
    return bytes
}
