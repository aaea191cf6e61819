import ShareLintMessages

/// The JSON report (`--format json`), described by
/// `Schemas/sharelint-report.schema.json`.
package struct JSONRenderer: ReportRenderer, Sendable {
    package static let identifier = "json"

    /// How many threads may render files at once (`--jobs`).
    package var jobs: Int
    /// The language of the messages and explanations, which the report names in `locale`.
    package var language: Language

    package init(jobs: Int = 1, language: Language = .english) {
        self.jobs = jobs
        self.language = language
    }

    package func render(_ run: LintRun) -> String {
        var out: [UInt8] = []
        write(run) { out.append(contentsOf: $0); return true }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes the report in pieces of about 64 KiB, each ending between two values (so
    /// each is valid UTF-8): the report of a 20,000-document stream is never held whole.
    /// `emit` returns false when the output failed; writing stops and this returns false.
    @discardableResult
    package func write(_ run: LintRun, emit: ([UInt8]) -> Bool) -> Bool {
        withoutActuallyEscaping(emit) { emit in
            var stream = JSONStream(emit: emit)
            write(run, to: &stream)
            return stream.finish()
        }
    }

    private func write(_ run: LintRun, to stream: inout JSONStream) {
        stream.append("{\n  \"version\": 1,\n  \"locale\": ")
        JSONValue.escape(language.rawValue, into: &stream.out)
        stream.append(",\n  \"files\": ")
        if run.files.isEmpty {
            stream.append("[]")
        } else {
            stream.append("[")
            if Self.rendersInParallel(run, jobs: jobs) {
                // Much to write: each file is serialized on its own, in parallel, then
                // written in order (the same bytes as serial writing; a test compares them).
                let language = language
                let fragments = ParallelMap.map(run.files, jobs: jobs) { file in
                    var fragment = JSONStream(emit: nil)
                    Self.write(file, to: &fragment, level: 2, language: language)
                    return fragment.out
                }
                for (i, fragment) in fragments.enumerated() {
                    stream.append(i == 0 ? "\n    " : ",\n    ")
                    stream.out.append(contentsOf: fragment)
                    stream.flushIfFull()
                }
            } else {
                for (i, file) in run.files.enumerated() {
                    stream.append(i == 0 ? "\n    " : ",\n    ")
                    Self.write(file, to: &stream, level: 2, language: language)
                }
            }
            stream.append("\n  ]")
        }
        stream.append(",\n  \"summary\": ")
        summary(run).write(to: &stream.out, indent: 2, level: 1)
        stream.append("\n}\n")
    }

    /// Whether the files are serialized on `jobs` threads: only when there is enough to
    /// write that the threads' start (slow on a virtual machine whose second core wakes
    /// slowly) is worth it (docs/performance.md, "The figures behind the code"); a
    /// diagnostic, with its message, is counted as four.
    static func rendersInParallel(_ run: LintRun, jobs: Int) -> Bool {
        guard jobs > 1, run.files.count >= 64 else { return false }
        var work = 0
        for file in run.files {
            work += file.documents.count + 4 * file.diagnostics.count
            if work >= parallelWork { return true }
        }
        return false
    }

    /// The amount of writing (documents, and diagnostics counted as four) from which the
    /// files are serialized in parallel.
    static let parallelWork = 8_192

    /// One file's object at `level`, written value by value (the bytes of `file(_:)`
    /// serialized there).
    private static func write(_ file: FileReport, to stream: inout JSONStream, level: Int, language: Language) {
        stream.append("{")
        JSONValue.newline(indent: 2, level: level + 1, to: &stream.out)
        stream.append("\"path\": ")
        JSONValue.escape(file.path, into: &stream.out)
        stream.append(",")
        JSONValue.newline(indent: 2, level: level + 1, to: &stream.out)
        stream.append("\"documents\": ")
        writeDocuments(file.documents, to: &stream, level: level + 1, language: language)
        stream.append(",")
        JSONValue.newline(indent: 2, level: level + 1, to: &stream.out)
        stream.append("\"diagnostics\": ")
        writeArray(file.diagnostics, to: &stream, level: level + 1) { diagnostic($0, language: language) }
        JSONValue.newline(indent: 2, level: level, to: &stream.out)
        stream.append("}")
    }

    /// The documents array at `level`: each document written straight into the bytes (no
    /// `JSONValue` built for it, about ten allocations each), unless it has other targets,
    /// destinations or a mini-program code, which take the general path. The bytes are the same either way
    /// (`document(_:)` serialized at that level).
    private static func writeDocuments(_ documents: [DocumentReport], to stream: inout JSONStream, level: Int, language: Language) {
        if documents.isEmpty { return stream.append("[]") }
        stream.append("[")
        for (i, document) in documents.enumerated() {
            if i > 0 { stream.append(",") }
            JSONValue.newline(indent: 2, level: level + 1, to: &stream.out)
            write(document, to: &stream.out, level: level + 1, language: language)
            stream.flushIfFull()
        }
        JSONValue.newline(indent: 2, level: level, to: &stream.out)
        stream.append("]")
    }

    private static func write(_ document: DocumentReport, to out: inout [UInt8], level: Int, language: Language) {
        guard document.otherTargets.isEmpty, document.destinations == nil, document.miniProgramCode == nil, document.examples.isEmpty, document.variants.isEmpty,
              document.header?.ifFileRefused == nil else {
            return self.document(document, language: language).write(to: &out, indent: 2, level: level)
        }
        let noPreviewReason = document.noPreviewReasonText?.text(in: language)
        let decidedAtRunTime = document.header?.decidedAtRunTimeNote?.text(in: language)
        let advice = document.headerAdvice?.text(in: language)
        // Written into a buffer sized for the longest escapes, then appended at once.
        func size(_ text: String?) -> Int { JSONValue.escapedSize(utf8Count: text?.utf8.count ?? 2) }
        var bound = size(document.name) + size(noPreviewReason) + size(advice) + 20 * (2 * level + 24)
        if let header = document.header {
            bound += size(header.title) + size(header.subtitle) + size(header.style.rawValue)
                + size(header.icon?.rawValue) + size(header.fetchedURL) + size(decidedAtRunTime)
        }
        JSONByteWriter.write(capacity: bound, appendingTo: &out) {
            write(document, to: &$0, level: level, noPreviewReason: noPreviewReason, decidedAtRunTime: decidedAtRunTime, advice: advice)
        }
    }

    /// A document without other targets, destinations, a mini-program code, examples, variants or a header's
    /// other outcome (`ifFileRefused`), as `document(_:)` serializes it at
    /// `level` (the bytes are the same).
    private static func write(_ document: DocumentReport, to out: inout JSONByteWriter, level: Int,
                              noPreviewReason: String?, decidedAtRunTime: String?, advice: String?) {
        func key(_ name: StaticString, first: Bool = false, level: Int) {
            if !first { out.put(UInt8(ascii: ",")) }
            out.newline(level: level)
            out.put(UInt8(ascii: "\""))
            out.put(ascii: name)
            out.put(ascii: "\": ")
        }
        func string(_ value: String?) {
            if let value { JSONValue.escape(value, into: &out) } else { out.put(ascii: "null") }
        }
        out.put(UInt8(ascii: "{"))
        key("index", first: true, level: level + 1)
        out.decimal(document.index)
        key("name", level: level + 1)
        string(document.name)
        key("header", level: level + 1)
        if let header = document.header {
            out.put(UInt8(ascii: "{"))
            key("title", first: true, level: level + 2)
            string(header.title)
            key("subtitle", level: level + 2)
            string(header.subtitle)
            key("style", level: level + 2)
            string(header.style.rawValue)
            key("icon", level: level + 2)
            string(header.icon?.rawValue)
            if let url = header.fetchedURL {
                key("url", level: level + 2)
                string(url)
            }
            if let note = decidedAtRunTime {
                key("decidedAtRunTime", level: level + 2)
                string(note)
            }
            out.newline(level: level + 1)
            out.put(UInt8(ascii: "}"))
        } else {
            out.put(ascii: "null")
        }
        key("noPreviewReason", level: level + 1)
        string(noPreviewReason)
        if let advice {
            key("headerAdvice", level: level + 1)
            string(advice)
        }
        out.newline(level: level)
        out.put(UInt8(ascii: "}"))
    }

    /// An array at `level` whose items are built and written one at a time.
    private static func writeArray<Item>(_ items: [Item], to stream: inout JSONStream, level: Int, _ value: (Item) -> JSONValue) {
        if items.isEmpty { return stream.append("[]") }
        stream.append("[")
        for (i, item) in items.enumerated() {
            if i > 0 { stream.append(",") }
            JSONValue.newline(indent: 2, level: level + 1, to: &stream.out)
            value(item).write(to: &stream.out, indent: 2, level: level + 1)
            stream.flushIfFull()
        }
        JSONValue.newline(indent: 2, level: level, to: &stream.out)
        stream.append("]")
    }

    /// The report as a JSON value.
    package func report(_ run: LintRun) -> JSONValue {
        .object([
            ("version", .int(1)),
            ("locale", .string(language.rawValue)),
            ("files", .array(run.files.map(file))),
            ("summary", summary(run)),
        ])
    }

    private func summary(_ run: LintRun) -> JSONValue {
        let summary = run.summary
        return .object([
            ("files", .int(summary.files)), ("documents", .int(summary.documents)),
            ("errors", .int(summary.errors)), ("warnings", .int(summary.warnings)), ("infos", .int(summary.infos)),
        ])
    }

    private func file(_ file: FileReport) -> JSONValue {
        .object([
            ("path", .string(file.path)),
            ("documents", .array(file.documents.map { Self.document($0, language: language) })),
            ("diagnostics", .array(file.diagnostics.map { Self.diagnostic($0, language: language) })),
        ])
    }

    private static func document(_ document: DocumentReport, language: Language) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("index", .int(document.index)),
            ("name", .optional(document.name)),
            ("header", header(document.header, language: language)),
            ("noPreviewReason", .optional(document.noPreviewReasonText?.text(in: language))),
        ]
        if let advice = document.headerAdvice { fields.append(("headerAdvice", .string(advice.text(in: language)))) }
        if !document.examples.isEmpty { fields.append(("examples", .array(document.examples.map { .string($0) }))) }
        if !document.variants.isEmpty {
            fields.append(("variants", .array(document.variants.map { variant in
                var members: [(String, JSONValue)] = [
                    ("when", .object(variant.variant.values.map { ($0.name, .bool($0.value)) })),
                    ("header", header(variant.header, language: language)),
                    ("noPreviewReason", .optional(variant.noPreviewReasonText?.text(in: language))),
                ]
                if let destinations = variant.destinations { members.append(("destinations", Self.destinations(destinations, language: language))) }
                return .object(members)
            })))
            if let note = document.variantsNote { fields.append(("variantsNote", .string(note.text(in: language)))) }
        }
        if !document.otherTargets.isEmpty {
            fields.append(("otherTargets", .array(document.otherTargets.map { other in
                .object([("ios", .string(other.targets)), ("header", header(other.prediction.header, language: language)),
                         ("noPreviewReason", .optional(other.prediction.noPreviewReasonText?.text(in: language)))])
            })))
        }
        if let code = document.miniProgramCode { fields.append(("miniProgramCode", miniProgramCode(code, language: language))) }
        if let destinations = document.destinations { fields.append(("destinations", Self.destinations(destinations, language: language))) }
        return .object(fields)
    }

    /// `{api, page, scene, query, envVersion, opens}`: what a scan of the poster's code opens.
    static func miniProgramCode(_ code: MiniProgramCodeSummary, language: Language) -> JSONValue {
        .object(miniProgramCodeFields(code, language: language))
    }

    /// The fields of `miniProgramCode`, for the JSON outputs that show a code.
    package static func miniProgramCodeFields(_ code: MiniProgramCodeSummary, language: Language = .english) -> [(String, JSONValue)] {
        [
            ("api", .string(code.api)), ("page", .optional(code.page)), ("scene", .optional(code.scene)),
            ("query", .optional(code.query)), ("envVersion", .optional(code.envVersion)), ("opens", .string(code.opensText.text(in: language))),
        ]
    }

    /// `{title, subtitle, style, icon}` (and `url` for a fetched page, `decidedAtRunTime` and
    /// `ifFileRefused` for a header iOS 26 shows only if it may share a file), or null.
    static func header(_ header: Header?, language: Language) -> JSONValue {
        guard let header else { return .null }
        var fields: [(String, JSONValue)] = [
            ("title", .string(header.title)), ("subtitle", .string(header.subtitle)),
            ("style", .string(header.style.rawValue)), ("icon", .optional(header.icon?.rawValue)),
        ]
        if let url = header.fetchedURL { fields.append(("url", .string(url))) }
        if let note = header.decidedAtRunTimeNote { fields.append(("decidedAtRunTime", .string(note.text(in: language)))) }
        if let refused = header.ifFileRefused?.prediction {
            fields.append(("ifFileRefused", .object([("header", Self.header(refused.header, language: language)),
                                                      ("noPreviewReason", .optional(refused.noPreviewReasonText?.text(in: language)))])))
        }
        return .object(fields)
    }

    private static func diagnostic(_ d: Diagnostic, language: Language) -> JSONValue {
        .object([
            ("rule", .string(d.rule.rawValue)),
            ("severity", .string(d.severity.rawValue)),
            ("message", .string(d.message(in: language))),
            ("document", .optional(d.document)),
            ("line", .int(d.range.start.line)),
            ("column", .int(d.range.start.column)),
            ("endLine", .int(d.range.end.line)),
            ("endColumn", .int(d.range.end.column)),
            ("keyPath", .string(d.keyPath)),
            ("suggestion", .optional(d.suggestion)),
        ])
    }
}

/// JSON bytes on their way out: handed to `emit` whenever they pass 64 KiB.
struct JSONStream {
    static let pieceSize = 64 * 1024
    var out: [UInt8] = []
    private let emit: (([UInt8]) -> Bool)?
    private var failed = false

    init(emit: (([UInt8]) -> Bool)?) {
        self.emit = emit
        if emit != nil { out.reserveCapacity(Self.pieceSize + 4096) }
    }

    mutating func append(_ text: StaticString) {
        out.put(ascii: text)
    }

    mutating func flushIfFull() {
        if out.count >= Self.pieceSize { flush() }
    }

    private mutating func flush() {
        guard let emit else { return }
        if !failed, !emit(out) { failed = true }
        out.removeAll(keepingCapacity: true)
    }

    /// Hands out the rest; false when any piece could not be written.
    mutating func finish() -> Bool {
        flush()
        return !failed
    }
}
