import ShareLintMessages
import ShareLintKit

/// `--output FILE`, checked before anything is linted: every destination the report
/// cannot be written to is a usage error (exit 2) with the reason, not a failure of the
/// tool found at the end. Only a write that fails after this check passed (a full disk, the
/// directory removed meanwhile) is exit 3.
enum OutputCheck {
    /// Throws a `UsageError` when the report cannot be written to `output`.
    static func check(_ output: String, option: String = "--output") throws {
        guard !output.isEmpty else { throw UsageError(Message(.outputNeedsName, ["option": option])) }
        let shown = TerminalText.visible(output)
        let name = PathLogic.fileName(of: output)
        switch FileKind.of(output, follow: false) {
        case .directory:
            throw UsageError(Message(.outputCheckDirectory, ["option": option, "path": shown, "example": PathLogic.join(shown, "report.xml")]))
        case .other:
            throw UsageError(Message(.outputCheckNotRegular, ["option": option, "path": shown]))
        case .file, .symlink, .missing:
            break
        }
        guard !name.isEmpty, name != ".", name != ".." else {
            throw UsageError(Message(.outputCheckNamesDirectory, ["option": option, "path": shown]))
        }
        let directory = PathLogic.directory(of: output)
        let shownDirectory = TerminalText.visible(directory)
        switch FileKind.of(directory, follow: true) {
        case .directory: break
        case .missing: throw UsageError(Message(.outputCheckNoDirectory, ["option": option, "path": shown, "directory": shownDirectory]))
        default: throw UsageError(Message(.outputCheckNotDirectory, ["option": option, "path": shown, "directory": shownDirectory]))
        }
        if let reason = AtomicFile.probe(output) {
            throw UsageError(Message(.outputCheckCannotCreate, ["option": option, "path": shown, "directory": shownDirectory, "reason": reason]))
        }
    }
}
