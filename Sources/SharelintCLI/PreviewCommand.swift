import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ShareLintKit

/// `sharelint preview`: turns a lint run (with destinations, and the text each file was
/// linted from) into a `PreviewPage`, written as it is made: each distinct header or
/// activity image inside the root is read once, through the run's confined file access,
/// and embedded once; each file's section is written and dropped before the next is made.
/// The page goes to standard output or, atomically, to `--output` (never over an input),
/// and stops with exit 2 past the page size limit.
enum PreviewCommand {
    /// Images larger than this are not embedded (the sheet draws a stock icon instead).
    static let imageLimit = 2 * 1024 * 1024
    /// The largest page written unless `--max-page-size` says otherwise (256 MiB).
    static let defaultMaxPageSize = 256 * 1024 * 1024

    /// `--output` is required, and may not name a share file or anything but a regular file.
    static func checkOutput(_ invocation: Invocation) throws {
        if let format = invocation.format, format != "text" {
            throw UsageError(Message(.previewFormat, ["format": format]))
        }
        guard let output = invocation.output else {
            throw UsageError(Message(.previewNeedsOutput))
        }
        guard output != "-" else { return }
        if output.hasSuffix(".share.yaml") || output.hasSuffix(".share.yml") || invocation.paths.contains(output) {
            throw UsageError(Message(.previewRefuseShareFile, ["path": output]))
        }
        switch FileKind.of(output, follow: false) {
        case .missing, .file: return
        case .directory: throw UsageError(Message(.outputIsDirectory, ["path": output]))
        case .symlink: throw UsageError(Message(.outputIsSymlink, ["path": output]))
        case .other: throw UsageError(Message(.outputNotRegular, ["path": output]))
        }
    }

    /// The distinct images a run's documents show: each file (by its resolved path inside
    /// the root) gets one number, in order of first use.
    struct ImageTable {
        /// The resolved paths, by number.
        private(set) var paths: [String] = []
        private var numbers: [String: Int] = [:]

        /// The number of a resolved path, given a new one on first use.
        mutating func add(_ resolved: String) {
            guard numbers[resolved] == nil else { return }
            numbers[resolved] = paths.count
            paths.append(resolved)
        }

        /// The number of a resolved path, nil when it was never added.
        func number(of resolved: String) -> Int? { numbers[resolved] }

        /// Every image the run's documents show, resolved through `files`.
        init(_ run: LintRun, files: FileInspector) {
            for file in run.files {
                let directory = PathLogic.directory(of: file.path)
                for document in file.documents {
                    for path in PreviewCommand.imagePaths(document) {
                        if let resolved = PreviewCommand.resolvedImage(path, directory: directory, files: files) { add(resolved) }
                    }
                }
            }
        }
    }

    /// The image paths a document's sheet shows: the header's icon, then each offered activity's image.
    static func imagePaths(_ document: DocumentReport) -> [String] {
        var paths: [String] = []
        if let icon = document.header?.iconPath { paths.append(icon) }
        for destination in document.destinations?.destinations ?? [] where destination.availability != .notOffered {
            if let image = destination.imagePath { paths.append(image) }
        }
        return paths
    }

    /// The resolved path of an image file inside the root no larger than `imageLimit`, nil otherwise.
    static func resolvedImage(_ path: String, directory: String, files: FileInspector) -> String? {
        guard case .file(let resolved, let size) = files.facts(path, relativeTo: directory).resolution, size <= imageLimit else { return nil }
        return resolved
    }

    /// One file's part of the page: its documents with their images' numbers (nil where
    /// the image is not drawn), and the lines of the text it was linted from (none when
    /// it was not read: nothing is read again for the page).
    static func pageFile(_ file: FileReport, images: ImageTable, drawn: [Bool], files: FileInspector, language: Language) -> PreviewPage.File {
        let directory = PathLogic.directory(of: file.path)
        func number(_ path: String?) -> Int? {
            guard let path, let resolved = resolvedImage(path, directory: directory, files: files),
                  let number = images.number(of: resolved), drawn[number] else { return nil }
            return number
        }
        let documents = file.documents.map { document -> PreviewPage.Document in
            var shareRow: [PreviewPage.Activity] = []
            var actionList: [PreviewPage.Activity] = []
            for destination in document.destinations?.destinations ?? [] where destination.availability != .notOffered {
                let activity = PreviewPage.Activity(title: destination.titleMessage.text(in: language), activityType: destination.activityType,
                                                    decidedAtRunTime: destination.availability == .decidedAtRunTime,
                                                    image: number(destination.imagePath), symbol: destination.symbol)
                if destination.row == .share { shareRow.append(activity) } else { actionList.append(activity) }
            }
            return PreviewPage.Document(index: document.index, name: document.name, header: document.header,
                                        noPreviewReason: document.noPreviewReasonText, iconImage: number(document.header?.iconPath),
                                        shareRow: shareRow, actionList: actionList, miniProgramCode: document.miniProgramCode,
                                        advice: document.headerAdvice, examplesNote: document.examplesNote,
                                        variantNote: document.variants.first.map { Message(.previewShowsVariant, ["variant": $0.variant.message]) })
        }
        let lines = file.text.map { text in
            String(decoding: text, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        } ?? []
        return PreviewPage.File(path: file.path, lines: lines, documents: documents, diagnostics: file.diagnostics)
    }

    /// Makes the page and writes it as it is made to `output`: the images' rules (each
    /// image read once, inside the root), then one section per file.
    static func writePage(_ run: LintRun, images: ImageTable, files: FileInspector, target: IOSTarget, language: Language,
                          to output: PageOutput, progress: inout ProgressLine?, reloads: Bool = false) throws {
        let page = PreviewPage(target: target, language: language)
        try output.append(page.start(reloadsEverySecond: reloads))
        var drawn = [Bool](repeating: false, count: images.paths.count)
        for (number, resolved) in images.paths.enumerated() {
            guard let bytes = files.base.head(ofResolved: resolved, limit: imageLimit),
                  let rule = PreviewPage.imageRule(number, bytes: bytes) else { continue }
            try output.append(rule)
            drawn[number] = true
        }
        try output.append(page.bodyStart())
        for (index, file) in run.files.enumerated() {
            try output.append(page.section(pageFile(file, images: images, drawn: drawn, files: files, language: language), fileIndex: index))
            progress?.update(filesDone: index + 1, bytes: output.count)
        }
        try output.append(page.end())
        try output.flush()
    }

    /// Writes the page to standard output, or atomically to `--output` (a temporary file
    /// beside it, renamed over it once whole: a reader never sees half a page, and a page
    /// past the limit leaves nothing). With `--watch` (`drawn` given) the page reloads itself
    /// and `drawn` gets its counts and the paths to watch, for `PreviewWatch` to report.
    static func write(_ run: LintRun, files: FileInspector, target: IOSTarget, invocation: Invocation,
                      summary: String, io: CommandIO, exitCode: Int32, drawn: PreviewWatch.DrawnPage? = nil) throws -> Int32 {
        if let drawn, let root = (files.base as? RootedFileSystem)?.root {
            // Known before the page is written: a page that fails still leaves what to watch.
            drawn.watched = PreviewWatch.watchedPaths(run, root: root, named: invocation.paths.isEmpty ? ["."] : invocation.paths)
        }
        let images = ImageTable(run, files: files)
        let limit = invocation.maxPageSize ?? defaultMaxPageSize
        var progress = io.errorIsTerminal && run.files.count > 1 ? ProgressLine(total: run.files.count, show: io.writeError) : nil
        let destination = invocation.output.flatMap { $0 == "-" ? nil : $0 }
        var writer: AtomicFileWriter?
        defer { writer?.discard() }
        // The page is never an image it shows: `WriteTargets` refused that after the lint.
        if let destination {
            do throws(FileWriteFailure) {
                writer = try AtomicFileWriter(.named(destination))
            } catch {
                throw SharelintCommand.OutputFailure(Message(.outputFailed, ["path": destination, "reason": error.reason]))
            }
        }
        let output = PageOutput(limit: limit) { piece in
            if let writer {
                try writer.write(piece)
            } else if let reason = io.writeOutput(piece) {
                throw SharelintCommand.OutputFailure(Message(.failureStandardOutput, ["reason": reason]))
            }
        }
        do {
            try writePage(run, images: images, files: files, target: target, language: io.language, to: output, progress: &progress,
                          reloads: drawn != nil)
            try writer?.commit()
        } catch let error as FileWriteFailure {
            progress?.abandon()
            throw SharelintCommand.OutputFailure(Message(.outputNotWritten, ["path": destination ?? "-", "reason": error.reason]))
        } catch is PageOutput.PageTooLarge {
            progress?.abandon()
            let what = destination.map { Message(.outputWasNotWritten, ["path": $0]) } ?? Message(.standardOutputPartial)
            let mebibytes = limit % (1 << 20) == 0 ? Message(.mebibytesPrefix, ["count": limit >> 20]) : .empty
            throw UsageError(Message(.previewTooLarge, ["limit": limit, "mebibytes": mebibytes, "what": what]))
        } catch {
            progress?.abandon()
            throw error
        }
        progress?.finish(bytes: output.count)
        if let drawn {
            drawn.summary = summary
        } else if let destination {
            try SharelintCommand.emit(TerminalText.visible(Message(.previewWrote, ["path": destination, "summary": summary]).text(in: io.language)) + "\n", io)
        }
        return exitCode
    }
}

extension PreviewCommand {
    /// What the page draws of a report, kept from the moment it is made: each document's
    /// offered destinations with only their title, type, row, availability and image
    /// (their reasons, conditions and receipts are most of a report's memory).
    @Sendable static func drawnPart(_ report: FileReport) -> FileReport {
        var report = report
        for index in report.documents.indices {
            guard var destinations = report.documents[index].destinations else { continue }
            destinations.destinations = destinations.destinations.compactMap { destination in
                guard destination.availability != .notOffered else { return nil }
                var drawn = destination
                drawn.reason = nil
                drawn.reasonUnlessExcluded = nil
                drawn.conditions = []
                drawn.receipt = nil
                drawn.fileOutcomes = nil
                drawn.evidence = ""
                return drawn
            }
            destinations.ignoredExclusions = []
            destinations.extensions = ""
            report.documents[index].destinations = destinations
        }
        return report
    }
}
