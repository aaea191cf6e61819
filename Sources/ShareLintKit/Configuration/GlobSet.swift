/// The globs of one `include` or `exclude` list, compiled once for matching many paths.
/// Duplicates are dropped; globs without a wildcard are one hash lookup of the whole
/// path; the others are filed under their leading literal directories, so a path is
/// matched only against the globs whose directories it starts with (and those that
/// start with a wildcard). A path is split once, not once per glob.
package struct GlobSet: Sendable, RandomAccessCollection {
    /// The distinct globs, in the order written.
    package let globs: [Glob]
    /// The paths named by globs without a wildcard, as bytes (compared as the scalars
    /// are: an NFC name does not match its NFD twin).
    private let literals: Set<[UInt8]>
    /// Globs with a wildcard by their leading literal segments joined with "/" (empty for
    /// those that start with a wildcard).
    private let byPrefix: [[UInt8]: [Glob]]
    /// The numbers of leading literal segments that occur in `byPrefix`, ascending.
    private let prefixDepths: [Int]

    /// The longest glob: a path is at most PATH_MAX (4,096 bytes) long.
    package static let longestGlob = 4_096
    /// The most globs with a wildcard in one list: each path of a walk may be matched
    /// against every one of them (those without a wildcard cost one lookup in all).
    package static let mostWildcardGlobs = 1_000

    /// Compiles globs.
    package init(_ globs: [Glob]) {
        var seen: Set<[[Unicode.Scalar]]> = []
        var distinct: [Glob] = []
        var literals: Set<[UInt8]> = []
        var byPrefix: [[UInt8]: [Glob]] = [:]
        var depths: Set<Int> = []
        for glob in globs {
            let segments = glob.compiledSegments
            guard seen.insert(segments).inserted else { continue }
            distinct.append(glob)
            let literalCount = segments.prefix { !Glob.isWildcard($0) }.count
            if literalCount == segments.count {
                literals.insert(Self.joinedBytes(segments[...]))
            } else {
                byPrefix[Self.joinedBytes(segments.prefix(literalCount)), default: []].append(glob)
                depths.insert(literalCount)
            }
        }
        self.globs = distinct
        self.literals = literals
        self.byPrefix = byPrefix
        prefixDepths = depths.sorted()
    }

    /// The first glob's position.
    package var startIndex: Int { globs.startIndex }
    /// The position past the last glob.
    package var endIndex: Int { globs.endIndex }
    /// The glob at a position.
    package subscript(position: Int) -> Glob { globs[position] }

    /// The number of distinct globs with a wildcard.
    package var wildcardCount: Int { byPrefix.values.reduce(0) { $0 + $1.count } }

    /// Whether a relative path (no leading `./`) matches any glob.
    package func matches(_ path: String) -> Bool {
        guard !globs.isEmpty else { return false }
        // (The path is as long as the system allows: its split is bounded too.)
        let components = Glob.components(path)
        if !literals.isEmpty, literals.contains(Self.joinedBytes(components[...])) { return true }
        for depth in prefixDepths {
            guard depth <= components.count else { break }
            guard let candidates = byPrefix[Self.joinedBytes(components.prefix(depth))] else { continue }
            if candidates.contains(where: { $0.matches(components: components) }) { return true }
        }
        return false
    }

    /// Segments joined with "/", as UTF-8.
    private static func joinedBytes(_ segments: ArraySlice<[Unicode.Scalar]>) -> [UInt8] {
        var text = String.UnicodeScalarView()
        for (index, segment) in segments.enumerated() {
            if index > 0 { text.append("/") }
            text.append(contentsOf: segment)
        }
        return Array(String(text).utf8)
    }
}
