import ShareLintKit

/// `--fix` and `--diff`: apply the safe fixes of `Fixer` to the share files named or
/// found, before they are linted (`--fix`), or print them as a unified diff (`--diff`).
/// A file is read beneath the root without following a symlink, fixed as bytes (every
/// byte outside a fix stays as it was, invalid UTF-8 included), and replaced atomically
/// only while it is still the file that was read (`AtomicFile`).
extension AdoptionOptions {
    /// At most this many rounds of fixes a file: a fix can reveal the next one (a key
    /// fixed, then its value checked), and each round fixes at least one problem.
    static let maximumFixRounds = 64

    /// Fixes (or diffs) every file on disk among the inputs. Returns the diff text, the
    /// number of fixes made and of files fixed, and how many files had fixes that were not
    /// written (the run then exits 1). A file that is a symlink or lies outside the root is
    /// left alone, with a note; so is a file whose fixed text would be over the size
    /// limit, and one that changed while it was fixed (`AtomicFile`).
    func fix(_ inputs: [FileCollector.Input], linter: Linter, files: FileInspector, rootPath: String,
             io: CommandIO) throws -> (diff: String, fixed: Int, files: Int, leftAlone: Int) {
        guard fixes || showsDiff else { return ("", 0, 0, 0) }
        if inputs.contains(.standardInput) {
            io.writeError("sharelint: standard input is linted, not fixed: name the file to fix it\n")
        }
        let root = RootedFileSystem.realPath(rootPath)
        var diff = ""
        var fixedCount = 0, fileCount = 0, leftAlone = 0
        for case .file(let path, _) in inputs {
            let shown = TerminalText.visible(path)
            if FileKind.of(path, follow: false) == .symlink {
                io.writeError("sharelint: \(shown): not fixed: it is a symlink (fix the file it points to)\n")
                continue
            }
            guard let root, let real = RootedFileSystem.realPath(path), PathLogic.isInside(real, root: root), !PathLogic.sameBytes(real, root) else {
                io.writeError("sharelint: \(shown): not fixed: it is outside the root \(TerminalText.visible(rootPath))\n")
                continue
            }
            let prefix = root.utf8.last == UInt8(ascii: "/") ? root.utf8.count : root.utf8.count + 1
            let relative = String(decoding: real.utf8.dropFirst(prefix), as: UTF8.self)
            let snapshot: FileReading.Snapshot
            do {
                snapshot = try FileReading.snapshot(relative, beneath: root, limit: linter.options.maxFileSize)
            } catch {
                io.writeError("sharelint: \(shown): not fixed: \(TerminalText.visible("\(error)"))\n")
                continue
            }
            guard let original = snapshot.bytes else {
                io.writeError("sharelint: \(shown): not fixed: it is \(snapshot.size) bytes, over the size limit\n")
                continue
            }
            let (bytes, made) = Self.fixed(original, path: path, linter: linter, files: files)
            guard bytes != original else { continue }
            // Never written past the limit the next run would refuse to read it at.
            guard bytes.count <= linter.options.maxFileSize else {
                io.writeError("sharelint: \(shown): not fixed: the fixed text would be \(bytes.count) bytes, "
                              + "over the size limit of \(linter.options.maxFileSize) bytes\n")
                leftAlone += 1
                continue
            }
            if showsDiff {
                diff += UnifiedDiff.render(path: path, old: original, new: bytes, forTerminal: io.outputIsTerminal)
            } else if let failure = AtomicFile.write(bytes, to: .beneath(root: root, relative: relative, expecting: snapshot)) {
                guard failure.leftAlone else {
                    throw SharelintCommand.OutputFailure(message: "--fix \(shown): \(failure.reason); the file was left as it was")
                }
                io.writeError("sharelint: \(shown): not fixed: \(failure.reason)\n")
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
        func lint(_ bytes: [UInt8]) -> FileReport { linter.lint(bytes: bytes, displayPath: path, directory: directory, files: files) }
        var bytes = original
        var made = 0
        var seen: Set<[UInt8]> = [original]
        for _ in 0..<maximumFixRounds {
            let report = lint(bytes)
            let found = Fixer.fixes(for: report, bytes: bytes)
            guard !found.isEmpty else { break }
            // Each fix is proven alone (`FixProof`), then the proven ones together; when
            // they do not hold together, the first alone this round.
            var accepted = found.filter { FixProof.isSafe($0, before: report, after: lint(Fixer.apply([$0], to: bytes))) }
            if accepted.count > 1 {
                let together = lint(Fixer.apply(accepted, to: bytes))
                if !accepted.allSatisfy({ FixProof.isSafe($0, before: report, after: together) }) { accepted = [accepted[0]] }
            }
            let next = Fixer.apply(accepted, to: bytes)
            // A fix that undoes an earlier one would go round for ever: stop there.
            guard !accepted.isEmpty, seen.insert(next).inserted else { break }
            bytes = next
            made += accepted.count
        }
        return (bytes, made)
    }

    /// A report with its fixes, for SARIF `fixes`, made from the bytes that were linted
    /// (`LintOptions.keepsText`), never from the file read again: the text is dropped
    /// once they are made. Standard input (`stdinName`) gets none.
    static func attachingFixes(stdinName: String) -> @Sendable (FileReport) -> FileReport {
        { report in
            var report = report
            let text = report.text
            report.text = nil
            guard let text, report.path != stdinName,
                  report.diagnostics.contains(where: { Fixer.fixableRules.contains($0.rule) }) else { return report }
            report.fixes = Fixer.fixes(for: report, bytes: text)
            return report
        }
    }
}
