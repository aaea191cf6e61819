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
            throw SharelintCommand.OutputFailure(message: "--stamp \(TerminalText.visible(stamp)): \(Platform.errorMessage())")
        }
        return status
    }

    /// Throws a usage error unless `stamp` is missing or an empty regular file.
    static func check(_ stamp: String) throws {
        let shown = TerminalText.visible(stamp)
        guard !stamp.isEmpty else { throw UsageError(message: "--stamp needs a file name, not an empty value") }
        switch Platform.stampState(stamp) {
        case .missing, .emptyFile: return
        case .nonEmptyFile:
            throw UsageError(message: "--stamp \(shown): the file is not empty; a stamp is an empty file sharelint creates and removes, "
                                + "so it never removes a file with content: name a new file, as in --stamp .build/sharelint.stamp")
        case .symlink:
            throw UsageError(message: "--stamp \(shown): is a symbolic link; name a regular file")
        case .notAFile:
            throw UsageError(message: "--stamp \(shown): is not a regular file (a directory, a pipe, a device or a socket); name a regular file")
        }
    }

    private static func remove(_ stamp: String) throws {
        if !Platform.removeEmptyFile(stamp) {
            throw SharelintCommand.OutputFailure(message: "--stamp \(TerminalText.visible(stamp)): cannot remove it: \(Platform.errorMessage())")
        }
    }

    /// `--format xcode`'s standard error: the summary line, and when only warnings fail
    /// the run (`--strict`, `strict: true`), an `error:` line saying so, which Xcode shows
    /// as the reason the build failed.
    static func xcodeSummary(_ summary: LintRun.Summary, strict: Bool) -> String {
        var out = "sharelint: " + TextRenderer(color: false).summaryLine(summary) + "\n"
        if strict && summary.errors == 0 && summary.warnings > 0 {
            out += "error: sharelint: warnings fail this run (--strict, or strict: true in .sharelint.yml)\n"
        }
        return out
    }
}
