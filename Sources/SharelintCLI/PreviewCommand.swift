#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ShareLintKit

/// `sharelint preview`: turns a lint run (with destinations) into `PreviewPage` files,
/// reading each share file's lines for the listing and each header or activity image inside
/// the root (through the run's confined file access) for a `data:` URI; writes the page
/// atomically, never over a share file.
enum PreviewCommand {
    /// Images larger than this are not embedded (the sheet draws a stock icon instead).
    static let imageLimit = 2 * 1024 * 1024

    /// `--output` is required, and may not name a share file or anything but a regular file.
    static func checkOutput(_ invocation: Invocation) throws {
        if let format = invocation.format, format != "text" {
            throw UsageError(message: "preview writes an HTML page; --format \(format) does not apply to it")
        }
        guard let output = invocation.output else {
            throw UsageError(message: "preview needs --output FILE (or --output - for standard output), as in: sharelint preview samples --output sheet.html")
        }
        guard output != "-" else { return }
        if output.hasSuffix(".share.yaml") || output.hasSuffix(".share.yml") || invocation.paths.contains(output) {
            throw UsageError(message: "--output \(output): refusing to overwrite a share file; name an .html file")
        }
        switch Platform.kind(output, follow: false) {
        case .missing, .file: return
        case .directory: throw UsageError(message: "--output \(output): is a directory, not a file")
        case .symlink: throw UsageError(message: "--output \(output): is a symbolic link; name a regular file")
        case .other: throw UsageError(message: "--output \(output): is not a regular file")
        }
    }

    static func page(_ run: LintRun, files: FileInspector, target: IOSTarget, maxFileSize: Int) -> String {
        var pages: [PreviewPage.File] = []
        for file in run.files {
            var lines: [String] = []
            if case .bytes(let bytes)? = try? FileReading.contents(of: file.path, limit: maxFileSize) {
                lines = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            }
            let directory = PathLogic.directory(of: file.path)
            let documents = file.documents.map { document -> PreviewPage.Document in
                let icon = document.header?.iconPath.flatMap { image($0, directory: directory, files: files) }
                var shareRow: [PreviewPage.Activity] = []
                var actionList: [PreviewPage.Activity] = []
                for destination in document.destinations?.destinations ?? [] where destination.availability != .notOffered {
                    let activity = PreviewPage.Activity(title: destination.title, activityType: destination.activityType,
                                                        decidedAtRunTime: destination.availability == .decidedAtRunTime,
                                                        imageDataURI: destination.imagePath.flatMap { image($0, directory: directory, files: files) })
                    if destination.row == .share { shareRow.append(activity) } else { actionList.append(activity) }
                }
                return PreviewPage.Document(index: document.index, name: document.name, header: document.header,
                                            noPreviewReason: document.noPreviewReason, iconDataURI: icon,
                                            shareRow: shareRow, actionList: actionList)
            }
            pages.append(PreviewPage.File(path: file.path, lines: lines, documents: documents, diagnostics: file.diagnostics))
        }
        return PreviewPage(target: target).render(pages)
    }

    /// A `data:` URI of an image file inside the root, read through the run's confined file access.
    static func image(_ path: String, directory: String, files: FileInspector) -> String? {
        guard case .file(let resolved, let size) = files.facts(path, relativeTo: directory).resolution, size <= imageLimit,
              let bytes = files.base.head(ofResolved: resolved, limit: imageLimit) else { return nil }
        return PreviewPage.dataURI(bytes)
    }

    /// Writes the page to standard output, or atomically to `--output` (a temporary file
    /// beside it, renamed over it: a reader never sees half a page).
    static func write(_ page: String, invocation: Invocation, summary: String, io: CommandIO, exitCode: Int32) throws -> Int32 {
        guard let output = invocation.output, output != "-" else {
            try SharelintCommand.emit(page, io)
            return exitCode
        }
        if let reason = Platform.writeFileAtomically(output, page) {
            throw SharelintCommand.OutputFailure(message: "--output \(output): \(reason)")
        }
        try SharelintCommand.emit("wrote \(output): " + summary + "\n", io)
        return exitCode
    }
}
