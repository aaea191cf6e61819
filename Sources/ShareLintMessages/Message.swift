/// One of sharelint's sentences, apart from its language: which sentence (`id`, whose
/// templates are in the catalogues) and the values that fill its named placeholders.
/// A message is made where a problem is found and written in a language only when it is
/// shown, so one run can report in English and in Chinese alike.
package struct Message: Sendable, Hashable {
    /// Which sentence.
    package let id: MessageID
    /// The values of its placeholders, by name.
    package let arguments: [Argument]

    /// A placeholder's value.
    package struct Argument: Sendable, Hashable {
        /// The placeholder's name, as the templates write it between braces.
        package let name: String
        /// Its value.
        package let value: Value
    }

    /// What fills a placeholder.
    package indirect enum Value: Sendable, Hashable {
        /// Text shown as it is, in every language: a key, a value from the file, a path.
        case text(String)
        /// A number, in digits.
        case number(Int)
        /// A sentence or phrase of its own, written in the same language.
        case message(Message)
        /// Entries joined with the language's list separator (", " or "、").
        case list([Value])
        /// Clauses joined into one: "A and B", "A, B, and C"; in Chinese with "，".
        case andList([Value])
        /// Sentences joined with "; " (in Chinese "；").
        case clauses([Value])
        /// Things joined into one phrase: "A and B", "A, B, and C"; "A、B和C".
        case andItems([Value])
        /// Choices: "A or B"; "A 或 B".
        case orItems([Value])

        func text(in language: Language) -> String {
            switch self {
            case .text(let text): return text
            case .number(let number): return String(number)
            case .message(let message): return message.text(in: language)
            case .list(let values): return values.map { $0.text(in: language) }.joined(separator: language.listSeparator)
            case .andList(let values): return language.joinClauses(values.map { $0.text(in: language) })
            case .clauses(let values): return values.map { $0.text(in: language) }.joined(separator: language.clauseSeparator)
            case .andItems(let values): return language.joinItems(values.map { $0.text(in: language) })
            case .orItems(let values): return values.map { $0.text(in: language) }.joined(separator: language == .english ? " or " : " 或 ")
            }
        }
    }

    /// Creates a message: `Message(.unknownKey, ["key": key, "place": place])`.
    package init(_ id: MessageID, _ arguments: KeyValuePairs<String, any MessageValue> = [:]) {
        self.id = id
        self.arguments = arguments.map { Argument(name: $0.key, value: $0.value.messageValue) }
    }

    /// Text that is not one of sharelint's sentences (an operating system's error, a
    /// message a caller made): shown as it is in every language.
    package static func verbatim(_ text: String) -> Message {
        Message(.verbatim, ["text": text])
    }

    /// The message in English.
    package var english: String { text(in: .english) }

    /// The message in a language: its template with each `{name}` replaced by the
    /// argument of that name. A brace not followed by a name and `}` is text (`'{ }'`).
    ///
    /// Chinese templates put a space between their words and a placeholder, as Apple's
    /// zh-Hans puts one between Chinese and a Latin word or number ("键 'title'"); the
    /// space is left out when the characters on both its sides are Chinese ("标题是空的"),
    /// or one of them is Chinese punctuation ("类型（public.png）"). Only the template's
    /// spaces are touched, never a value's.
    package func text(in language: Language) -> String {
        let template = id.template(in: language)
        guard !arguments.isEmpty, template.utf8.contains(UInt8(ascii: "{")) else { return template }
        let spacesByScript = language == .simplifiedChinese
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let afterOpen = rest.index(after: open)
            let nameEnd = rest[afterOpen...].firstIndex { !Self.isNameCharacter($0) } ?? rest.endIndex
            if nameEnd > afterOpen, nameEnd < rest.endIndex, rest[nameEnd] == "}",
               let argument = arguments.first(where: { $0.name == rest[afterOpen..<nameEnd] }) {
                let value = argument.value.text(in: language)
                rest = rest[rest.index(after: nameEnd)...]
                if spacesByScript {
                    // The space before: between the template's last character and the value's first.
                    if out.hasSuffix(" "), value.isEmpty || Self.joinsWithoutSpace(out.unicodeScalars.dropLast().last, value.unicodeScalars.first) {
                        out.removeLast()
                    }
                    // The space after: between the value's last character and the template's next.
                    if rest.hasPrefix(" "), Self.joinsWithoutSpace(value.unicodeScalars.last ?? out.unicodeScalars.last, rest.unicodeScalars.dropFirst().first) {
                        rest = rest.dropFirst()
                    }
                }
                out += value
            } else {
                out += "{"
                rest = rest[afterOpen...]
            }
        }
        out += rest
        return out
    }

    /// Whether two characters meet without a space in Chinese: both Chinese, or either one
    /// Chinese punctuation (or nothing: the start or end of the text).
    static func joinsWithoutSpace(_ a: Unicode.Scalar?, _ b: Unicode.Scalar?) -> Bool {
        guard let a, let b else { return true }
        return (isChinese(a) && isChinese(b)) || isChinesePunctuation(a) || isChinesePunctuation(b)
    }

    /// Chinese punctuation: the CJK symbols, the full-width forms of ASCII punctuation and “ ”.
    static func isChinesePunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3000...0x303F, 0xFF01...0xFF0F, 0xFF1A...0xFF20, 0xFF3B...0xFF40, 0xFF5B...0xFF65, 0x201C, 0x201D, 0x2026: return true
        default: return false
        }
    }

    /// Whether a character is Chinese text or Chinese punctuation (full-width forms and
    /// “ ” included), next to which a Chinese template needs no space.
    static func isChinese(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x201C, 0x201D, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// The names of the placeholders of a template, in order (for the catalogue test).
    package static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            let nameEnd = rest[afterOpen...].firstIndex { !isNameCharacter($0) } ?? rest.endIndex
            if nameEnd > afterOpen, nameEnd < rest.endIndex, rest[nameEnd] == "}" {
                names.append(String(rest[afterOpen..<nameEnd]))
                rest = rest[rest.index(after: nameEnd)...]
            } else {
                rest = rest[afterOpen...]
            }
        }
        return names
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber)
    }
}

/// A value that can fill a message's placeholder.
package protocol MessageValue: Sendable {
    /// The value.
    var messageValue: Message.Value { get }
}

extension String: MessageValue {
    package var messageValue: Message.Value { .text(self) }
}

extension Substring: MessageValue {
    package var messageValue: Message.Value { .text(String(self)) }
}

extension Int: MessageValue {
    package var messageValue: Message.Value { .number(self) }
}

extension Message: MessageValue {
    package var messageValue: Message.Value { .message(self) }
}

extension Message.Value: MessageValue {
    package var messageValue: Message.Value { self }
}

extension Array: MessageValue where Element: MessageValue {
    package var messageValue: Message.Value { .list(map(\.messageValue)) }
}

extension MessageID {
    /// The template in a language.
    package func template(in language: Language) -> String {
        switch language {
        case .english: return rawValue
        case .simplifiedChinese: return simplifiedChinese
        }
    }
}

extension Message {
    /// "; did you mean 'x'?" for a suggestion, nothing without one.
    package static func didYouMean(_ suggestion: String?) -> Message {
        suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? .verbatim("")
    }

    /// Nothing: a placeholder left empty.
    package static let empty = Message.verbatim("")
}
