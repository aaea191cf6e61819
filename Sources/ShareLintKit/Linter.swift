import ShareLintMessages
import YAMLSyntax

/// What was found in one document.
public struct DocumentReport: Sendable, Hashable {
    /// The 0-based index in the stream.
    public package(set) var index: Int
    /// The configuration's `name`, if any.
    public package(set) var name: String?
    /// The predicted header; nil when the document could not be modeled or iOS shows no preview.
    public package(set) var header: Header?
    /// Why iOS shows no preview, when a modeled document has none.
    package var noPreviewReasonText: Message?
    /// `noPreviewReasonText` in English.
    public var noPreviewReason: String? { noPreviewReasonText?.english }
    /// When the header is only a summary of types, or there is no preview: why, and what to
    /// add for a title and an image (`HeaderAdvice`).
    package var headerAdvice: Message?
    /// With `--ios all`: what the other iOS behaviours show, where it differs.
    package var otherTargets: [TargetPrediction] = []
    /// Which activities are offered and what each receives (`sharelint destinations` only).
    public package(set) var destinations: DestinationReport?
    /// What a scan of the poster's mini-program code opens, when `wechat.miniProgramCode` says.
    package var miniProgramCode: MiniProgramCodeSummary?
    /// The parameters whose examples the header, the destinations and every check used, as
    /// `$(name)`, in the order declared: empty for a configuration without parameters.
    public package(set) var examples: [String] = []

    /// With conditions (`when:`): what each variant shows, the first being the one
    /// `header` and `destinations` hold; empty without conditions.
    public package(set) var variants: [VariantReport] = []
    /// When conditions read too many parameters for every combination: how the variants
    /// were chosen.
    package var variantsNote: Message?

    /// "with the examples of $(a) and $(b) in place", when there are any.
    package var examplesNote: Message? {
        examples.isEmpty ? nil : Message(.examplesInPlace, ["tokens": Message.Value.andItems(examples.map { .text($0) })])
    }
}

/// What was found in one file.
public struct FileReport: Sendable {
    /// The path as reported (relative to the current directory when it was given so).
    public package(set) var path: String
    /// One entry per document.
    public package(set) var documents: [DocumentReport]
    /// Every diagnostic, sorted by line, column and rule.
    public package(set) var diagnostics: [Diagnostic]
    /// The source lines that diagnostics point at, for renderers that quote them.
    package var sourceLines: [Int: String]
    /// Diagnostics suppressed by comments (not counted; SARIF records them).
    package var suppressed: [SuppressedDiagnostic] = []
    /// Safe fixes for some diagnostics, when the caller computed them (SARIF `fixes`).
    package var fixes: [Fix] = []
    /// The UTF-8 text the file was linted from (UTF-16 transcoded), when the run keeps it
    /// (`LintOptions.keepsText`); nil for a file that was not read.
    package var text: [UInt8]?

    /// Creates a report.
    package init(path: String, documents: [DocumentReport] = [], diagnostics: [Diagnostic] = [], sourceLines: [Int: String] = [:]) {
        self.path = path
        self.documents = documents
        self.diagnostics = diagnostics
        self.sourceLines = sourceLines
    }

    /// The number of diagnostics of a severity.
    public func count(_ severity: Severity) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}

/// Lints share configuration files: YAML, model, rules and header, one document at a time.
public struct Linter: Sendable {
    /// Options of the run.
    package var options: LintOptions
    /// The rules that run.
    package var rules: [any Rule] {
        didSet { runsCatalog = Self.isCatalog(rules) }
    }
    /// Whether `rules` is the whole catalog in its order: then they run by direct calls
    /// (`CatalogCheck`), not one by one through the `any Rule` box. The catalog's rules
    /// hold no state, so a value of each of their types is the same rule.
    private var runsCatalog: Bool

    /// Creates a linter that runs `rules` (`init(options:)` runs the whole catalog).
    package init(options: LintOptions = LintOptions(), rules: [any Rule]) {
        self.options = options
        self.rules = rules
        self.runsCatalog = Self.isCatalog(rules)
    }

    private static func isCatalog(_ rules: [any Rule]) -> Bool {
        let all = RuleCatalog.all
        return rules.count == all.count && zip(rules, all).allSatisfy { type(of: $0) == type(of: $1) }
    }

    /// Lints a file on disk, refusing one larger than the size limit before reading it.
    /// Throws only when the file cannot be read at all (the tool's failure, not the user's).
    /// `location` says where it is opened from (default: `path` as named); a worker that
    /// lints many files passes the directory it keeps open (`ConfinedOpen.KeptDirectory`).
    package func lintFile(at path: String, displayPath: String, files: any FileAccess, location: FileLocation? = nil,
                         keeping kept: ConfinedOpen.KeptDirectory? = nil) throws -> FileReport {
        try FileReading.withRegularFile(location ?? .named(path), keeping: kept) { file in
            if file.size > options.maxFileSize {
                let finding = Finding(.resourceLimit,
                    Message(.fileTooLarge, ["size": file.size, "limit": options.maxFileSize]),
                    at: .fileStart)
                return FileReport(path: displayPath, diagnostics: diagnostics([finding], document: nil))
            }
            let directory = PathLogic.directory(of: path)
            if file.size > options.pieceSize, !options.keepsText,
               let report = try lintInPieces(file, displayPath: displayPath, directory: directory, files: files) {
                return report
            }
            return lint(buffer: try file.whole(), displayPath: displayPath, directory: directory, files: files)
        }
    }

    /// The report of a file that could not be read at all: a `yaml-syntax` diagnostic
    /// at 1:1 (with this run's severities, like every other diagnostic).
    package func unreadableReport(_ path: String, reason: Message) -> FileReport {
        FileReport(path: path, diagnostics: diagnostics([Finding(.yamlSyntax, Message(.fileUnreadable, ["reason": reason]), at: .fileStart)], document: nil))
    }

    /// The report of an input over the size limit, which is not read: one `resource-limit`
    /// diagnostic at 1:1. `limit` is the limit it was measured against (default: this
    /// linter's `maxFileSize`).
    package func oversizedReport(byteCount: Int, limit: Int? = nil, displayPath: String) -> FileReport {
        let finding = Finding(.resourceLimit,
            Message(.inputTooLarge, ["size": byteCount, "limit": limit ?? options.maxFileSize]), at: .fileStart)
        return FileReport(path: displayPath, diagnostics: diagnostics([finding], document: nil))
    }

    /// Lints the bytes of a share file whose directory is `directory`.
    package func lint<Bytes: Collection>(bytes: Bytes, displayPath: String, directory: String, files: any FileAccess) -> FileReport where Bytes.Element == UInt8 {
        lint(buffer: ByteBuffer(copying: bytes), displayPath: displayPath, directory: directory, files: files)
    }

    /// Lints a share file's bytes in place.
    package func lint(buffer bytes: ByteBuffer, displayPath: String, directory: String, files: any FileAccess) -> FileReport {
        let files = FileInspector.wrapping(files)
        var run = FileRun(path: displayPath)
        if bytes.count > options.maxFileSize { return oversizedReport(byteCount: bytes.count, displayPath: displayPath) }
        let written = YAMLDocumentReader(buffer: bytes, limits: options.yamlLimits)
        // Full-width punctuation where YAML needs ASCII: the text is read with it replaced.
        let slips = written.withText(\.punctuationSlips)
        let repair = written.withText { $0.repairing(slips) }
        let reader = repair.map { YAMLDocumentReader(buffer: $0.buffer, limits: options.yamlLimits) } ?? written
        // The text as written (the listing `preview` draws), copied from the buffer.
        if options.keepsText { run.report.text = written.withText(\.array) }
        let suppressions = reader.withText { Suppressions.mentioned(in: $0) }
        var scalarRanges: [SourceRange] = []
        var documentLines: [(index: Int, line: Int)] = []
        read(reader, into: &run, fileMemo: FileMemo(files: files, directory: directory), keepsAll: suppressions) { document, _ in
            if suppressions, let root = document.root { Suppressions.scalarRanges(of: root, into: &scalarRanges) }
            if !slips.isEmpty { documentLines.append((document.index, document.start.line)) }
        }
        if !slips.isEmpty {
            run.report.diagnostics += slipDiagnostics(slips, shifts: repair?.shifts, documents: documentLines, read: run.report.documents.count)
        }
        var report = finish(run, suppressing: !suppressions ? nil : { report in
            let comments = reader.withText { Suppressions.comments(in: $0, scalarRanges: scalarRanges) }
            return Suppressions.apply(comments, to: &report.diagnostics, suppressed: &report.suppressed)
        }, lines: { wanted in written.withText { Self.lines(wanted, in: $0) } })
        if let shifts = repair?.shifts, !shifts.isEmpty { Self.shift(&report, back: shifts) }
        return report
    }

    /// The file's report once every document is read: the empty-file diagnostic,
    /// suppressions (`suppressing` applies them and returns the unused ones), sorting, the
    /// diagnostics cap, and the source lines diagnostics quote (`lines` gives the wanted
    /// lines' text).
    func finish(_ run: FileRun, suppressing: ((inout FileReport) -> [Finding])? = nil,
                lines: (Set<Int>) -> [Int: String]) -> FileReport {
        var report = run.report
        var dropped = run.dropped
        if report.documents.isEmpty {
            report.diagnostics += diagnostics([Finding(.emptyConfiguration, Message(.emptyConfiguration), at: .fileStart)], document: nil)
        }
        if let suppressing { report.diagnostics += diagnostics(suppressing(&report), document: nil) }
        report.diagnostics.sort(by: Diagnostic.sortOrder)
        if report.diagnostics.count > options.maxDiagnosticsPerFile {
            dropped += report.diagnostics.count - options.maxDiagnosticsPerFile
            report.diagnostics.removeLast(report.diagnostics.count - options.maxDiagnosticsPerFile)
        }
        if dropped > 0, let last = report.diagnostics.last {
            // Reported at the last diagnostic shown, so it sorts last.
            report.diagnostics += diagnostics([Finding(.resourceLimit,
                Message(.diagnosticsDropped, ["count": dropped, "limit": options.maxDiagnosticsPerFile]),
                at: SourceRange(at: last.range.start))], document: nil)
        }
        report.diagnostics += run.documentLimit
        report.sourceLines = lines(Set(report.diagnostics.map(\.range.start.line)))
        return report
    }

    /// Lints one document; `fileMemo` keeps what its file's documents ask again and again.
    /// A document with conditions is checked once per variant (`lintVariants`).
    func lint(_ document: YAMLDocument, fileMemo: FileMemo) -> (DocumentReport, [Diagnostic]) {
        var findings = Findings()
        for problem in document.problems {
            findings.report(Self.rule(for: problem.kind), problem.text, at: problem.range, suggestion: problem.suggestion)
        }
        let report = DocumentReport(index: document.index)
        guard let nodes = document.nodes else { return (report, diagnostics(findings.all, document: document.index)) }
        let (loaded, loadFindings) = Loader.load(nodes, documentIndex: document.index, writtenKeys: fileMemo.writtenKeys)
        guard let configuration = loaded else {
            findings.append(contentsOf: loadFindings)
            return (report, diagnostics(findings.all, document: document.index))
        }
        if configuration.hasVariants {
            return lintVariants(of: configuration, nodes: nodes, document: document, problems: findings, fileMemo: fileMemo)
        }
        findings.append(contentsOf: loadFindings)
        let (checked, found) = check(configuration, findings: findings, fileMemo: fileMemo, report: report)
        return (checked, Self.withoutFollowOns(diagnostics(found, document: document.index)))
    }

    /// Predicts and checks a loaded configuration: the document's report and every finding
    /// (`findings`, those of reading it, first).
    func check(_ configuration: ShareConfiguration, findings: Findings, fileMemo: FileMemo,
               report base: DocumentReport) -> (DocumentReport, [Finding]) {
        let files = fileMemo.files, directory = fileMemo.directory
        var findings = findings, report = base
        let registry = TypeInferenceLogic.registry(for: configuration)
        let prediction = HeaderModel(target: options.iosTarget, locale: options.locale)
            .prediction(for: configuration, files: files, directory: directory, registry: registry)
        report.name = configuration.name?.value
        report.header = prediction.header
        report.noPreviewReasonText = prediction.noPreviewReasonText
        report.headerAdvice = HeaderAdvice.advice(for: configuration, prediction: prediction)
        report.miniProgramCode = configuration.miniProgramCode.flatMap(MiniProgramCodeSummary.init)
        // A boolean that only conditions read has no example in place: each variant sets it.
        let usedInValues = Set(configuration.parameterUses.lazy.filter { $0.key != "when" }.map(\.name))
        report.examples = configuration.parameters.filter { $0.example != nil && usedInValues.contains($0.name.value) }.map(\.token)
        if options.comparesTargets {
            for target in IOSTarget.representatives where target.behaviour != options.iosTarget.behaviour {
                let other = HeaderModel(target: target, locale: options.locale)
                    .prediction(for: configuration, files: files, directory: directory, registry: registry)
                if other != prediction { report.otherTargets.append(TargetPrediction(targets: target.behaviourLabel, prediction: other)) }
            }
        }
        let context = RuleContext(configuration: configuration, registry: registry, fileMemo: fileMemo,
                                  options: options, prediction: prediction)
        if runsCatalog {
            var check = CatalogCheck(context: context, findings: consume findings)
            RuleCatalog.visitAll(&check)
            findings = check.findings
        } else {
            for index in rules.indices { rules[index].check(context, &findings) }
        }
        if options.includesDestinations { report.destinations = context.destinations() }
        return (report, ParameterExamples.marked(findings.all, uses: configuration.parameterUses, declared: configuration.parameters))
    }

    /// Rules whose findings follow from another rule's in the same document: when a root
    /// cause is reported, they are left out (its fix changes them anyway).
    static let followOns: [RuleID: Set<RuleID>] = [
        // The predicted header reads referenced files: a missing one makes it wrong.
        .headerMismatch: [.fileNotFound, .pathOutsideRoot],
    ]

    /// The diagnostics without follow-ons of a reported root cause.
    static func withoutFollowOns(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        // Most documents have none: no set of rules is made for them.
        guard !diagnostics.isEmpty else { return diagnostics }
        let reported = Set(diagnostics.map(\.rule))
        let sharesUnreadably = reported.contains(.emptyConfiguration) && diagnostics.contains(where: isUnreadableContent)
        return diagnostics.filter { diagnostic in
            if sharesUnreadably, diagnostic.rule == .emptyConfiguration { return false }
            guard let causes = followOns[diagnostic.rule] else { return true }
            return causes.isDisjoint(with: reported)
        }
    }

    /// Whether a diagnostic says why the app reads no `items` or `metadata` the file writes
    /// (misspelt, or of the wrong kind): it alone is the message, not "shares nothing".
    private static func isUnreadableContent(_ diagnostic: Diagnostic) -> Bool {
        switch diagnostic.rule {
        case .unknownKey: return diagnostic.suggestion == "items" || diagnostic.suggestion == "metadata"
        case .wrongKind: return diagnostic.keyPath == "items" || diagnostic.keyPath == "metadata"
        default: return false
        }
    }

    private static func rule(for kind: YAMLProblem.Kind) -> RuleID {
        switch kind {
        case .syntax: return .yamlSyntax
        case .duplicateKey: return .duplicateKey
        case .mergeKey: return .mergeKey
        case .undefinedAlias: return .undefinedAlias
        case .resourceLimit: return .resourceLimit
        }
    }

    func diagnostics(_ findings: [Finding], document: Int?) -> [Diagnostic] {
        findings.compactMap { finding in
            let defaultSeverity = RuleCatalog.description(of: finding.rule)?.severity ?? .error
            guard let severity = options.severity(for: finding, defaultSeverity: defaultSeverity) else { return nil }
            return Diagnostic(rule: finding.rule, severity: severity, text: finding.text, range: finding.range,
                              document: document, keyPath: finding.keyPath, suggestion: finding.suggestion)
        }
    }

    /// Extracts the given 1-based lines from UTF-8 text whose first line is `firstLine`
    /// (invalid bytes are replaced); lines end at every break libyaml counts (LF, CRLF,
    /// CR, NEL, U+2028, U+2029).
    static func lines(_ wanted: Set<Int>, in text: ByteView, firstLine: Int = 1) -> [Int: String] {
        guard let last = wanted.max() else { return [:] }
        var result: [Int: String] = [:]
        var line = firstLine, start = 0, i = 0
        while i <= text.count, line <= last {
            let breakLength = i == text.count ? 1 : text.lineBreakLength(at: i)
            if breakLength > 0 {
                if wanted.contains(line) {
                    result[line] = text.bytes(in: start..<i).string
                }
                line += 1
                i += breakLength
                start = i
            } else {
                i += 1
            }
        }
        return result
    }
}
