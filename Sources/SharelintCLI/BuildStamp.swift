#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ShareLintKit

/// What sharelint does for a build system's step: `--touch-on-success FILE` (the stamp
/// the step declares as its output, so an unchanged input is not linted again) and the
/// standard error lines of `--format xcode`.
enum BuildStamp {
    /// Runs a lint with the stamp removed first, and writes the stamp (empty) only when
    /// it exits 0: a failed, interrupted or crashed run leaves none, so the build system
    /// runs the step again. Without a stamp path it only runs the lint.
    static func recording(_ stamp: String?, _ lint: () throws -> Int32) throws -> Int32 {
        guard let stamp else { return try lint() }
        if unlink(stamp) != 0 && errno != ENOENT {
            throw SharelintCommand.OutputFailure(message: "--touch-on-success \(stamp): cannot remove the old stamp: \(Platform.errorMessage())")
        }
        let status = try lint()
        guard status == SharelintCommand.ExitCode.clean else { return status }
        if let reason = Platform.writeFileAtomically(stamp, "") {
            throw SharelintCommand.OutputFailure(message: "--touch-on-success \(stamp): \(reason)")
        }
        return status
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
