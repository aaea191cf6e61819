/// Path globs of `.sharelint.yml`: `**` matches any number of directories, `*` any
/// characters within one name, `?` one character. Paths use `/`.
package struct Glob: Sendable, Hashable {
    /// The pattern as written.
    package let pattern: String
    /// The pattern's segments as scalars, split once (`**` kept as its own segment).
    private let segments: [[Unicode.Scalar]]
    /// The leading segments without wildcards, with a trailing "/": a path that does not
    /// start with it cannot match (most paths are rejected by this alone).
    private let literalPrefix: String

    /// Creates a glob.
    package init(_ pattern: String) {
        self.pattern = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true)
        let segments = parts.map { Array($0.unicodeScalars) }
        self.segments = segments
        // (Over the scalars, not the characters of the parts: a large list is compiled at once.)
        let literalCount = segments.prefix { !Self.isWildcard($0) }.count
        let literal = parts.prefix(literalCount).dropLast(literalCount == segments.count ? 1 : 0)
        literalPrefix = literal.isEmpty ? "" : literal.joined(separator: "/") + "/"
    }

    private static let globstar: [Unicode.Scalar] = ["*", "*"]

    /// Whether a relative path (no leading `./`) matches.
    package func matches(_ path: String) -> Bool {
        if !literalPrefix.isEmpty && !path.hasPrefix(literalPrefix) { return false }
        return Self.match(segments[...], Self.components(path)[...])
    }

    /// A path's components as scalars, as `matches(components:)` takes them: split once
    /// for every glob of a `GlobSet`.
    static func components(_ path: String) -> [[Unicode.Scalar]] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
    }

    /// Whether a path split by `components` matches.
    func matches(components: [[Unicode.Scalar]]) -> Bool {
        Self.match(segments[...], components[...])
    }

    /// The pattern's segments (without a leading `./`, `**` as its own).
    var compiledSegments: [[Unicode.Scalar]] { segments }

    /// Whether a segment holds a wildcard (`*` or `?`).
    static func isWildcard(_ segment: [Unicode.Scalar]) -> Bool {
        segment.contains("*") || segment.contains("?")
    }

    /// Matches segment by segment in one pass over the pattern, keeping the set of path
    /// positions reachable so far: O(pattern segments x path components) name matches,
    /// however many `**` there are (trying every split per `**` backtracked
    /// exponentially).
    private static func match(_ pattern: ArraySlice<[Unicode.Scalar]>, _ path: ArraySlice<[Unicode.Scalar]>) -> Bool {
        let parts = Array(path)
        var reachable = [Bool](repeating: false, count: parts.count + 1)
        reachable[0] = true
        for segment in pattern {
            var next = [Bool](repeating: false, count: parts.count + 1)
            if segment == globstar {
                // `**` matches zero or more whole components.
                var any = false
                for j in 0...parts.count {
                    any = any || reachable[j]
                    next[j] = any
                }
            } else {
                for j in 0..<parts.count where reachable[j] && matchName(segment[...], parts[j][...]) { next[j + 1] = true }
            }
            reachable = next
            if !reachable.contains(true) { return false }
        }
        return reachable[parts.count]
    }

    private static func matchName(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        // Iterative wildcard matching with backtracking to the last `*`.
        var p = pattern.startIndex, n = name.startIndex
        var star: Int?, starName = 0
        while n < name.endIndex {
            if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1; n += 1
            } else if p < pattern.endIndex, pattern[p] == "*" {
                star = p; starName = n; p += 1
            } else if let s = star {
                p = s + 1; starName += 1; n = starName
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
