import ShareLintMessages
import ShareLintKit

/// What sharelint does for a build system's step: `--stamp FILE` (the output the step
/// declares, so an unchanged input is not linted again) and the standard error lines of
/// `--format xcode`.
enum BuildStamp {
    /// Runs a lint and keeps the stamp in step with it: after a run that exits 0 the
    /// stamp exists (created empty when missing, left alone otherwise, so nothing built
    /// from it is redone); any other run removes it, so the build system runs the step
    /// again. Without a stamp path it only runs the lint.
    ///
    /// A stamp is an empty regular file, and sharelint removes only that: a path that
    /// holds anything else (a file with content, a symlink, a directory, a FIFO) is a
    /// usage error before the lint runs, and a stamp that names a file the run reads is
    /// refused (`WriteTargets`) and left alone.
    static func recording(_ stamp: String?, _ lint: () throws -> Int32) throws -> Int32 {
        guard let stamp else { return try lint() }
        try check(stamp)
        let status: Int32
        do {
            status = try lint()
        } catch let error as UsageError where error.leavesStamp {
            throw error
        } catch {
            try remove(stamp)
            throw error
        }
        guard status == SharelintCommand.ExitCode.clean else {
            try remove(stamp)
            return status
        }
        // Created in place, no temporary file beside it: a sandboxed build step (Xcode's
        // script sandbox) may write only the outputs it declares.
        guard Platform.createIfMissing(stamp) else {
            throw SharelintCommand.OutputFailure(Message(.stampFailed, ["path": stamp, "reason": Platform.errorMessage()]))
        }
        return status
    }

    /// Throws a usage error unless `stamp` is missing or an empty regular file.
    static func check(_ stamp: String) throws {
        let shown = TerminalText.visible(stamp)
        guard !stamp.isEmpty else { throw UsageError(Message(.stampNeedsName)) }
        switch Platform.stampState(stamp) {
        case .missing, .emptyFile: return
        case .nonEmptyFile:
            throw UsageError(Message(.stampNotEmpty, ["path": shown]))
        case .symlink:
            throw UsageError(Message(.stampSymlink, ["path": shown]))
        case .notAFile:
            throw UsageError(Message(.stampNotRegular, ["path": shown]))
        }
    }

    private static func remove(_ stamp: String) throws {
        if !Platform.removeEmptyFile(stamp) {
            throw SharelintCommand.OutputFailure(Message(.stampCannotRemove, ["path": stamp, "reason": Platform.errorMessage()]))
        }
    }

    /// `--format xcode`'s standard error: the summary line, and when only warnings fail
    /// the run (`--strict`, `strict: true`), an `error:` line saying so, which Xcode shows
    /// as the reason the build failed.
    static func xcodeSummary(_ summary: LintRun.Summary, strict: Bool, language: Language = .english) -> String {
        var out = "sharelint: " + TextRenderer(color: false, language: language).summaryLine(summary) + "\n"
        if strict && summary.errors == 0 && summary.warnings > 0 {
            out += "error: sharelint: " + Message(.warningsFailRun).text(in: language) + "\n"
        }
        return out
    }
}
