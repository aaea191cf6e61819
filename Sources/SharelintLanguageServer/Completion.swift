import ShareLintKit

/// `textDocument/completion`, from the text around the cursor (the buffer is often not
/// valid YAML while one types): keys by position from `FormatSchema` (the definition the
/// JSON Schema is generated from), type identifiers, activity short names, enumeration
/// values, file paths under the root, and rule ids in suppression comments.
struct Completion {
    let document: LanguageServer.OpenDocument
    let encoding: PositionEncoding
    /// Files are offered only inside this directory.
    let root: String

    /// The most paths offered from one directory.
    static let maxPaths = 500

    /// CompletionItemKind values.
    enum Kind {
        static let variable = 6, property = 10, value = 12, keyword = 14, file = 17, folder = 19, enumMember = 20
    }

    /// One line of YAML as far as completion cares: its dashes and key.
    struct LineShape {
        /// The 0-based columns (in bytes) of leading `- ` markers.
        var dashes: [Int] = []
        /// The column where the key or value starts, after the dashes.
        var contentColumn = 0
        /// The key, when the content is `key:` or `key: value`.
        var key: String?
        /// The text after `key:` (trimmed), when there is a key.
        var value: String?
        /// Whether the line holds nothing but spaces or a comment.
        var isBlank = false

        /// The column of the line's first marker or content.
        var startColumn: Int { dashes.first ?? contentColumn }

        init(_ line: Substring) {
            let bytes = Array(line.utf8)
            var i = 0
            while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            while i < bytes.count, bytes[i] == UInt8(ascii: "-"), i + 1 == bytes.count || bytes[i + 1] == 0x20 {
                dashes.append(i)
                i += 1
                while i < bytes.count, bytes[i] == 0x20 { i += 1 }
            }
            contentColumn = i
            let content = String(decoding: bytes[i...], as: UTF8.self)
            if (content.isEmpty && dashes.isEmpty) || content.hasPrefix("#") { isBlank = true; return }
            if let colon = Self.keySeparator(in: content) {
                key = String(content[..<colon]).trimmingCharacters(" \"'")
                value = String(content[content.index(after: colon)...]).trimmingCharacters(" ")
            }
        }

        /// The `:` that ends a plain key: followed by a space or the end of the line.
        static func keySeparator(in content: String) -> String.Index? {
            var index = content.startIndex
            while index < content.endIndex {
                let next = content.index(after: index)
                if content[index] == ":" && (next == content.endIndex || content[next] == " ") { return index }
                if content[index] == "#" || content[index] == "[" || content[index] == "{" { return nil }
                index = next
            }
            return nil
        }
    }

    func items(at position: LSPPosition) -> JSONValue {
        let text = document.text
        // A line past the end has nothing to complete (and must not be walked up from).
        guard position.line < text.lineCount else { return .array([]) }
        let lineRange = text.lineBytes(position.line)
        let cursor = max(lineRange.lowerBound, min(text.offset(of: position, encoding: encoding), lineRange.upperBound))
        let prefix = text.text(lineRange.lowerBound..<cursor)
        let column = { (byteColumn: Int) in text.lspPosition(ofOffset: lineRange.lowerBound + byteColumn, encoding: encoding) }
        let cursorPosition = text.lspPosition(ofOffset: cursor, encoding: encoding)
        func range(from byteColumn: Int) -> LSPRange { LSPRange(start: column(byteColumn), end: cursorPosition) }

        if let hash = prefix.firstRange(of: " #")?.lowerBound ?? (prefix.hasPrefix("#") ? prefix.startIndex : nil) {
            // In a comment: rule ids after a `sharelint-disable-…` directive, before `--`.
            let comment = prefix[hash...]
            guard let directive = comment.firstRange(of: "sharelint-disable-"),
                  let space = comment[directive.upperBound...].firstIndex(of: " "),
                  !comment[space...].contains("--") else { return .array([]) }
            let word = String(comment.reversed().prefix { $0 != " " && $0 != "," })
            let start = prefix.utf8.count - word.utf8.count
            return .array(RuleCatalog.all.map { rule in
                item(rule.description.id.rawValue, kind: Kind.keyword, detail: rule.description.summary, range: range(from: start))
            })
        }
        if let nameStart = Self.openParameter(in: prefix) {
            // After `$(`: the parameters the document declares (under `when:`, its booleans).
            let inCondition = LineShape(Substring(prefix)).key == "when"
            return .array(declaredParameters(around: position.line).filter { !inCondition || $0.kind == "boolean" }.map { name, kind in
                item(name, kind: Kind.variable, detail: kind, newText: name + ")", range: range(from: nameStart))
            })
        }
        let shape = LineShape(Substring(prefix))
        let keys = parentKeys(line: position.line, shape: shape)
        if let key = shape.key, let value = shape.value {
            // After `key:`: a value, or an element of a flow list `[a, b`.
            var valueStart = prefix.utf8.count - value.utf8.count
            var typed = value
            var inList = false
            if typed.hasPrefix("[") {
                inList = true
                let last = typed.lastIndex { $0 == "[" || $0 == "," }.map { typed.index(after: $0) } ?? typed.startIndex
                let element = typed[last...].drop { $0 == " " }
                valueStart = prefix.utf8.count - element.utf8.count
                typed = String(element)
            }
            if typed.hasPrefix("\"") || typed.hasPrefix("'") { valueStart += 1; typed.removeFirst() }
            guard let field = FormatSchema.field(at: keys + [key]) else { return .array([]) }
            if inList, case .list = field.kind {} else if inList { return .array([]) }
            return .array(values(for: field, path: keys + [key], typed: typed, range: { range(from: valueStart + $0) }))
        }
        let typedStart = shape.contentColumn
        let parent = keys.isEmpty ? nil : FormatSchema.field(at: keys)
        if let parent, case .list(let element, _) = parent.kind, element.shape == nil, !shape.dashes.isEmpty {
            // A `- ` element of a list of strings.
            var typed = String(prefix.utf8.dropFirst(typedStart)) ?? ""
            var start = typedStart
            if typed.hasPrefix("\"") || typed.hasPrefix("'") { start += 1; typed.removeFirst() }
            return .array(values(for: parent, path: keys, typed: typed, range: { range(from: start + $0) }))
        }
        let shapeHere = keys.isEmpty ? FormatSchema.configuration : parent?.kind.shape
        guard let fields = shapeHere?.fields else { return .array([]) }
        let present = siblingKeys(line: position.line, shape: shape)
        return .array(fields.filter { !present.contains($0.name) }.map { field in
            item(field.name, kind: Kind.property, detail: field.summary, newText: field.name + ":" + (field.kind.shape == nil ? " " : ""),
                 range: range(from: typedStart))
        })
    }

    /// Where the name of a `$(` left open before the cursor starts (in bytes), nil when the
    /// cursor is not after one (`$$(` is the text `$(`).
    static func openParameter(in prefix: String) -> Int? {
        let bytes = Array(prefix.utf8)
        guard let brace = bytes.lastIndex(of: UInt8(ascii: "(")), brace > 0, bytes[brace - 1] == UInt8(ascii: "$"),
              brace < 2 || bytes[brace - 2] != UInt8(ascii: "$") else { return nil }
        let typed = bytes[(brace + 1)...]
        guard typed.allSatisfy({ $0 == UInt8(ascii: "_") || ($0 | 0x20) &- 0x61 < 26 || $0 &- 0x30 < 10 }) else { return nil }
        return brace + 1
    }

    /// The names declared under `parameters:` in the cursor's document, with their kinds
    /// when written (`{kind: text, …}` or a `kind:` line under the name).
    func declaredParameters(around line: Int) -> [(name: String, kind: String?)] {
        let text = document.text
        var first = line
        while first > 0, !text.lineText(first).hasPrefix("---") { first -= 1 }
        var result: [(name: String, kind: String?)] = []
        var l = first, inside = false, nameColumn: Int?
        while l < text.lineCount {
            let lineText = text.lineText(l)
            l += 1
            if l - 1 > first, lineText.hasPrefix("---") { break }
            let shape = LineShape(Substring(lineText))
            if shape.isBlank { continue }
            if shape.startColumn == 0 {
                inside = shape.key == "parameters"
                nameColumn = nil
                continue
            }
            guard inside, let key = shape.key else { continue }
            if nameColumn == nil { nameColumn = shape.contentColumn }
            if shape.contentColumn == nameColumn {
                result.append((key, Self.flowKind(shape.value ?? "")))
            } else if key == "kind", let value = shape.value, !result.isEmpty, result[result.count - 1].kind == nil {
                result[result.count - 1].kind = value.trimmingCharacters(" \"'")
            }
        }
        return result
    }

    /// The `kind` of a flow mapping such as `{kind: text, example: "42"}`.
    private static func flowKind(_ value: String) -> String? {
        guard value.hasPrefix("{"), let range = value.firstRange(of: "kind:") else { return nil }
        let kind = value[range.upperBound...].drop { $0 == " " }.prefix { $0.isLetter }
        return kind.isEmpty ? nil : String(kind)
    }

    /// The keys of the mappings that hold the cursor's line, outermost first.
    private func parentKeys(line: Int, shape: LineShape) -> [String] {
        let text = document.text
        var target = shape.dashes.last ?? shape.contentColumn
        var keys: [String] = []
        var l = line - 1
        while l >= 0, target > 0 {
            let lineText = text.lineText(l)
            if lineText.hasPrefix("---") { break }
            let other = LineShape(Substring(lineText))
            l -= 1
            if other.isBlank { continue }
            if other.contentColumn == target, other.dashes.last.map({ $0 < target }) == true {
                // The start of this item's mapping: its parent is above the dash.
                target = other.dashes.last ?? target
                continue
            }
            guard other.startColumn < target else { continue }
            guard let key = other.key, other.value?.isEmpty != false else { return [] }
            keys.insert(key, at: 0)
            target = other.startColumn
        }
        return keys
    }

    /// The keys already written in the cursor line's mapping.
    private func siblingKeys(line: Int, shape: LineShape) -> Set<String> {
        let text = document.text
        let column = shape.contentColumn
        var keys: Set<String> = []
        // Upward until the item's dash or the parent.
        if shape.dashes.isEmpty {
            var l = line - 1
            while l >= 0 {
                let other = LineShape(Substring(text.lineText(l)))
                l -= 1
                if other.isBlank { continue }
                if other.startColumn < column && other.contentColumn != column { break }
                if other.contentColumn == column, let key = other.key { keys.insert(key) }
                if other.contentColumn == column && !other.dashes.isEmpty { break }
            }
        }
        var l = line + 1
        while l < text.lineCount {
            let other = LineShape(Substring(text.lineText(l)))
            l += 1
            if other.isBlank { continue }
            if other.startColumn < column || (other.startColumn == column - 2 && !other.dashes.isEmpty) { break }
            if other.contentColumn == column, other.dashes.isEmpty, let key = other.key { keys.insert(key) }
        }
        return keys
    }

    private func values(for field: FormatSchema.Field, path: [String], typed: String, range: (Int) -> LSPRange) -> [JSONValue] {
        let name = field.name
        if name == "excludedActivityTypes" {
            return BuiltInActivityTypes.all.map { item($0.shortName, kind: Kind.enumMember, detail: $0.rawValue, range: range(0)) }
        }
        if (name == "type" && path.first == "items") || name == "conformsTo" {
            return UTTypeRegistry.system.declarations.map { declaration in
                item(declaration.identifier, kind: Kind.value,
                     detail: declaration.extensions.isEmpty ? declaration.conformsTo.joined(separator: ", ") : declaration.extensions.map { "." + $0 }.joined(separator: " "),
                     range: range(0))
            }
        }
        if ["file", "thumbnail", "fullSize", "icon", "image", "video"].contains(name) {
            return paths(typed: typed, range: range)
        }
        if case .enumeration(let cases) = field.kind {
            return cases.map { item($0, kind: Kind.enumMember, detail: nil, range: range(0)) }
        }
        if case .integer = field.kind, name == "schemaVersion" {
            return [item("1", kind: Kind.value, detail: "the only format version", range: range(0))]
        }
        return field.examples.map { item($0, kind: Kind.value, detail: nil, range: range(0)) }
    }

    /// The entries of the directory the typed path names, inside the root.
    private func paths(typed: String, range: (Int) -> LSPRange) -> [JSONValue] {
        guard let documentPath = document.path, !typed.hasPrefix("/") else { return [] }
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let namePart = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        // Judged by where the directory really leads, as the linter judges files (symlinks resolved).
        guard let directory = PathLogic.normalize(PathLogic.join(PathLogic.directory(of: documentPath), directoryPart.isEmpty ? "." : directoryPart)),
              let real = RootedFileSystem.realPath(directory), let realRoot = RootedFileSystem.realPath(root),
              PathLogic.isInside(real, root: realRoot),
              let entries = Self.names(inDirectory: real) else { return [] }
        let start = directoryPart.utf8.count
        return entries.filter { !$0.hasPrefix(".") || namePart.hasPrefix(".") }.sorted().prefix(Self.maxPaths).map { name in
            let isDirectory = FileKind.of(PathLogic.join(real, name), follow: true) == .directory
            return item(name + (isDirectory ? "/" : ""), kind: isDirectory ? Kind.folder : Kind.file, detail: nil, range: range(start))
        }
    }

    /// The names in a directory (without . and ..), or nil when it cannot be read.
    private static func names(inDirectory path: String) -> [String]? {
        DirectoryListing.entries(ofDirectoryAt: path)?.map(\.name)
    }

    private func item(_ label: String, kind: Int, detail: String?, newText: String? = nil, range: LSPRange) -> JSONValue {
        var members: [(String, JSONValue)] = [("label", .string(label)), ("kind", .int(kind))]
        if let detail { members.append(("detail", .string(detail))) }
        members.append(("textEdit", .object([("range", range.json), ("newText", .string(newText ?? label))])))
        return .object(members)
    }
}

extension String {
    /// The string without the given characters at either end.
    func trimmingCharacters(_ set: String) -> String {
        let trimmed = drop { set.contains($0) }
        return String(trimmed.reversed().drop { set.contains($0) }.reversed())
    }
}
