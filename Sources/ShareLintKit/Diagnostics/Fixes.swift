/// A safe, mechanical fix for a diagnostic: replace the bytes of a range with new text.
/// Only fixes whose result is certain are offered: a misspelt key or type identifier or
/// excluded activity type with its one suggestion, quoting an implicitly typed scalar,
/// and adding a missing `schemaVersion: 1`.
public struct Fix: Sendable, Hashable {
    /// The diagnostic it fixes.
    public var diagnostic: Diagnostic
    /// The byte range replaced (UTF-8 offsets into the file).
    public var bytes: Range<Int>
    /// The text written instead.
    public var replacement: String
    /// A short description, for SARIF and messages.
    public var description: String
}

/// Computes fixes from a file's diagnostics and applies them to its bytes, leaving every
/// other byte (comments, order, spacing) as it was.
public enum Fixer {
    /// The rules with fixes.
    public static let fixableRules: Set<RuleID> = ["unknown-key", "unknown-type", "unknown-activity-type", "implicit-type", "unsupported-schema-version"]

    /// The fixes for a report's diagnostics, in file order, without overlaps. Files that
    /// are not plain UTF-8 (a byte order mark, UTF-16) get none.
    public static func fixes(for report: FileReport, bytes: [UInt8]) -> [Fix] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return [] }
        let lineStarts = lineStartOffsets(bytes)
        var fixes: [Fix] = []
        for diagnostic in report.diagnostics where fixableRules.contains(diagnostic.rule) {
            guard let suggestion = diagnostic.suggestion,
                  let start = byteOffset(diagnostic.range.start, bytes: bytes, lineStarts: lineStarts) else { continue }
            if diagnostic.rule == "unsupported-schema-version" {
                // Only the missing key, at the start of a line: insert it as its own line.
                guard suggestion == "schemaVersion: 1", diagnostic.range.start.column == 1 else { continue }
                fixes.append(Fix(diagnostic: diagnostic, bytes: start..<start, replacement: "schemaVersion: 1\n", description: "add 'schemaVersion: 1'"))
                continue
            }
            guard diagnostic.range.end.line == diagnostic.range.start.line,
                  let end = byteOffset(diagnostic.range.end, bytes: bytes, lineStarts: lineStarts), end > start else { continue }
            let written = String(decoding: bytes[start..<end], as: UTF8.self)
            if diagnostic.rule == "implicit-type" {
                guard suggestion == "\"\(written)\"", !written.contains("\""), !written.contains("\\") else { continue }
                fixes.append(Fix(diagnostic: diagnostic, bytes: start..<end, replacement: suggestion, description: "quote \(written)"))
                continue
            }
            // A plain name replaced by a plain name: nothing else on the line changes meaning.
            guard isPlainName(written), isPlainName(suggestion), written != suggestion else { continue }
            fixes.append(Fix(diagnostic: diagnostic, bytes: start..<end, replacement: suggestion, description: "replace '\(written)' with '\(suggestion)'"))
        }
        fixes.sort { $0.bytes.lowerBound < $1.bytes.lowerBound }
        var kept: [Fix] = []
        for fix in fixes {
            if let last = kept.last, fix.bytes.lowerBound < last.bytes.upperBound || fix.bytes == last.bytes { continue }
            kept.append(fix)
        }
        return kept
    }

    /// The bytes with the fixes applied (fixes must not overlap; see `fixes(for:bytes:)`).
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var position = 0
        for fix in fixes.sorted(by: { $0.bytes.lowerBound < $1.bytes.lowerBound }) where fix.bytes.lowerBound >= position {
            out += bytes[position..<fix.bytes.lowerBound]
            out += Array(fix.replacement.utf8)
            position = fix.bytes.upperBound
        }
        out += bytes[position...]
        return out
    }

    private static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "." || scalar == "-" || scalar == "_"
        }
    }

    private static func lineStartOffsets(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, byte) in bytes.enumerated() where byte == 0x0A { starts.append(i + 1) }
        return starts
    }

    /// The byte offset of a 1-based line and column (columns count Unicode scalars).
    private static func byteOffset(_ position: SourcePosition, bytes: [UInt8], lineStarts: [Int]) -> Int? {
        guard position.line >= 1, position.line <= lineStarts.count, position.column >= 1 else { return nil }
        var offset = lineStarts[position.line - 1]
        var column = 1
        while column < position.column {
            guard offset < bytes.count, bytes[offset] != 0x0A else { return column == position.column ? offset : nil }
            offset += 1
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return offset
    }
}
