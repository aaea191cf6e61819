import ShareLintMessages
import ShareLintKit

/// `--fix` and `--diff`: apply the safe fixes of `Fixer` to the share files named or
/// found, before they are linted (`--fix`), or print them as a unified diff (`--diff`).
/// A file is read beneath the root without following a symlink, fixed as bytes (every
/// byte outside a fix stays as it was, invalid UTF-8 included), and replaced atomically
/// only while it is still the file that was read (`AtomicFile`).
extension AdoptionOptions {
    /// Fixes (or diffs) every file on disk among the inputs. Returns the diff text, the
    /// number of fixes made and of files fixed, and how many files had fixes that were not
    /// written (the run then exits 1). A file that is a symlink or lies outside the root is
    /// left alone, with a note; so is a file whose fixed text would be over the size
    /// limit, and one that changed while it was fixed (`AtomicFile`).
    func fix(_ inputs: [FileCollector.Input], linter: Linter, files: FileInspector, rootPath: String,
             io: CommandIO) throws -> (diff: String, fixed: Int, files: Int, leftAlone: Int) {
        guard fixes || showsDiff else { return ("", 0, 0, 0) }
        if inputs.contains(.standardInput) {
            io.say(Message(.fixStandardInput))
        }
        let root = RootedFileSystem.realPath(rootPath)
        var diff = ""
        var fixedCount = 0, fileCount = 0, leftAlone = 0
        for case .file(let path, _) in inputs {
            if FileKind.of(path, follow: false) == .symlink {
                io.say(Message(.notFixedSymlink, ["path": path]))
                continue
            }
            guard let root, let real = RootedFileSystem.realPath(path), PathLogic.isInside(real, root: root), !PathLogic.sameBytes(real, root) else {
                io.say(Message(.notFixedOutsideRoot, ["path": path, "root": rootPath]))
                continue
            }
            let prefix = root.utf8.last == UInt8(ascii: "/") ? root.utf8.count : root.utf8.count + 1
            let relative = String(decoding: real.utf8.dropFirst(prefix), as: UTF8.self)
            let snapshot: FileReading.Snapshot
            do {
                snapshot = try FileReading.snapshot(relative, beneath: root, limit: linter.options.maxFileSize)
            } catch {
                io.say(Message(.notFixedReason, ["path": path, "reason": "\(error)"]))
                continue
            }
            guard let original = snapshot.bytes else {
                io.say(Message(.notFixedTooLarge, ["path": path, "size": snapshot.size]))
                continue
            }
            if FixRounds.isUTF16(original) {
                // Never silently: say why a file with problems --fix would fix is left alone.
                let report = linter.lint(bytes: original, displayPath: path, directory: PathLogic.directory(of: path), files: files)
                if report.diagnostics.contains(where: { Fixer.fixableRules.contains($0.rule) }) {
                    io.say(Message(.notFixedUTF16, ["path": path]))
                    leftAlone += 1
                }
                continue
            }
            let (bytes, made) = Self.fixed(original, path: path, linter: linter, files: files)
            // A fix no round proves stays a suggestion, with the reason it was not made.
            let directory = PathLogic.directory(of: path)
            for fix in FixRounds.unproven(bytes, lint: { linter.lint(bytes: $0, displayPath: path, directory: directory, files: files) }) {
                io.say(Message(.notFixedUnproven, ["path": path, "line": fix.range.start.line, "column": fix.range.start.column,
                                                   "rule": fix.diagnostic.rule.rawValue, "replacement": fix.replacement]))
            }
            guard bytes != original else { continue }
            // Never written past the limit the next run would refuse to read it at.
            guard bytes.count <= linter.options.maxFileSize else {
                io.say(Message(.notFixedTooLong, ["path": path, "size": bytes.count, "limit": linter.options.maxFileSize]))
                leftAlone += 1
                continue
            }
            if showsDiff {
                diff += UnifiedDiff.render(path: path, old: original, new: bytes, forTerminal: io.outputIsTerminal)
            } else if let failure = AtomicFile.write(bytes, to: .beneath(root: root, relative: relative, expecting: snapshot)) {
                guard failure.leftAlone else {
                    throw SharelintCommand.OutputFailure(Message(.fixLeftAsItWas, ["path": path, "reason": failure.reason]))
                }
                io.say(Message(.notFixedReason, ["path": path, "reason": failure.reason]))
                leftAlone += 1
                continue
            }
            fixedCount += made
            fileCount += 1
        }
        return (diff, fixedCount, fileCount, leftAlone)
    }

    /// The bytes with every safe fix applied, round after round until none is left, and
    /// the number of fixes made.
    private static func fixed(_ original: [UInt8], path: String, linter: Linter, files: FileInspector) -> (bytes: [UInt8], made: Int) {
        let directory = PathLogic.directory(of: path)
        return fixed(original) { linter.lint(bytes: $0, displayPath: path, directory: directory, files: files) }
    }

    /// `fixed(_:path:linter:files:)` with the lint given (`FixRounds.applyingAll`).
    static func fixed(_ original: [UInt8], lint: ([UInt8]) -> FileReport) -> (bytes: [UInt8], made: Int) {
        FixRounds.applyingAll(to: original, lint: lint)
    }

    /// A report with its fixes, for SARIF `fixes`: the first round `--fix` would apply
    /// (`FixRounds.round`), made from the bytes that were linted (`LintOptions.keepsText`),
    /// never from the file read again; the text is dropped once they are made. `lint`
    /// lints other bytes as the report's file (for the proof). Standard input (`stdinName`)
    /// gets none.
    static func attachingFixes(stdinName: String, lint: @escaping @Sendable ([UInt8], String) -> FileReport)
        -> @Sendable (FileReport) -> FileReport {
        { report in
            var report = report
            let text = report.text
            report.text = nil
            guard let text, report.path != stdinName,
                  report.diagnostics.contains(where: { Fixer.fixableRules.contains($0.rule) }) else { return report }
            let path = report.path
            report.fixes = FixRounds.round(text, report: report) { lint($0, path) }?.fixes ?? []
            return report
        }
    }
}
