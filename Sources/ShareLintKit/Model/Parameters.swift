import YAMLSyntax

// Run-time values: what a configuration leaves to the app (a user's name, an order's id,
// a poster drawn per user), each declared with a kind and an example. Values use them as
// `$(name)`; the loader puts the examples in place, and records each use, so every rule
// checks the file as the app would share it with the examples (docs/format.md, "Parameters").

/// A run-time value a configuration declares under `parameters`.
public final class Parameter: Sendable {
    /// What a parameter holds, and so where it may stand.
    public enum Kind: String, Sendable, CaseIterable {
        /// A string: in texts, URLs and paths.
        case text
        /// A web URL: in URLs and texts.
        case url
        /// A whole number: in texts, URLs and paths.
        case integer
        /// An image file: the whole value of an image path.
        case image
        /// A file: the whole value of a file path.
        case file
        /// `true` or `false`: written as a condition (`when:`), never in a value.
        case boolean
    }

    /// The parameter's name, as its key is written.
    public let name: LocatedString
    /// `kind`, nil when it is missing or not one of the kinds.
    public let kind: Kind?
    /// `example`, as written (an integer's digits, `true` or `false`, a string).
    public let example: LocatedString?
    /// Whether the example was written as a plain scalar (not quoted): an integer or a
    /// boolean must be.
    package let exampleIsPlain: Bool
    /// Where the declaration's value stands.
    public let range: SourceRange
    /// `description`: what the app puts there (the generated argument's documentation).
    package let description: LocatedString?

    /// Creates a declaration.
    package init(name: LocatedString, kind: Kind?, example: LocatedString?, exampleIsPlain: Bool, range: SourceRange,
                 description: LocatedString? = nil) {
        self.name = name
        self.kind = kind
        self.example = example
        self.exampleIsPlain = exampleIsPlain
        self.range = range
        self.description = description
    }

    /// `$(name)`, as values write it.
    package var token: String { ParameterUse.token(name.value) }
}

/// A `$(name)` written in a value: which parameter, where, and in which value.
public struct ParameterUse: Sendable {
    /// The name between the braces.
    public let name: String
    /// Where `$(name)` stands: exact in a value on one line without escapes before it,
    /// else the whole value's range.
    public let range: SourceRange
    /// Where the whole value stands.
    package let valueRange: SourceRange
    /// The key of the value (`title`, `file`, `scene`), "" for a list entry.
    package let key: String
    /// The value's key path.
    public let path: String
    /// Whether `$(name)` is the whole value.
    package let isWholeValue: Bool

    /// Creates a use.
    package init(name: String, range: SourceRange, valueRange: SourceRange, key: String, path: String, isWholeValue: Bool) {
        self.name = name
        self.range = range
        self.valueRange = valueRange
        self.key = key
        self.path = path
        self.isWholeValue = isWholeValue
    }

    /// `$(name)`.
    package static func token(_ name: String) -> String { "$(" + name + ")" }

    /// The keys whose values may use parameters: texts, URLs and paths. Identifiers
    /// (types, activity types, names) and choices stay fixed, as the app's code cannot
    /// change them per share.
    static let keysTakingParameters: Set<String> = [
        "title", "messageBody", "text", "markup", "subject", "suggestedName", "page", "path", "scene", "subtitle", "body",
        "url", "originalURL", "remoteVideoURL",
        "file", "fileURL", "image", "icon", "thumbnail", "fullSize", "video",
        "when",
    ]
    /// The keys whose value is a URL.
    static let urlKeys: Set<String> = ["url", "originalURL", "remoteVideoURL"]
    /// The keys whose value is the path of an image file.
    static let imagePathKeys: Set<String> = ["image", "icon", "thumbnail", "fullSize"]
    /// The keys whose value is the path of any file.
    static let filePathKeys: Set<String> = ["file", "fileURL", "video"]
}

/// Reading `$(name)` in a value's text.
package enum ParameterSyntax {
    /// Whether a parameter name is well formed: a letter or `_`, then letters, digits and
    /// `_` (ASCII, so the generated code can name it as it is).
    static func isValidName(_ name: String) -> Bool {
        func letter(_ b: UInt8) -> Bool { b &- 0x61 < 26 || b &- 0x41 < 26 || b == 0x5F }
        return name.withBytes { bytes in
            guard let first = bytes.first, letter(first) else { return false }
            return bytes.allSatisfy { letter($0) || $0 &- 0x30 < 10 }
        }
    }

    /// One piece of a value: fixed text, or a parameter's name (`$(name)`), with the
    /// offset in Unicode scalars of where the piece is written in the value.
    package enum Piece: Equatable, Sendable {
        case text(String)
        case parameter(String, scalarOffset: Int)
    }

    /// The pieces of `value`; nil when it writes no `$(` at all (most values). `$$(` is a
    /// written `$(`, never a parameter; a `$(` with no `)` after it is text.
    static func pieces(of value: String) -> [Piece]? {
        guard value.utf8.contains(UInt8(ascii: "$")), value.contains("$(") else { return nil }
        var pieces: [Piece] = []
        var text = ""
        var scalars = Array(value.unicodeScalars)[...]
        var offset = 0
        while let scalar = scalars.first {
            if scalar == "$", scalars.dropFirst().first == "$", scalars.dropFirst(2).first == "(" {
                text += "$("
                scalars = scalars.dropFirst(3)
                offset += 3
                continue
            }
            if scalar == "$", scalars.dropFirst().first == "(", let close = scalars.firstIndex(of: ")") {
                let name = String(String.UnicodeScalarView(scalars[(scalars.startIndex + 2)..<close]))
                if !text.isEmpty { pieces.append(.text(text)) }
                text = ""
                pieces.append(.parameter(name, scalarOffset: offset))
                offset += close - scalars.startIndex + 1
                scalars = scalars[(close + 1)...]
                continue
            }
            text.unicodeScalars.append(scalar)
            scalars = scalars.dropFirst()
            offset += 1
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }
}

extension ShareConfiguration {
    /// The kind of each declared parameter by name (the first declaration of a name).
    var parameterKinds: [String: Parameter.Kind] {
        var kinds: [String: Parameter.Kind] = [:]
        for parameter in parameters { if kinds[parameter.name.value] == nil, let kind = parameter.kind { kinds[parameter.name.value] = kind } }
        return kinds
    }
}
