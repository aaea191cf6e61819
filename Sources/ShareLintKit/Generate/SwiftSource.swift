// Writing Swift source from a file's text: string literals that can never become code,
// comments that stay comments, and identifiers made from names (docs/generate.md,
// "Strings and names").

/// Swift source pieces made from text an author wrote.
package enum SwiftSource {
    /// `text` as a Swift string literal: quotes, backslashes (so `\(` too), and every
    /// character that is invisible or ends a line or reorders text (controls, U+0085,
    /// U+2028/2029, bidi controls, zero-width and byte-order marks) written as escapes. A
    /// Swift `String` holds no lone surrogate: a file's is read as U+FFFD.
    package static func literal(_ text: String) -> String {
        "\"" + escaped(text) + "\""
    }

    /// `text` for a `//` comment: on one line, the same characters escaped as in a literal.
    package static func comment(_ text: String) -> String {
        escaped(text)
    }

    private static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if isHidden(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Whether a scalar is written as an escape: controls (C0, DEL, C1), line and paragraph
    /// separators, bidi controls, zero-width characters and the byte-order mark, and
    /// anything not assigned (so no future character reads differently in an editor).
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        switch v {
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate, .format, .control, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// Swift's reserved words: a name that is one is written in backquotes.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "_", "borrowing", "consuming", "package", "some", "any",
        "Type", "Protocol",
    ]

    /// An identifier as written in a declaration or a use: backquoted when it is a keyword.
    package static func identifier(_ name: String) -> String {
        keywords.contains(name) ? "`" + name + "`" : name
    }

    /// A name as an argument label at a call site: any keyword but `inout`, `var` and `let`
    /// is a label as it is.
    package static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`" + name + "`" : name
    }

    /// A parameter in a declaration: `name: Type`, the name in backquotes when it is a
    /// keyword (the label and the name at once).
    package static func parameter(_ name: String, type: String) -> String {
        identifier(name) + ": " + type
    }

    /// The words of a name: runs of ASCII letters and digits, split where a lowercase
    /// letter meets an uppercase one. Nil when there are none.
    private static func words(_ name: String) -> [String]? {
        var words: [String] = [], word = ""
        var lastWasLower = false
        for scalar in name.unicodeScalars {
            let isUpper = ("A"..."Z").contains(scalar), isLower = ("a"..."z").contains(scalar), isDigit = ("0"..."9").contains(scalar)
            guard isUpper || isLower || isDigit else {
                if !word.isEmpty { words.append(word) }
                word = ""
                lastWasLower = false
                continue
            }
            if isUpper, lastWasLower, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.unicodeScalars.append(scalar)
            lastWasLower = isLower || isDigit
        }
        if !word.isEmpty { words.append(word) }
        return words.isEmpty ? nil : words
    }

    /// A configuration's name in lowerCamelCase: `invite-poster` → `invitePoster`. A name
    /// with no ASCII letter or digit (`邀请海报`) becomes `sheet` and its scalars in hex; one
    /// starting with a digit gets a `_` first.
    package static func lowerCamelCase(_ name: String) -> String {
        guard let words = words(name) else {
            return "sheet" + name.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "_")
        }
        var result = words[0].prefix(1).lowercased() + words[0].dropFirst()
        for word in words.dropFirst() { result += word.prefix(1).uppercased() + word.dropFirst() }
        return result.first.map { ("0"..."9").contains($0) } == true ? "_" + result : result
    }

    /// The name in UpperCamelCase, for a type: `invite-poster` → `InvitePoster`.
    package static func upperCamelCase(_ name: String) -> String {
        let lower = lowerCamelCase(name)
        if lower.hasPrefix("_") { return lower }
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }
}
