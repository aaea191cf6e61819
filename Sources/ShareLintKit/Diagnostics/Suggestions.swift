/// "Did you mean" suggestions by edit distance.
public enum Suggestions {
    /// The candidate nearest to `word`, when it is close enough to be a likely typo.
    public static func nearest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        let lowered = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased().unicodeScalars)
            let allowed = max(1, min(lowered.count, other.count) / 3)
            // Lengths further apart than the allowed edits cannot be close enough.
            guard abs(lowered.count - other.count) <= allowed else { continue }
            let distance = editDistance(lowered, other)
            if distance <= allowed, best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
