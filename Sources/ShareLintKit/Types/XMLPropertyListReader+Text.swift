// What the property-list reader reads between elements, byte by byte, and how it fails
// (`XMLPropertyListReader`).
extension XMLPropertyListReader {
    // MARK: - What lies between elements

    /// Skips white space, the XML declaration (checking its encoding), processing
    /// instructions, comments and the DOCTYPE up to the top element.
    mutating func skipProlog() throws {
        while true {
            while at < text.count, Self.isWhitespace(text[at]) { at += 1 }
            guard at < text.count else {
                throw PropertyList.Failure(description: text.isEmpty ? "not a valid property list (the file is empty)" : "not a valid property list (no element)")
            }
            if starts("<?") {
                let start = at
                try skip(past: "?>", from: at + 2, what: "a processing instruction")
                if checksDeclaredEncoding, starts("xml", at: start + 2), Self.isWhitespace(text[start + 5]) {
                    try checkEncoding(text[(start + 5)..<(at - 2)], at: start)
                }
            } else if starts("<!--") {
                try skip(past: "-->", from: at + 4, what: "a comment")
            } else if starts("<!DOCTYPE") {
                try skipDoctype()
            } else if starts("<!") {
                throw failure("unexpected markup '<!'", at: at)
            } else if text[at] == UInt8(ascii: "<") {
                return
            } else {
                throw unexpected(at: at)
            }
        }
    }

    /// Skips what may come between the values of an open element: white space, comments
    /// and processing instructions. Stops at `<` of a tag.
    mutating func skipMarkupAndWhitespace(in open: Open) throws {
        while true {
            while at < text.count, Self.isWhitespace(text[at]) { at += 1 }
            guard at < text.count else { throw failure("the file ends inside the <\(open.element.name)> of line \(line(at: open.start))", at: at) }
            if starts("<!--") {
                try skip(past: "-->", from: at + 4, what: "a comment")
            } else if starts("<?") {
                try skip(past: "?>", from: at + 2, what: "a processing instruction")
            } else if starts("<!") {
                throw failure("unexpected markup '<!' inside <\(open.element.name)>", at: at)
            } else if text[at] == UInt8(ascii: "<") {
                return
            } else {
                throw failure("text between the values of <\(open.element.name)>", at: at)
            }
        }
    }

    /// Skips `<!DOCTYPE …>`; its quoted identifiers may hold `>`. An internal subset
    /// (`[…]`) is refused: it is where entities would be declared.
    mutating func skipDoctype() throws {
        let start = at
        at += 9
        var quote: UInt8?
        while at < text.count {
            let byte = text[at]
            at += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw failure("a DOCTYPE with an internal subset (entity declarations are not read)", at: start)
            } else if byte == UInt8(ascii: ">") {
                return
            }
        }
        throw failure("a DOCTYPE that does not end", at: start)
    }

    /// Refuses an XML declaration whose `encoding` is not UTF-8.
    func checkEncoding(_ declaration: ArraySlice<UInt8>, at start: Int) throws {
        let word = Array("encoding".utf8)
        guard var i = declaration.indices.first(where: { declaration[$0...].starts(with: word) }) else { return }
        i += word.count
        while i < declaration.endIndex, Self.isWhitespace(declaration[i]) || declaration[i] == UInt8(ascii: "=") { i += 1 }
        guard i < declaration.endIndex, declaration[i] == UInt8(ascii: "\"") || declaration[i] == UInt8(ascii: "'") else { return }
        let quote = declaration[i]
        let name = declaration[(i + 1)...].prefix { $0 != quote }
        guard String(decoding: name, as: UTF8.self).lowercased() != "utf-8" else { return }
        let shown = Self.shown(name, orElse: "another encoding", wrap: { "'\($0)'" })
        throw failure("the XML declaration names \(shown); only UTF-8, or UTF-16 with a byte order mark, is read", at: start)
    }

    /// Moves past the next `terminator` at or after `from`.
    mutating func skip(past terminator: String, from: Int, what: String) throws {
        let start = at
        at = from
        guard let end = find(terminator) else { throw failure("\(what) that does not end", at: start) }
        at = end + terminator.utf8.count
    }

    // MARK: - Bytes

    /// Where `pattern` next starts, from `at`.
    func find(_ pattern: String) -> Int? {
        let count = pattern.utf8.count
        guard let first = pattern.utf8.first else { return at }
        var i = at
        while i + count <= text.count {
            if text[i] == first, starts(pattern, at: i) { return i }
            i += 1
        }
        return nil
    }

    func starts(_ pattern: String) -> Bool {
        starts(pattern, at: at)
    }

    func starts(_ pattern: String, at index: Int) -> Bool {
        guard index >= 0, index + pattern.utf8.count <= text.count else { return false }
        var offset = index
        for byte in pattern.utf8 {
            guard text[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<")
    }

    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// A name from the file for a message: printable ASCII, at most 40 bytes, wrapped;
    /// else the fallback (no control or escape reaches a terminal).
    static func shown(_ name: ArraySlice<UInt8>, orElse fallback: String, wrap: (String) -> String) -> String {
        guard !name.isEmpty, name.count <= 40, name.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return fallback }
        return wrap(String(decoding: name, as: UTF8.self))
    }

    // MARK: - Failures

    /// The line of a byte offset, counting LF (the file's own line breaks; after a UTF-16
    /// byte order mark, the lines of the transcoded text, which are the same).
    func line(at offset: Int) -> Int {
        var line = 1
        for byte in text[..<min(offset, text.count)] where byte == 0x0A { line += 1 }
        return line
    }

    func failure(_ problem: String, at offset: Int) -> PropertyList.Failure {
        PropertyList.Failure(description: "not a valid property list (line \(line(at: offset)): \(problem))")
    }

    func unexpected(at offset: Int) -> PropertyList.Failure {
        guard offset < text.count else { return failure("the file ends where a tag belongs", at: offset) }
        let byte = text[offset]
        let shown = byte > 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
        return failure("unexpected \(shown) where a tag belongs", at: offset)
    }
}
