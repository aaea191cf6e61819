import ShareLintMessages
import YAMLSyntax

/// Reading a file's documents: parsed a few at a time, then checked one by one.
extension Linter {
    /// Reads the documents of `reader` into `run`, calling `each` with every document
    /// read and its diagnostics. With `keepsAll` (suppressions still to apply) no
    /// diagnostic is dropped on the way.
    ///
    /// Documents are parsed a few at a time (`readAhead`) before they are checked: libyaml
    /// and the checks each keep their code in the processor's caches for a run of
    /// documents, instead of taking turns evicting each other at every document
    /// (docs/performance.md, "Parsing" and "The figures behind the code"). Nothing is parsed past the
    /// document cap, and the order of everything reported is the same.
    func read(_ reader: YAMLDocumentReader, into run: inout FileRun, fileMemo: FileMemo,
              keepsAll: Bool = false, each: (YAMLDocument, [Diagnostic]) -> Void = { _, _ in }) {
        var batch: [YAMLDocument] = []
        while Self.readAhead(reader, into: &batch, beforeCap: beforeCap(run)) {
            for document in batch where !run.stopped { lint(document, into: &run, fileMemo: fileMemo, keepsAll: keepsAll, each: each) }
            batch.removeAll(keepingCapacity: true)
            if run.stopped { return }
        }
        if reader.stoppedAtInvalidText { run.stopped = true }
    }

    /// The most documents read ahead, and the nodes and text bytes after which no more are
    /// added. The limits are checked before each document is read, and a document is read
    /// whatever its size: a run is small documents, and at most one large one, its last,
    /// held beside fewer than 2,048 nodes and 64 KiB of the others.
    static let readAheadLimits = (documents: 16, nodes: 2_048, textBytes: 64 << 10)

    /// How many more documents the cap allows (Int.max for a cap that can never be
    /// reached, such as a negative one, which `lint(_:into:...)` never meets either).
    private func beforeCap(_ run: FileRun) -> Int {
        let (left, overflow) = options.maxDocumentsPerFile.subtractingReportingOverflow(run.report.documents.count)
        return overflow || left < 0 ? .max : left
    }

    /// Reads documents into `batch` (empty), within `readAheadLimits`, and at most one past
    /// the `beforeCap` still allowed (the one the cap's diagnostic points at); false when
    /// the reader has none left.
    private static func readAhead(_ reader: YAMLDocumentReader, into batch: inout [YAMLDocument], beforeCap: Int) -> Bool {
        var nodes = 0, textBytes = 0
        while batch.count < readAheadLimits.documents, batch.count <= beforeCap, nodes < readAheadLimits.nodes,
              textBytes < readAheadLimits.textBytes, let document = reader.next() {
            nodes += document.nodes?.nodeCount ?? 0
            textBytes += document.nodes?.textByteCount ?? 0
            batch.append(document)
        }
        return !batch.isEmpty
    }

    /// Checks one document read by `read` into `run`.
    private func lint(_ document: YAMLDocument, into run: inout FileRun, fileMemo: FileMemo,
                      keepsAll: Bool, each: (YAMLDocument, [Diagnostic]) -> Void) {
        if run.report.documents.count == options.maxDocumentsPerFile {
            run.documentLimit = diagnostics([Finding(.resourceLimit,
                Message(.documentsDropped, ["limit": options.maxDocumentsPerFile]),
                at: SourceRange(at: document.start))], document: document.index)
            each(document, run.documentLimit)
            run.stopped = true
            return
        }
        let (documentReport, found) = lint(document, fileMemo: fileMemo)
        fileMemo.emptyKeptLists()
        run.report.documents.append(documentReport)
        run.report.diagnostics += found
        each(document, found)
        // Memory stays bounded: past twice the cap, keep the first by position. (With
        // suppressions in the file, all are kept until they are applied.) Written without
        // doubling the cap, which overflows for a cap near `Int.max`.
        if !keepsAll, run.report.diagnostics.count - options.maxDiagnosticsPerFile > options.maxDiagnosticsPerFile {
            run.report.diagnostics.sort(by: Diagnostic.sortOrder)
            run.dropped += run.report.diagnostics.count - options.maxDiagnosticsPerFile
            run.report.diagnostics.removeLast(run.report.diagnostics.count - options.maxDiagnosticsPerFile)
        }
    }
}
