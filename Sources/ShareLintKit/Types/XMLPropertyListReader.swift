/// Reads an XML property list's top-level dictionary as `PropertyList.topLevelStrings`
/// gives it: each key, with its value when the value is a string (nil otherwise).
///
/// One pass over the bytes, the open `<plist>`, `<dict>` and `<array>` elements kept on
/// an explicit stack: nothing recurses, and the nesting limit is counted as elements
/// open. Comments, processing instructions, CDATA sections, the DOCTYPE and attribute
/// values are each skipped whole, so nothing inside them opens or closes an element.
/// Entities are the five XML predefines and numeric character references; a DOCTYPE
/// with an internal subset (where entities are declared) is refused, so no entity
/// expands to anything else.
///
/// Otherwise it accepts what Foundation's XML property-list scanner (swift-foundation
/// `XMLPlistScanner`, a port of CFPropertyList's) accepts: text is kept byte for byte
/// (no line-break normalization), a repeated key's last value wins, `<key>` is also a
/// string value, what `<integer>`, `<real>`, `<date>` and `<data>` hold is not read,
/// `<true>` and `<false>` may be written with a close tag, and whatever follows the top
/// element is ignored. UTF-8 (an XML declaration naming another encoding is refused),
/// or UTF-8 or UTF-16 with a byte order mark.
struct XMLPropertyListReader {
    /// The deepest nesting of `<dict>` and `<array>` read.
    static let maxDepth = 512

    /// The top-level dictionary's keys, with their values when they are strings.
    static func topLevelStrings(_ bytes: [UInt8]) throws -> [String: String?] {
        var reader: XMLPropertyListReader
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            // The byte order mark settles the encoding; the declaration is not read.
            reader = XMLPropertyListReader(text: try utf8(fromUTF16: bytes), checksDeclaredEncoding: false)
        } else if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            reader = XMLPropertyListReader(text: Array(bytes.dropFirst(3)), checksDeclaredEncoding: false)
        } else {
            reader = XMLPropertyListReader(text: bytes, checksDeclaredEncoding: true)
        }
        return try reader.read()
    }

    /// UTF-16 after a byte order mark, as UTF-8; an unpaired surrogate or an odd byte at
    /// the end is a failure.
    static func utf8(fromUTF16 bytes: [UInt8]) throws -> [UInt8] {
        guard bytes.count % 2 == 0 else { throw PropertyList.Failure(description: "not a valid property list (the UTF-16 text ends in half a character)") }
        let bigEndian = bytes[0] == 0xFE
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        for i in stride(from: 2, to: bytes.count, by: 2) {
            let (high, low) = bigEndian ? (bytes[i], bytes[i + 1]) : (bytes[i + 1], bytes[i])
            units.append(UInt16(high) << 8 | UInt16(low))
        }
        var text: [UInt8] = []
        text.reserveCapacity(units.count * 3 / 2)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) { text.append($0) }
        guard !failed else { throw PropertyList.Failure(description: "not a valid property list (the text is not valid UTF-16)") }
        return text
    }

    // MARK: - The reader's state

    /// The elements a property list has.
    enum Element {
        case plist, dict, array, key, string, integer, real, date, data, `true`, `false`

        init?(_ name: ArraySlice<UInt8>) {
            switch String(decoding: name, as: UTF8.self) {
            case "plist": self = .plist
            case "dict": self = .dict
            case "array": self = .array
            case "key": self = .key
            case "string": self = .string
            case "integer": self = .integer
            case "real": self = .real
            case "date": self = .date
            case "data": self = .data
            case "true": self = .true
            case "false": self = .false
            default: return nil
            }
        }

        var name: String {
            switch self {
            case .plist: "plist"
            case .dict: "dict"
            case .array: "array"
            case .key: "key"
            case .string: "string"
            case .integer: "integer"
            case .real: "real"
            case .date: "date"
            case .data: "data"
            case .true: "true"
            case .false: "false"
            }
        }
    }

    /// A start tag: its element, where its `<` is, and whether it closes itself (`<dict/>`).
    struct Tag {
        var element: Element
        var start: Int
        var isEmpty: Bool
    }

    /// An element whose content is being read.
    struct Open {
        var element: Element
        var start: Int
        /// A `<dict>` whose key was read and whose value comes next; a `<plist>` whose
        /// value was read.
        var isMidway = false
    }

    /// The text, UTF-8.
    let text: [UInt8]
    /// Whether an XML declaration's `encoding` is checked (not when a byte order mark set it).
    let checksDeclaredEncoding: Bool
    /// Where reading is.
    var at = 0
    /// The bytes of the key or string being read (kept between them for its capacity).
    var scratch: [UInt8] = []
    /// The elements open, outermost first.
    var stack: [Open] = []
    /// How many `<dict>` and `<array>` are open.
    var depth = 0
    /// The top-level dictionary's place on `stack`, once it is open.
    var topLevel: Int?
    /// The top-level dictionary's last key, whose value comes next.
    var key = ""
    /// What is read: the top-level dictionary's keys and string values.
    var strings: [String: String?] = [:]

    init(text: [UInt8], checksDeclaredEncoding: Bool) {
        self.text = text
        self.checksDeclaredEncoding = checksDeclaredEncoding
    }

    // MARK: - Elements

    mutating func read() throws -> [String: String?] {
        try skipProlog()
        while true {
            if let open = stack.last {
                try skipMarkupAndWhitespace(in: open)
                if starts("</") {
                    let end = at
                    try closeTag(open.element, openedAt: open.start)
                    if open.element == .dict && open.isMidway { throw failure("a <key> without a value before </dict>", at: end) }
                    if open.element == .plist && !open.isMidway { throw failure("an empty <plist>", at: open.start) }
                    stack.removeLast()
                    if open.element != .plist { depth -= 1 }
                    // The top element's end ends the reading; what follows is not read.
                    guard !stack.isEmpty else { return strings }
                    completeValue(nil)
                    continue
                }
            }
            let tag = try startTag()
            if let open = stack.last {
                if open.element == .dict && !open.isMidway {
                    guard tag.element == .key else { throw failure("a <\(tag.element.name)> where a <key> belongs", at: tag.start) }
                    if let name = try content(of: tag, keeping: isTopLevelDictionaryOpen) { key = name }
                    stack[stack.count - 1].isMidway = true
                    continue
                }
                if open.element == .plist && open.isMidway {
                    throw failure("a second value in <plist> (it holds one)", at: tag.start)
                }
            }
            // A value. The top-level one (in <plist>, or the top element) must be a dictionary.
            let isTopLevel = stack.isEmpty || (stack.count == 1 && stack[0].element == .plist)
            if isTopLevel && tag.element != .dict && !(stack.isEmpty && tag.element == .plist) {
                throw PropertyList.Failure(description: "the property list's top-level value is not a dictionary")
            }
            switch tag.element {
            case .plist:
                guard stack.isEmpty else { throw failure("a <plist> inside a value", at: tag.start) }
                guard !tag.isEmpty else { throw failure("an empty <plist>", at: tag.start) }
                stack.append(Open(element: .plist, start: tag.start))
            case .dict, .array:
                if tag.isEmpty {
                    guard !stack.isEmpty else { return strings }
                    completeValue(nil)
                    continue
                }
                guard depth < Self.maxDepth else {
                    throw PropertyList.Failure(description: "the property list nests deeper than \(Self.maxDepth) levels (line \(line(at: tag.start)))")
                }
                depth += 1
                if isTopLevel { topLevel = stack.count }
                stack.append(Open(element: tag.element, start: tag.start))
            case .key, .string:
                completeValue(try content(of: tag, keeping: isTopLevelDictionaryOpen))
            case .integer, .real, .date, .data:
                guard !tag.isEmpty else { throw failure("an empty <\(tag.element.name)>", at: tag.start) }
                while at < text.count, text[at] != UInt8(ascii: "<") { at += 1 }
                try closeTag(tag.element, openedAt: tag.start)
                completeValue(nil)
            case .true, .false:
                if !tag.isEmpty { try closeTag(tag.element, openedAt: tag.start) }
                completeValue(nil)
            }
        }
    }

    /// Whether the innermost open element is the top-level dictionary.
    var isTopLevelDictionaryOpen: Bool {
        stack.count - 1 == topLevel
    }

    /// A value read in the innermost open element (one is open): a dictionary's value is
    /// recorded when the dictionary is the top-level one.
    mutating func completeValue(_ string: String?) {
        let last = stack.count - 1
        switch stack[last].element {
        case .dict:
            if last == topLevel { strings[key] = .some(string) }
            stack[last].isMidway = false
        case .plist:
            stack[last].isMidway = true
        default:
            break
        }
    }

    /// Reads a start tag at `<`: its name, then its attributes, which are skipped (a `>`
    /// inside a quoted value does not end the tag).
    mutating func startTag() throws -> Tag {
        let start = at
        guard at < text.count, text[at] == UInt8(ascii: "<") else { throw unexpected(at: at) }
        at += 1
        if at < text.count, text[at] == UInt8(ascii: "/") { throw failure("a close tag with no element open", at: start) }
        let nameStart = at
        while at < text.count, !Self.endsName(text[at]) { at += 1 }
        let name = text[nameStart..<at]
        guard let element = Element(name) else {
            throw failure("an unknown tag \(Self.shown(name, orElse: "<…>", wrap: { "<\($0)>" }))", at: start)
        }
        var quote: UInt8?
        while at < text.count {
            let byte = text[at]
            at += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return Tag(element: element, start: start, isEmpty: text[at - 2] == UInt8(ascii: "/"))
            } else if byte == UInt8(ascii: "<") {
                throw failure("a '<' inside the <\(element.name)> tag", at: at - 1)
            }
        }
        throw failure("the <\(element.name)> tag does not end", at: start)
    }

    /// Reads `</name>` (white space allowed before `>`) for the element opened at `openedAt`.
    mutating func closeTag(_ element: Element, openedAt: Int) throws {
        let start = at
        guard starts("</") else {
            throw at < text.count
                ? failure("</\(element.name)> expected, for the <\(element.name)> of line \(line(at: openedAt))", at: at)
                : failure("the file ends inside the <\(element.name)> of line \(line(at: openedAt))", at: at)
        }
        at += 2
        let nameStart = at
        while at < text.count, !Self.endsName(text[at]) { at += 1 }
        guard Element(text[nameStart..<at]) == element else {
            let shown = Self.shown(text[nameStart..<at], orElse: "a close tag", wrap: { "</\($0)>" })
            throw failure("\(shown) where </\(element.name)> belongs, for the <\(element.name)> of line \(line(at: openedAt))", at: start)
        }
        while at < text.count, Self.isWhitespace(text[at]) { at += 1 }
        guard at < text.count, text[at] == UInt8(ascii: ">") else { throw failure("the </\(element.name)> tag does not end", at: start) }
        at += 1
    }

    /// Reads a `<key>` or `<string>`'s text through its close tag: the text, or nil when
    /// it is not kept (only the top-level dictionary's keys and strings are).
    mutating func content(of tag: Tag, keeping: Bool) throws -> String? {
        if tag.isEmpty { return keeping ? "" : nil }
        scratch.removeAll(keepingCapacity: true)
        while true {
            let run = at
            while at < text.count, text[at] != UInt8(ascii: "<"), text[at] != UInt8(ascii: "&") { at += 1 }
            if keeping { scratch.append(contentsOf: text[run..<at]) }
            guard at < text.count else { throw failure("the file ends inside the <\(tag.element.name)> of line \(line(at: tag.start))", at: at) }
            if text[at] == UInt8(ascii: "&") {
                let scalar = try entity()
                if keeping { scratch.append(contentsOf: String(scalar).utf8) }
            } else if starts("<![CDATA[") {
                let start = at
                at += 9
                guard let end = find("]]>") else { throw failure("a CDATA section that does not end", at: start) }
                if keeping { scratch.append(contentsOf: text[at..<end]) }
                at = end + 3
            } else if starts("</") {
                break
            } else {
                throw failure("markup inside <\(tag.element.name)> (only text, entities and CDATA)", at: at)
            }
        }
        try closeTag(tag.element, openedAt: tag.start)
        guard keeping else { return nil }
        guard Self.isValidUTF8(scratch) else { throw failure("a <\(tag.element.name)> that is not valid UTF-8", at: tag.start) }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Reads an entity at `&`: one of the five XML predefines or a numeric character
    /// reference (at most eight digits).
    mutating func entity() throws -> Unicode.Scalar {
        let start = at
        for (name, scalar) in [("lt;", "<"), ("gt;", ">"), ("amp;", "&"), ("apos;", "'"), ("quot;", "\"")] as [(String, Unicode.Scalar)] {
            if starts(name, at: start + 1) {
                at = start + 1 + name.utf8.count
                return scalar
            }
        }
        guard start + 1 < text.count, text[start + 1] == UInt8(ascii: "#") else {
            throw failure("an unknown entity (only &lt; &gt; &amp; &apos; &quot; and character references are read)", at: start)
        }
        at = start + 2
        let hex = at < text.count && text[at] == UInt8(ascii: "x")
        if hex { at += 1 }
        var value: UInt32 = 0, digits = 0
        while at < text.count, digits <= 8 {
            let byte = text[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = byte - UInt8(ascii: "A") + 10
            default: digit = 0xFF
            }
            guard digit != 0xFF else { break }
            // Wraps only past eight digits, which are refused below.
            value = value &* (hex ? 16 : 10) &+ UInt32(digit)
            digits += 1
            at += 1
        }
        guard digits >= 1, digits <= 8, at < text.count, text[at] == UInt8(ascii: ";"), let scalar = Unicode.Scalar(value) else {
            throw failure("a character reference that is not a character", at: start)
        }
        at += 1
        return scalar
    }

}
