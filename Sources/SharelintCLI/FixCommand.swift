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
        return fixed(original) { linter.lint(bytes: $0, displayPath: path, directory: directory, files: files) }
    }

    /// At most this many lints prove one round's fixes: the whole batch, then what is left
    /// once the fixes a new problem stands near are dropped, then once more.
    static let maximumProofLints = 3

    /// `fixed(_:path:linter:files:)` with the lint given. Each round lints the text, applies
    /// all its fixes in one pass (the second and later of fixes that would write the same
    /// key or list entry wait for the next round) and proves them with one more lint.
    static func fixed(_ original: [UInt8], lint: ([UInt8]) -> FileReport) -> (bytes: [UInt8], made: Int) {
        var bytes = original
        var made = 0
        var seen: Set<[UInt8]> = [original]
        for _ in 0..<maximumFixRounds {
            let report = lint(bytes)
            let found = Fixer.fixes(for: report, bytes: bytes)
            // A fix that undoes an earlier one would go round for ever: stop there.
            guard !found.isEmpty, let (next, count) = proven(FixProof.withoutClashes(found), in: bytes, report: report, lint: lint),
                  seen.insert(next).inserted else { break }
            bytes = next
            made += count
        }
        return (bytes, made)
    }

    /// The text with the fixes applied together, once one lint of it proves them all
    /// (`FixProof.unsafeFixes`), and how many there are. The fixes it does not prove are
    /// dropped and the rest proven again; of several dropped at once the first is tried
    /// again (two fixes that clash fail together, and the first may hold alone). Nil when
    /// none is proven within `maximumProofLints` lints.
    private static func proven(_ fixes: [Fix], in bytes: [UInt8], report: FileReport,
                               lint: ([UInt8]) -> FileReport) -> (bytes: [UInt8], count: Int)? {
        var batch = fixes
        for attempt in 0..<maximumProofLints where !batch.isEmpty {
            let next = Fixer.apply(batch, to: bytes)
            let unsafe = FixProof.unsafeFixes(batch, before: report, after: lint(next))
            if unsafe.isEmpty { return (next, batch.count) }
            let retried = attempt == 0 && unsafe.count > 1 ? unsafe.min() : nil
            batch = batch.indices.filter { !unsafe.contains($0) || $0 == retried }.map { batch[$0] }
        }
        return nil
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
