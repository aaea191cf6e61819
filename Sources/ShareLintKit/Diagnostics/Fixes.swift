import ShareLintMessages
import YAMLSyntax
/// A safe, mechanical fix for a diagnostic: replace the bytes of a range with new text.
/// Only fixes whose result is certain are offered: a misspelt key or type identifier or
/// excluded activity type with its one suggestion, the type identifier of a MIME type or
/// filename extension written as a type, the ASCII text of full-width punctuation where
/// YAML needs syntax, quoting an implicitly typed scalar, and adding
/// a missing `schemaVersion: 1`. `--fix` applies one only when linting the fixed text
/// proves it safe (see `FixCommand`).
package struct Fix: Sendable, Hashable {
    /// The diagnostic it fixes.
    package var diagnostic: Diagnostic
    /// The byte range replaced (UTF-8 offsets into the file).
    package var bytes: Range<Int>
    /// Where the replaced text is (lines as libyaml counts them; empty for an insertion).
    package var range: SourceRange
    /// The text written instead.
    package var replacement: String
    /// A short description, for SARIF and messages, in any language.
    package var text: Message
    /// The description in English.
    package var description: String { text.english }

    /// Creates a fix.
    package init(diagnostic: Diagnostic, bytes: Range<Int>, range: SourceRange, replacement: String, description: Message) {
        self.diagnostic = diagnostic
        self.bytes = bytes
        self.range = range
        self.replacement = replacement
        self.text = description
    }
}

/// Computes fixes from a file's diagnostics and applies them to its bytes, leaving every
/// other byte (comments, order, spacing) as it was.
package enum Fixer {
    /// The rules with fixes.
    package static let fixableRules: Set<RuleID> = [.unknownKey, .unknownType, .invalidTypeIdentifier, .unknownActivityType, .implicitType,
                                                   .unsupportedSchemaVersion, .fullWidthPunctuation, .typographicQuotes,
                                                   .fileNotFound, .yamlSyntax]

    /// The fixes for a report's diagnostics, in file order, without overlaps. Files that
    /// are not plain UTF-8 (a byte order mark, UTF-16) get none here: `FixRounds` fixes
    /// the text after a UTF-8 byte order mark, and never a UTF-16 file.
    package static func fixes(for report: FileReport, bytes: [UInt8]) -> [Fix] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return [] }
        let table = LineTable(bytes)
        var fixes: [Fix] = []
        for diagnostic in report.diagnostics where fixableRules.contains(diagnostic.rule) {
            guard let suggestion = diagnostic.suggestion,
                  let start = table.byteOffset(diagnostic.range.start, in: bytes) else { continue }
            if diagnostic.rule == .unsupportedSchemaVersion {
                // Only the missing key, at the start of a line: insert it as its own line,
                // ended as the file ends its lines, above the comments that suppress
                // something on the next line (they stay with the line they name).
                guard suggestion == "schemaVersion: 1", diagnostic.range.start.column == 1 else { continue }
                let line = firstLineOfNextLineComments(above: diagnostic.range.start.line, table: table, bytes: bytes)
                let at = table.range(ofLine: line)?.lowerBound ?? start
                let replacement = Array("schemaVersion: 1".utf8) + table.firstBreak(in: bytes)
                let position = SourcePosition(line: line, column: 1)
                fixes.append(Fix(diagnostic: diagnostic, bytes: at..<at, range: SourceRange(start: position, end: position),
                                 replacement: String(decoding: replacement, as: UTF8.self), description: Message(.fixAddSchemaVersion)))
                continue
            }
            if diagnostic.rule == .yamlSyntax {
                // A tab that indents a line: its indentation becomes the spaces suggested
                // (the sibling lines'), tabs and spaces alike.
                guard suggestion.allSatisfy({ $0 == " " }), let line = table.range(ofLine: diagnostic.range.start.line) else { continue }
                let blanks = bytes[line].prefix { $0 == 0x20 || $0 == 0x09 }
                guard blanks.contains(0x09) else { continue }
                let range = SourceRange(start: SourcePosition(line: diagnostic.range.start.line, column: 1),
                                        end: SourcePosition(line: diagnostic.range.start.line, column: blanks.count + 1))
                fixes.append(Fix(diagnostic: diagnostic, bytes: line.lowerBound..<(line.lowerBound + blanks.count), range: range,
                                 replacement: suggestion, description: Message(.fixIndent, ["count": suggestion.count])))
                continue
            }
            guard diagnostic.range.end.line == diagnostic.range.start.line,
                  let end = table.byteOffset(diagnostic.range.end, in: bytes), end > start else { continue }
            let written = String(decoding: bytes[start..<end], as: UTF8.self)
            if diagnostic.rule == .fullWidthPunctuation {
                // The full-width character (or ideographic spaces) becomes its ASCII text.
                let fullWidth: Set<Unicode.Scalar> = ["：", "，", "、", "［", "］", "｛", "｝", "－", "\u{3000}", " "]
                guard written.unicodeScalars.allSatisfy(fullWidth.contains), !suggestion.isEmpty,
                      suggestion.unicodeScalars.allSatisfy({ $0.isASCII && $0 != "\n" && $0 != "\r" }) else { continue }
                fixes.append(Fix(diagnostic: diagnostic, bytes: start..<end, range: diagnostic.range, replacement: suggestion,
                                 description: Message(.fixReplaceQuoted, ["written": written, "suggestion": suggestion])))
                continue
            }
            if diagnostic.rule == .typographicQuotes {
                // “邀请好友” becomes "邀请好友": the typographic quotes leave the text.
                let scalars = Array(written.unicodeScalars)
                let inner = String(String.UnicodeScalarView(scalars.dropFirst().dropLast()))
                guard scalars.count >= 3, suggestion == "\"\(inner)\"", !inner.contains("\""), !inner.contains("\\"),
                      !inner.unicodeScalars.contains(where: { $0.value < 0x20 }) else { continue }
                fixes.append(Fix(diagnostic: diagnostic, bytes: start..<end, range: diagnostic.range, replacement: suggestion,
                                 description: Message(.fixReplace, ["written": written, "suggestion": suggestion])))
                continue
            }
            if diagnostic.rule == .fileNotFound {
                // Only a name that differs in case from the one file beside it that matches.
                guard written.lowercased() == suggestion.lowercased(), written != suggestion, isPlainPath(written), isPlainPath(suggestion) else { continue }
                fixes.append(Fix(diagnostic: diagnostic, bytes: start..<end, range: diagnostic.range, replacement: suggestion,
                                 description: Message(.fixReplaceQuoted, ["written": written, "suggestion": suggestion])))
                continue
            }
            if diagnostic.rule == .implicitType {
                guard suggestion == "\"\(written)\"", !written.contains("\""), !written.contains("\\") else { continue }
                fixes.append(Fix(diagnostic: diagnostic, bytes: start..<end, range: diagnostic.range, replacement: suggestion, description: Message(.fixQuote, ["written": written])))
                continue
            }
            // A plain name replaced by a plain name: nothing else on the line changes meaning.
            // (A MIME type or an extension written as a type may hold '/', '+' or lead with '.'.)
            // A name in quotes ('public.pgn', "public.pgn") is replaced inside its quotes.
            var name = written, nameBytes = start..<end, nameRange = diagnostic.range
            if written.count >= 3, let quote = written.first, quote == "'" || quote == "\"", written.last == quote {
                name = String(written.dropFirst().dropLast())
                nameBytes = (start + 1)..<(end - 1)
                nameRange = SourceRange(start: SourcePosition(line: diagnostic.range.start.line, column: diagnostic.range.start.column + 1),
                                        end: SourcePosition(line: diagnostic.range.end.line, column: diagnostic.range.end.column - 1))
            }
            let writtenIsName = isPlainName(name)
                || (diagnostic.rule == .invalidTypeIdentifier && isPlainName(name.filter { $0 != "/" && $0 != "+" }))
            guard writtenIsName, isPlainName(suggestion), name != suggestion else { continue }
            fixes.append(Fix(diagnostic: diagnostic, bytes: nameBytes, range: nameRange, replacement: suggestion,
                             description: Message(.fixReplaceQuoted, ["written": name, "suggestion": suggestion])))
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
    package static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> [UInt8] {
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

    /// A relative path that reads as itself in a plain scalar: ASCII letters, digits,
    /// `. - _ /`, and characters that are not ASCII (a Chinese folder name), but for
    /// CJK punctuation and full-width forms.
    private static func isPlainPath(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first != "-", first != "." || text.hasPrefix("./") || text.hasPrefix("../") else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
                || scalar == "." || scalar == "-" || scalar == "_" || scalar == "/" || (scalar.value > 0x7F && !(0x3000...0x303F).contains(scalar.value) && !(0xFF00...0xFF65).contains(scalar.value))
        }
    }

    private static func isPlainName(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "." || scalar == "-" || scalar == "_"
        }
    }

    /// The first of the `sharelint-disable-next-line` comment lines right above a line
    /// (the line itself when there are none).
    private static func firstLineOfNextLineComments(above line: Int, table: LineTable, bytes: [UInt8]) -> Int {
        var first = line
        while first > 1, let range = table.range(ofLine: first - 1) {
            let text = String(decoding: bytes[range], as: UTF8.self).drop { $0 == " " || $0 == "\t" }
            guard text.hasPrefix("#"), text.dropFirst().drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("sharelint-disable-next-line") else { break }
            first -= 1
        }
        return first
    }
}
