/// A Uniform Type Identifier declaration: its parents, filename extensions and MIME types.
package struct UTTypeDeclaration: Sendable, Hashable {
    /// The identifier, as declared (for example `public.png`).
    package var identifier: String
    /// The types it conforms to directly.
    package var conformsTo: [String]
    /// Filename extensions, without the dot, lowercased.
    package var extensions: [String]
    /// MIME types, lowercased.
    package var mimeTypes: [String]
    /// Whether it is an abstract base type that receivers cannot read on its own.
    package var isAbstract: Bool

    /// Creates a declaration.
    package init(_ identifier: String, conformsTo: [String] = [], extensions: [String] = [],
                mimeTypes: [String] = [], isAbstract: Bool = false) {
        self.identifier = identifier
        self.conformsTo = conformsTo
        self.extensions = extensions.map { $0.lowercased() }
        self.mimeTypes = mimeTypes.map { $0.lowercased() }
        self.isAbstract = isAbstract
    }
}

/// A set of type declarations with their conformance graph. Identifiers compare
/// case-insensitively.
package struct UTTypeRegistry: Sendable {
    /// The lookup tables of a set of declarations, built in a local value and then kept,
    /// unchanged, in `SharedTables`.
    private struct Tables {
        var byIdentifier: [String: UTTypeDeclaration] = [:]
        /// Every type each identifier conforms to, itself included (lowercased), computed
        /// for the declarations given to `init` (the system table), so `conforms` is one
        /// lookup for them.
        var closure: [String: Set<String>] = [:]
        /// Every identifier that appears in `closure` (declared or referenced).
        var referenced: Set<String> = []
        var byExtension: [String: [String]] = [:]
        var byMIMEType: [String: [String]] = [:]
        /// Declarations in the order they were added.
        var declarations: [UTTypeDeclaration] = []

        mutating func insert(_ declaration: UTTypeDeclaration) {
            let key = declaration.identifier.lowercased()
            if byIdentifier[key] == nil { declarations.append(declaration) }
            byIdentifier[key] = declaration
            for ext in declaration.extensions where !(byExtension[ext]?.contains(key) ?? false) {
                byExtension[ext, default: []].append(key)
            }
            for mime in declaration.mimeTypes where !(byMIMEType[mime]?.contains(key) ?? false) {
                byMIMEType[mime, default: []].append(key)
            }
        }

        mutating func computeClosure() {
            closure = [:]
            referenced = []
            for identifier in byIdentifier.keys {
                let reached = walk(identifier)
                closure[identifier] = reached
                referenced.formUnion(reached)
            }
        }

        private func walk(_ identifier: String) -> Set<String> {
            var queue = [identifier]
            var seen: Set<String> = []
            while let current = queue.popLast() {
                guard seen.insert(current).inserted, let declaration = byIdentifier[current] else { continue }
                queue.append(contentsOf: declaration.conformsTo.map { $0.lowercased() })
            }
            return seen
        }
    }

    /// The tables in one object shared by copies of the registry: a registry is handed to
    /// every document's rules, and copying six tables took six retains and six releases
    /// each time (docs/performance.md, "Shared answers"). Never changed: adding declarations makes new ones.
    private final class SharedTables: Sendable {
        let tables: Tables
        /// Conformance answers for types added later (a configuration's `types`), found by
        /// a memoized search: each pair is searched once per registry, never recomputed
        /// per declaration.
        let answers = ConformanceAnswers()

        init(_ tables: Tables) {
            self.tables = tables
        }
    }
    /// The tables: held by `owner` in a registry made at run time. The system registry's
    /// live as long as the process (`everlasting`), and its copies, about twenty a file
    /// (every document's rules, every destination decision), count no reference to them:
    /// with `--jobs`, each count was a write to memory both cores held.
    private var owner: SharedTables?
    private var reference: UncountedReference<SharedTables>

    /// `body` over the tables, with no reference counted (`owner`, when there is one, is
    /// kept until `body` returns).
    private func read<Result>(_ body: (SharedTables) -> Result) -> Result {
        withExtendedLifetime(owner) { reference.read(body) }
    }

    /// This registry for the rest of the process: its tables are never freed, so copies
    /// of it need not hold them. For `UTTypeRegistry.system` only.
    func everlasting() -> UTTypeRegistry {
        var kept = self
        if kept.owner != nil {
            kept.reference.keepForever()
            kept.owner = nil
        }
        return kept
    }

    private var byIdentifier: [String: UTTypeDeclaration] { read { $0.tables.byIdentifier } }
    /// Declarations in the order they were added.
    package var declarations: [UTTypeDeclaration] { read { $0.tables.declarations } }
    /// Whether this is `UTTypeRegistry.system` as built (no declaration added since): what
    /// is worked out once for the system table holds for it.
    package internal(set) var isSystemTable = false

    /// Creates a registry of the given declarations.
    package init(_ declarations: [UTTypeDeclaration]) {
        var tables = Tables()
        for declaration in declarations { tables.insert(declaration) }
        tables.computeClosure()
        let shared = SharedTables(tables)
        (owner, reference) = (shared, UncountedReference(shared))
    }

    /// Adds (or replaces) a declaration.
    package mutating func add(_ declaration: UTTypeDeclaration) {
        add(contentsOf: CollectionOfOne(declaration))
    }

    /// Adds (or replaces) several declarations, one after another, into new tables (with
    /// no conformance answers yet).
    package mutating func add<S: Sequence>(contentsOf declarations: S) where S.Element == UTTypeDeclaration {
        var added = false
        var tables = read { $0.tables }
        for declaration in declarations {
            added = true
            tables.insert(declaration)
            // A declaration that changes what the precomputed closure knows (it replaces a
            // declared type or declares one that was only referenced) recomputes it; others
            // are answered by the memoized search.
            if tables.referenced.contains(declaration.identifier.lowercased()) { tables.computeClosure() }
        }
        guard added else { return }
        isSystemTable = false
        let shared = SharedTables(tables)
        (owner, reference) = (shared, UncountedReference(shared))
    }

    /// The identifier lowercased, without allocating when it already is.
    static func folded(_ identifier: String) -> String {
        // Over the contiguous UTF-8 (free for native strings): a tenth of the generic scan.
        let hasUppercase = identifier.withBytes { $0.contains { $0 &- 0x41 < 26 } }
        return hasUppercase ? identifier.lowercased() : identifier
    }

    /// `text.lowercased().hasPrefix(prefix)` for a lowercase ASCII `prefix` ending in a
    /// character other than CR: over the bytes when the text's first bytes, one past the
    /// prefix, are ASCII (no string is made; each ASCII scalar lowers to one byte, and an
    /// ASCII byte after the prefix starts a new Character), the long way otherwise (a
    /// combining mark after the prefix, or a letter that lowers to more than one scalar).
    static func lowercasedHasPrefix(_ text: String, _ prefix: StaticString) -> Bool {
        text.withBytes { $0.asciiLowercasedHasPrefix(prefix) } ?? text.lowercased().hasPrefix(prefix.description)
    }

    /// `lowercasedHasPrefix` for a document's value, over its bytes when they settle it.
    static func lowercasedHasPrefix(_ text: LocatedString, _ prefix: StaticString) -> Bool {
        text.withBytes { $0.asciiLowercasedHasPrefix(prefix) } ?? text.value.lowercased().hasPrefix(prefix.description)
    }

    /// The declaration of an identifier, if known.
    package func declaration(for identifier: String) -> UTTypeDeclaration? {
        let key = Self.folded(identifier)
        return read { $0.tables.byIdentifier[key] }
    }

    /// Whether the identifier is declared here.
    package func contains(_ identifier: String) -> Bool {
        let key = Self.folded(identifier)
        return read { $0.tables.byIdentifier[key] != nil }
    }

    /// Whether `type` is `parent` or conforms to it, directly or transitively.
    package func conforms(_ type: String, to parent: String) -> Bool {
        if type == parent { return true }
        let type = Self.folded(type), parent = Self.folded(parent)
        if type == parent { return true }
        return read { Self.conforms(type, to: parent, in: $0) }
    }

    /// `conforms` over the tables, for folded identifiers.
    private static func conforms(_ type: String, to parent: String, in shared: SharedTables) -> Bool {
        let tables = shared.tables, answers = shared.answers
        if let known = tables.closure[type] { return known.contains(parent) }
        guard tables.byIdentifier[type] != nil else { return false }
        if let answer = answers.lookup(type, parent) { return answer }
        // Breadth-first up the declarations; types with a precomputed closure and
        // memoized answers end the search early. A miss marks every type visited (none
        // of them reaches the parent); a hit marks the path found.
        var cameFrom: [String: String] = [type: type]
        var queue = [type], head = 0
        var found: String?
        search: while head < queue.count {
            let current = queue[head]
            head += 1
            for next in tables.byIdentifier[current]?.conformsTo ?? [] {
                let next = Self.folded(next)
                guard cameFrom[next] == nil else { continue }
                cameFrom[next] = current
                let reaches = next == parent || tables.closure[next]?.contains(parent) ?? answers.lookup(next, parent) ?? false
                if reaches { found = next; break search }
                if tables.closure[next] == nil, answers.lookup(next, parent) == nil { queue.append(next) }
            }
        }
        if let found {
            var node = found
            while node != type, let previous = cameFrom[node] {
                answers.record(previous, parent, true)
                node = previous
            }
            return true
        }
        for visited in cameFrom.keys where tables.closure[visited] == nil { answers.record(visited, parent, false) }
        return false
    }

    /// Which of `parents` `type` is or conforms to, as a bit per parent (bit i for
    /// `parents[i]`, at most 64): one lookup of the type's closure instead of one search
    /// per parent.
    package func conformances(of type: String, to parents: [String]) -> UInt64 {
        var bits: UInt64 = 0
        let folded = Self.folded(type)
        if let known = read({ $0.tables.closure[folded] }) {
            for (i, parent) in parents.enumerated() where i < 64 && known.contains(Self.folded(parent)) { bits |= 1 << UInt64(i) }
            return bits
        }
        for (i, parent) in parents.enumerated() where i < 64 && conforms(type, to: parent) { bits |= 1 << UInt64(i) }
        return bits
    }

    /// The conformance chain as levels, nearest first: for public.mpeg-4,
    /// `[[public.movie], [public.audiovisual-content], [public.data, public.content], [public.item]]`.
    package func ancestorLevels(of type: String) -> [[String]] {
        var levels: [[String]] = []
        var seen: Set<String> = [type.lowercased()]
        var frontier = [type.lowercased()]
        while true {
            var next: [String] = []
            for identifier in frontier {
                for parent in byIdentifier[identifier]?.conformsTo ?? [] where seen.insert(parent.lowercased()).inserted {
                    next.append(byIdentifier[parent.lowercased()]?.identifier ?? parent)
                }
            }
            // A type reached again at a deeper level belongs there (public.item under public.data and public.content).
            guard !next.isEmpty else { break }
            levels.append(next)
            frontier = next.map { $0.lowercased() }
        }
        return levels
    }

    /// The declarations whose filename extensions include `ext` (without the dot).
    package func types(forExtension ext: String) -> [UTTypeDeclaration] {
        let key = ext.lowercased()
        return read { shared in (shared.tables.byExtension[key] ?? []).compactMap { shared.tables.byIdentifier[$0] } }
    }

    /// The declarations whose MIME types include `mimeType`.
    package func types(forMIMEType mimeType: String) -> [UTTypeDeclaration] {
        let key = mimeType.lowercased()
        return read { shared in (shared.tables.byMIMEType[key] ?? []).compactMap { shared.tables.byIdentifier[$0] } }
    }

    /// The most specific type for a filename extension: one match, or several where
    /// one conforms to all the others. Returns the candidates when they are unrelated.
    package func inferType(forExtension ext: String) -> TypeInference {
        let candidates = types(forExtension: ext)
        if candidates.isEmpty { return .none }
        if let specific = candidates.first(where: { c in candidates.allSatisfy { conforms(c.identifier, to: $0.identifier) } }) {
            return .type(specific.identifier)
        }
        return .ambiguous(candidates.map(\.identifier))
    }

    /// The known type someone writing `identifier` most likely meant: a known alias
    /// (public.utf8-text), a name whose last label is a filename extension (public.pdf is
    /// com.adobe.pdf, public.vcf is public.vcard), else the nearest identifier by edit distance.
    package func suggestion(for identifier: String) -> String? {
        var index: Suggestions.Index?
        return suggestion(for: identifier, index: &index)
    }

    /// The suggestion, with the edit-distance index kept in `index` across calls.
    package func suggestion(for identifier: String, index: inout Suggestions.Index?) -> String? {
        let lowered = identifier.lowercased()
        if let alias = SystemTypes.aliases[lowered], contains(alias) { return alias }
        // Only for Apple's namespaces: com.example.app.json is somebody's own type.
        if lowered.hasPrefix("public.") || lowered.hasPrefix("com.apple."), let dot = lowered.lastIndex(of: "."),
           case .type(let type) = inferType(forExtension: String(lowered[lowered.index(after: dot)...])) {
            return declaration(for: type)?.identifier ?? type
        }
        if index == nil { index = Suggestions.Index(declarations.map(\.identifier)) }
        return index?.nearest(to: identifier)
    }

    /// Whether an identifier has the reverse-DNS syntax: dot-separated
    /// labels of letters, digits and `-`, at least two labels.
    package static func isValidIdentifier(_ identifier: String) -> Bool {
        // Over the contiguous UTF-8 (free for a native string): a step of the view's
        // iterator cost several times a byte's test.
        identifier.withBytes(isValidIdentifier(utf8:))
    }

    /// `isValidIdentifier` for a document's value, over its bytes.
    static func isValidIdentifier(_ identifier: LocatedString) -> Bool {
        identifier.withBytes(isValidIdentifier(utf8:))
    }

    private static func isValidIdentifier(utf8 bytes: ByteView) -> Bool {
        var labels = 1
        var labelLength = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "."):
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                labelLength += 1
            default:
                return false
            }
        }
        return labels >= 2 && labelLength > 0
    }
}

/// The result of inferring a type from a filename extension.
package enum TypeInference: Sendable, Hashable {
    case none
    case type(String)
    case ambiguous([String])
}
