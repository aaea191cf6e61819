import ShareLintKit

/// `--fix` and `--diff`: apply the safe fixes of `Fixer` to the share files named or
/// found, before they are linted (`--fix`), or print them as a unified diff (`--diff`).
extension AdoptionOptions {
    /// Fixes (or diffs) every file on disk among the inputs. Returns the diff text and the
    /// number of fixes made. A file that is a symlink or lies outside the root is left
    /// alone, with a note.
    func fix(_ inputs: [FileCollector.Input], linter: Linter, files: FileInspector, rootPath: String,
             io: CommandIO) throws -> (diff: String, fixed: Int, files: Int) {
        guard fixes || showsDiff else { return ("", 0, 0) }
        if inputs.contains(.standardInput) {
            io.writeError("sharelint: standard input is linted, not fixed: name the file to fix it\n")
        }
        let root = RootedFileSystem.realPath(rootPath).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        var diff = ""
        var fixedCount = 0, fileCount = 0
        for case .file(let path, _) in inputs {
            if Platform.kind(path, follow: false) == .symlink {
                io.writeError("sharelint: \(path): not fixed: it is a symlink (fix the file it points to)\n")
                continue
            }
            guard let real = RootedFileSystem.realPath(path), let root, real.hasPrefix(root) else {
                io.writeError("sharelint: \(path): not fixed: it is outside the root \(rootPath)\n")
                continue
            }
            guard case .bytes(let original) = try FileReading.contents(of: path, limit: linter.options.maxFileSize) else { continue }
            let directory = PathLogic.directory(of: path)
            var bytes = original
            var made = 0
            // A fix can reveal the next one (a key fixed, then its value checked): a few rounds.
            for _ in 0..<4 {
                let report = linter.lint(bytes: bytes, displayPath: path, directory: directory, files: files)
                let found = Fixer.fixes(for: report, bytes: bytes)
                guard !found.isEmpty else { break }
                // Safety net: a fix must not break the structure. When the round does, the
                // fixes are tried one by one and only the harmless ones kept.
                var accepted = found
                let after = linter.lint(bytes: Fixer.apply(found, to: bytes), displayPath: path, directory: directory, files: files)
                if Self.addsProblems(before: report, after: after) {
                    accepted = found.filter { fix in
                        let alone = linter.lint(bytes: Fixer.apply([fix], to: bytes), displayPath: path, directory: directory, files: files)
                        return !Self.addsProblems(before: report, after: alone)
                    }
                    if accepted.count < found.count && !accepted.isEmpty {
                        let together = linter.lint(bytes: Fixer.apply(accepted, to: bytes), displayPath: path, directory: directory, files: files)
                        if Self.addsProblems(before: report, after: together) { accepted = [accepted[0]] }
                    }
                }
                guard !accepted.isEmpty else { break }
                bytes = Fixer.apply(accepted, to: bytes)
                made += accepted.count
            }
            guard bytes != original else { continue }
            fixedCount += made
            fileCount += 1
            if showsDiff {
                diff += UnifiedDiff.render(path: path, old: original, new: bytes)
            } else if !Platform.writeFile(path, String(decoding: bytes, as: UTF8.self)) {
                throw UsageError(message: "--fix \(path): \(Platform.errorMessage())")
            }
        }
        return (diff, fixedCount, fileCount)
    }

    /// The fixes of each file on disk, for SARIF `fixes` (standard input has none).
    static func attachFixes(to run: inout LintRun, maxFileSize: Int, stdinName: String) {
        for i in run.files.indices where run.files[i].diagnostics.contains(where: { Fixer.fixableRules.contains($0.rule) }) {
            let path = run.files[i].path
            guard path != stdinName, Platform.kind(path, follow: true) == .file,
                  case .bytes(let bytes)? = try? FileReading.contents(of: path, limit: maxFileSize) else { continue }
            run.files[i].fixes = Fixer.fixes(for: run.files[i], bytes: bytes)
        }
    }

    /// Problems a fix could cause by breaking the structure (a renamed key that now
    /// repeats another); problems of other rules that a fix reveals are real and reported.
    private static let structural: Set<RuleID> = ["yaml-syntax", "duplicate-key", "wrong-kind", "payload-conflict", "missing-key"]

    private static func addsProblems(before: FileReport, after: FileReport) -> Bool {
        func counts(_ report: FileReport) -> [RuleID: Int] {
            var counts: [RuleID: Int] = [:]
            for d in report.diagnostics where structural.contains(d.rule) { counts[d.rule, default: 0] += 1 }
            return counts
        }
        let old = counts(before)
        return counts(after).contains { $0.value > old[$0.key, default: 0] }
    }
}

/// A unified diff of one file as a single hunk around the changed lines.
enum UnifiedDiff {
    static func render(path: String, old: [UInt8], new: [UInt8]) -> String {
        let a = lines(old), b = lines(new)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let context = 2
        let start = max(0, prefix - context)
        let oldEnd = min(a.count, a.count - suffix + context), newEnd = min(b.count, b.count - suffix + context)
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        out += "@@ -\(start + 1),\(oldEnd - start) +\(start + 1),\(newEnd - start) @@\n"
        for line in a[start..<prefix] { out += " " + line + "\n" }
        for line in a[prefix..<(a.count - suffix)] { out += "-" + line + "\n" }
        for line in b[prefix..<(b.count - suffix)] { out += "+" + line + "\n" }
        for line in a[(a.count - suffix)..<oldEnd] { out += " " + line + "\n" }
        return out
    }

    private static func lines(_ bytes: [UInt8]) -> [String] {
        var result = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }
}
