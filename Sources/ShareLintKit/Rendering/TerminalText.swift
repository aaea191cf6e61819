/// Text bound for a terminal or a CI log (file names, messages, titles): every character
/// that could drive the terminal, forge a line or reorder what is shown becomes a
/// visible escape. ESC is `\e`, NUL `\0`, line breaks `\n` and `\r`, other controls,
/// bidirectional controls and Unicode line separators `\u{XXXX}`. Tabs stay.
package enum TerminalText {
    /// The text with every unsafe character shown as an escape.
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isUnsafe(scalar) else {
                out.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\u{1B}": escape = "\\e"
            case "\0": escape = "\\0"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    /// The columns a text takes in a terminal: 2 for an East Asian wide character or an
    /// emoji, 0 for a combining mark, 1 for the others.
    package static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + TextRenderer.width($1) }
    }

    /// The text cut to at most `columns` terminal columns, ending in "…" when cut.
    package static func fitting(_ text: String, columns limit: Int) -> String {
        guard columns(text) > limit else { return text }
        var out = String.UnicodeScalarView(), used = 0
        for scalar in text.unicodeScalars {
            let width = TextRenderer.width(scalar)
            if used + width > limit - 1 { break }
            out.append(scalar)
            used += width
        }
        return String(out) + "…"
    }

    /// Whether a scalar is a control (C0 but tab, DEL, C1), a bidirectional control, or a
    /// line or paragraph separator.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v != 0x09 }
        if v < 0x7F { return false }
        if v <= 0x9F { return true }
        switch v {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
