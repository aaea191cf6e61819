import ShareLintKit

/// `--output FILE`, checked before anything is linted: every destination the report
/// cannot be written to is a usage error (exit 2) with the reason, not a failure of the
/// tool found at the end. Only a write that fails after this check passed (a full disk, the
/// directory removed meanwhile) is exit 3.
enum OutputCheck {
    /// Throws a `UsageError` when the report cannot be written to `output`.
    static func check(_ output: String, option: String = "--output") throws {
        guard !output.isEmpty else { throw UsageError(message: "\(option) needs a file name, not an empty value") }
        let shown = TerminalText.visible(output)
        let name = PathLogic.fileName(of: output)
        switch FileKind.of(output, follow: false) {
        case .directory:
            throw UsageError(message: "\(option) \(shown): is a directory; name a file in it, as in \(option) \(PathLogic.join(shown, "report.xml"))")
        case .other:
            throw UsageError(message: "\(option) \(shown): is not a regular file (a device, a pipe or a socket), and would be replaced; "
                + "name a regular file, or leave \(option) out and redirect standard output")
        case .file, .symlink, .missing:
            break
        }
        guard !name.isEmpty, name != ".", name != ".." else {
            throw UsageError(message: "\(option) \(shown): names a directory, not a file")
        }
        let directory = PathLogic.directory(of: output)
        let shownDirectory = TerminalText.visible(directory)
        switch FileKind.of(directory, follow: true) {
        case .directory: break
        case .missing: throw UsageError(message: "\(option) \(shown): the directory \(shownDirectory) does not exist; create it first")
        default: throw UsageError(message: "\(option) \(shown): \(shownDirectory) is not a directory")
        }
        if let reason = AtomicFile.probe(output) {
            throw UsageError(message: "\(option) \(shown): cannot create a file in \(shownDirectory): \(reason)")
        }
    }
}
