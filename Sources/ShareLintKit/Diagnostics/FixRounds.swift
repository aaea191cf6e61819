/// The fixes that are applied, in rounds: the one path every fix takes, for `--fix`,
/// `--diff`, SARIF's `fixes` and the language server's quick fixes alike. A round lints the
/// text, takes its fixes (`Fixer`), applies them together in one pass (the second and
/// later of fixes that would write the same key or list entry wait for the next round,
/// `FixProof.withoutClashes`) and proves them with one more lint (`FixProof.unsafeFixes`)
/// and a comparison of the data before and after (`FixDataProof`: nothing but the fixed
/// values changed): the fixes they do not prove are dropped and the rest proven again, at
/// most `maximumProofLints` lints. A fix that reveals the next one (a key fixed, then its value
/// checked) is made in the next round.
package enum FixRounds {
    /// At most this many rounds of fixes a text: each round fixes at least one problem.
    static let maximumRounds = 64
    /// At most this many lints prove one round's fixes: the whole batch, then what is left
    /// once the fixes a new problem stands near are dropped, then once more.
    static let maximumProofLints = 3
    /// UTF-8's byte order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether a text is UTF-16 (by its byte order mark): it is linted, never fixed.
    package static func isUTF16(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
    }

    /// One round's proven fixes of `bytes`, whose lint is `report`, with the text they
    /// make; nil when none is proven.
    package static func round(_ bytes: [UInt8], report: FileReport,
                             lint: ([UInt8]) -> FileReport) -> (fixes: [Fix], bytes: [UInt8])? {
        // A UTF-8 byte order mark (Notepad's) stays where it is: the text after it is fixed
        // (libyaml counts no column for it, so positions are the same without it).
        if bytes.starts(with: byteOrderMark) {
            guard let (fixes, fixed) = round(Array(bytes.dropFirst(byteOrderMark.count)), report: report,
                                             lint: { lint(byteOrderMark + $0) }) else { return nil }
            let shifted = fixes.map { fix in
                var fix = fix
                fix.bytes = (fix.bytes.lowerBound + byteOrderMark.count)..<(fix.bytes.upperBound + byteOrderMark.count)
                return fix
            }
            return (shifted, byteOrderMark + fixed)
        }
        let found = Fixer.fixes(for: report, bytes: bytes)
        guard !found.isEmpty else { return nil }
        return proven(FixProof.withoutClashes(found), in: bytes, report: report, lint: lint)
    }

    /// The text with every proven fix applied, round after round until none is left, and
    /// how many were made.
    package static func applyingAll(to original: [UInt8], lint: ([UInt8]) -> FileReport) -> (bytes: [UInt8], made: Int) {
        var bytes = original
        var made = 0
        var seen: Set<[UInt8]> = [original]
        for _ in 0..<maximumRounds {
            // A fix that undoes an earlier one would go round for ever: stop there.
            guard let (fixes, next) = round(bytes, report: lint(bytes), lint: lint), seen.insert(next).inserted else { break }
            bytes = next
            made += fixes.count
        }
        return (bytes, made)
    }

    /// The fixes the text still has that no round proves (a rename onto a key that is
    /// there, a fix that changes other data): `applyingAll`'s text has only these left.
    /// Each stays a suggestion, and `--fix` and `--diff` say why it was not made.
    package static func unproven(_ bytes: [UInt8], lint: ([UInt8]) -> FileReport) -> [Fix] {
        let report = lint(bytes)
        guard report.diagnostics.contains(where: { Fixer.fixableRules.contains($0.rule) }) else { return [] }
        guard bytes.starts(with: byteOrderMark) else { return Fixer.fixes(for: report, bytes: bytes) }
        return Fixer.fixes(for: report, bytes: Array(bytes.dropFirst(byteOrderMark.count)))
    }

    /// The fixes applied together, once one lint of them proves them all, with the text
    /// they make. The fixes it does not prove are dropped and the rest proven again; of
    /// several dropped at once the first is tried again (two fixes that clash fail
    /// together, and the first may hold alone). Nil when none is proven within
    /// `maximumProofLints` lints.
    private static func proven(_ fixes: [Fix], in bytes: [UInt8], report: FileReport,
                               lint: ([UInt8]) -> FileReport) -> (fixes: [Fix], bytes: [UInt8])? {
        var batch = fixes
        for attempt in 0..<maximumProofLints where !batch.isEmpty {
            let next = Fixer.apply(batch, to: bytes)
            var unsafe = FixProof.unsafeFixes(batch, before: report, after: lint(next))
            // Clean by the lint, the data must be the same but for the fixed values.
            if unsafe.isEmpty { unsafe = FixDataProof.unsafeFixes(batch, before: bytes, after: next) }
            if unsafe.isEmpty { return (batch, next) }
            let retried = attempt == 0 && unsafe.count > 1 ? unsafe.min() : nil
            batch = batch.indices.filter { !unsafe.contains($0) || $0 == retried }.map { batch[$0] }
        }
        return nil
    }
}
