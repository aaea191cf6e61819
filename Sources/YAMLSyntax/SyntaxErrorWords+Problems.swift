import ShareLintMessages

// The words for libyaml's problems that no earlier reading explains (`SyntaxErrorWords`).
extension SyntaxErrorWords {
    // MARK: Everything else, by libyaml's problem

    func wordsReport() -> SyntaxReport {
        let character = source.scalar(at: at)
        let shown = character.map { Message.verbatim(Self.named($0, codePoint: !$0.isASCII || $0.value < 0x20)) } ?? Message(.yamlThisCharacter)
        switch problem {
        case "found character that cannot start any token":
            if let character, "@`".unicodeScalars.contains(character) {
                return SyntaxReport(message: Message(.yamlReservedCharacter, ["character": shown, "first": String(character)]), position: at)
            }
            return SyntaxReport(message: Message(.yamlCannotStartValueHere, ["character": shown]), position: at)
        case "mapping values are not allowed in this context":
            return mappingValueReport()
        case "block sequence entries are not allowed in this context":
            let before = source.prefix(of: at).trimmingBlanks
            if before.hasSuffix(":") {
                return SyntaxReport(message: Message(.yamlListOnKeyLine), position: at)
            }
            return SyntaxReport(message: Message(.yamlEntryNotAtLineStart), position: at)
        case "could not find expected ':'":
            let start = error.contextAt
            let text = source.suffix(from: start)
            let shortened = text.unicodeScalars.count > 40 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(40))) + "…" : text
            let comment = text.contains(" #") ? Message(.yamlHashStartsComment) : Message.verbatim("")
            return SyntaxReport(message: Message(.yamlKeyWithoutColon, ["text": shortened, "comment": comment]),
                                position: start)
        case "did not find expected key", "did not find expected '-' indicator":
            return collectionReport(character: character)
        case "did not find expected ',' or ']'", "did not find expected ',' or '}'":
            return flowReport(character: character)
        case "did not find expected node content":
            if character == "," {
                return SyntaxReport(message: Message(.yamlExtraComma), position: at)
            }
            if source.isDocumentMarker(at.line) {
                return SyntaxReport(message: Message(.yamlMarkerInsideBrackets), position: at)
            }
            return SyntaxReport(message: Message(.yamlExpectsValue, ["character": shown]), position: at)
        case "did not find expected <document start>":
            return documentEndReport(character: character)
        case "found unknown escape character":
            let escaped = source.scalar(at: SourcePosition(line: at.line, column: at.column + 1))
            if escaped == "'" {
                return SyntaxReport(message: Message(.yamlQuoteEscape), position: at)
            }
            let written = escaped.map { Message.verbatim("'\\\(Character($0))'") } ?? Message(.yamlThisEscape)
            return SyntaxReport(message: Message(.yamlUnknownEscape, ["escape": written]), position: at)
        case "did not find expected hexdecimal number":
            return SyntaxReport(message: Message(.yamlEscapeNeedsHex), position: at)
        case "found invalid Unicode character escape code":
            return SyntaxReport(message: Message(.yamlEscapeNoCharacter), position: at)
        case "found an indentation indicator equal to 0":
            return SyntaxReport(message: Message(.yamlZeroIndentation), position: at)
        case "found undefined tag handle":
            return SyntaxReport(message: Message(.yamlUndeclaredTagHandle), position: error.contextAt)
        case "found duplicate %YAML directive":
            return SyntaxReport(message: Message(.yamlSecondYAMLDirective), position: at)
        case "found duplicate %TAG directive":
            return SyntaxReport(message: Message(.yamlTagDeclaredTwice), position: at)
        case "found incompatible YAML document":
            return SyntaxReport(message: Message(.yamlVersion), position: at)
        case "mapping keys are not allowed in this context":
            return SyntaxReport(message: Message(.yamlComplexKey), position: at)
        case "found unexpected ':'":
            return SyntaxReport(message: Message(.yamlColonInBrackets), position: at)
        default:
            return contextReport()
        }
    }

    /// The problems whose words depend on what libyaml was reading (its context).
    func contextReport() -> SyntaxReport {
        switch context {
        case "while scanning a block scalar":
            if problem == "did not find expected comment or line break" {
                return SyntaxReport(message: Message(.yamlTextAfterBlockIndicator), position: at)
            }
        case "while scanning an anchor":
            return SyntaxReport(message: Message(.yamlAnchor), position: error.contextAt)
        case "while scanning an alias":
            return SyntaxReport(message: Message(.yamlAlias), position: error.contextAt)
        case "while scanning a tag", "while parsing a tag":
            return SyntaxReport(message: Message(.yamlTag), position: error.contextAt)
        case "while scanning a directive", "while scanning a %YAML directive", "while scanning a %TAG directive", "while parsing a %TAG directive",
             "while scanning a tag directive", "while parsing a tag directive":
            if problem == "did not find expected comment or line break" {
                return SyntaxReport(message: Message(.yamlTextAfterDirective), position: at)
            }
            return SyntaxReport(message: Message(.yamlDirective), position: error.contextAt)
        default:
            break
        }
        if error.problem == nil {
            return SyntaxReport(message: Message(.yamlOutOfMemory), position: at)
        }
        return SyntaxReport(message: Message(.yamlCannotRead), position: at)
    }

    /// A `:` where no key can be: `key: a: b`, a key on the `---` line, or a key inside
    /// a plain value that goes on from the line above.
    func mappingValueReport() -> SyntaxReport {
        let before = source.prefix(of: at)
        var content = Substring(before.drop { $0 == " " })
        if content.hasPrefix("---") || content.hasPrefix("...") {
            return SyntaxReport(message: Message(.yamlKeyOnMarkerLine, ["marker": content.prefix(3)]), position: at)
        }
        while content.hasPrefix("- ") { content = content.dropFirst(2).drop { $0 == " " } }
        if content.contains(": ") {
            return SyntaxReport(message: Message(.yamlColonSpaceInPlainValue), position: at)
        }
        return SyntaxReport(message: Message(.yamlColonMakesKey), position: at)
    }

    /// libyaml wanted the next key or entry of the collection opened at its context mark.
    func collectionReport(character: Unicode.Scalar?) -> SyntaxReport {
        let isList = problem.contains("'-'")
        let line = source.line(at.line)
        let first = line.map { $0.column(ofByte: $0.skipBlanks(from: 0)) + 1 } ?? 1
        if at.column > first {
            // Text after a complete value on the same line.
            let before = source.prefix(of: at).trimmingBlanks
            if let last = before.unicodeScalars.last, last == "\"" || last == "'" {
                return SyntaxReport(message: Message(.yamlTextAfterQuote), position: at)
            }
            if let last = before.unicodeScalars.last, last == "]" || last == "}" {
                return SyntaxReport(message: Message(.yamlTextAfterBracket, ["bracket": String(last)]), position: at)
            }
            if character == "*" {
                return SyntaxReport(message: Message(.yamlAliasTakesNoAnchor), position: at)
            }
            if character == "&" {
                return SyntaxReport(message: Message(.yamlSecondAnchor), position: at)
            }
            return SyntaxReport(message: Message(.yamlTextAfterValue), position: at)
        }
        if character == "&", let previous = source.line(at.line - 1),
           source.suffix(from: SourcePosition(line: at.line - 1, column: 1)).split(separator: " ").last?.hasPrefix("&") == true, previous.count > 0 {
            return SyntaxReport(message: Message(.yamlSecondAnchorAbove, ["line": at.line - 1]), position: at)
        }
        let opened = error.contextAt
        return SyntaxReport(message: Message(isList ? .yamlExpectsEntry : .yamlExpectsKey, ["column": opened.column, "line": opened.line]), position: at)
    }

    /// libyaml wanted a `,` or the closing bracket of brackets opened at its context mark.
    func flowReport(character: Unicode.Scalar?) -> SyntaxReport {
        let opened = error.contextAt
        let open = problem.hasSuffix("']'") ? "[" : "{", close = open == "[" ? "]" : "}"
        let atEnd = source.isAtEnd(at) || source.isDocumentMarker(at.line)
        if atEnd {
            return SyntaxReport(message: Message(.yamlBracketNeverClosed, ["open": open, "close": close]), position: opened)
        }
        if character == ":", let line = source.line(at.line) {
            let first = line.column(ofByte: line.skipBlanks(from: 0)) + 1
            if first == at.column {
                return SyntaxReport(message: Message(.yamlColonAfterKeyLine), position: at)
            }
            // `foo: 1` then `bar: 2` without a ',': YAML read `1 bar` as one value.
            let key = source.prefix(of: at).trimmingBlanks.drop { $0 == " " || $0 == "\t" }
            if !key.contains(where: { ",[]{}\"'#".contains($0) }), let end = previousLineEnd(before: at.line, after: opened.line),
               !",[{".contains(end.last) {
                return SyntaxReport(message: Message(.yamlCommaMissingAtLineEnd, ["open": open, "line": opened.line, "column": opened.column]),
                                    position: end.position)
            }
        }
        return SyntaxReport(message: Message(.yamlCommaOrCloseMissing, ["close": close, "open": open, "line": opened.line, "column": opened.column]),
                            position: at)
    }

    /// The end of the last line with content before `line` (and after `floor`), and its
    /// last character: where a missing `,` goes.
    func previousLineEnd(before line: Int, after floor: Int) -> (position: SourcePosition, last: Character)? {
        var number = line - 1
        while number >= floor, let previous = source.line(number) {
            let text = source.suffix(from: SourcePosition(line: number, column: 1))
            let content = previous.commentStart.map { source.prefix(of: SourcePosition(line: number, column: previous.column(ofByte: $0) + 1)).trimmingBlanks } ?? text
            if let last = content.last {
                return (SourcePosition(line: number, column: content.unicodeScalars.count + 1), last)
            }
            number -= 1
        }
        return nil
    }

    /// More text after the document's value ended, or directives with no document.
    func documentEndReport(character: Unicode.Scalar?) -> SyntaxReport {
        let before = source.prefix(of: at).trimmingBlanks
        if before.hasPrefix("...") {
            return SyntaxReport(message: Message(.yamlTextAfterDocumentEnd), position: at)
        }
        if let character, character == "]" || character == "}" {
            return SyntaxReport(message: Message(.yamlUnopenedBracket, ["bracket": String(character)]), position: at)
        }
        if source.isAtEnd(at) || source.isDocumentMarker(at.line) || source.line(at.line)?[0] == UInt8(ascii: "%") {
            return SyntaxReport(message: Message(.yamlDirectiveWithoutDocument), position: at)
        }
        return SyntaxReport(message: Message(.yamlTextAfterDocumentValue), position: at)
    }
}
