/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
    /// The candidate nearest to `word`, when it is close enough to be a likely typo.
    package static func nearest<S: Sequence>(to word: String, in candidates: S) -> String? where S.Element == String {
        guard word.utf8.count <= longestWord else { return nil }
        var comparisons = 0
        return closest(to: Array(word.lowercased().unicodeScalars),
                       in: candidates.lazy.map { ($0, Array($0.lowercased().unicodeScalars)) },
                       allowed: typoAllowance, comparisons: &comparisons).match?.name
    }

    /// The edits a typo may hold between a word and a candidate: one per three scalars of
    /// the shorter, at least one.
    static func typoAllowance(_ word: Int, _ candidate: Int) -> Int { max(1, min(word, candidate) / 3) }

    /// The one nearest-match loop: the first of `candidates` (each with its lowered
    /// scalars) at the smallest distance from `word` within `allowed(word, candidate)`
    /// edits (lengths further apart are not compared). Each comparison counts in
    /// `comparisons`; past `budget` the loop stops with what it found (`exhausted`).
    static func closest<C: Sequence>(to word: [Unicode.Scalar], in candidates: C, allowed: (Int, Int) -> Int,
                                     comparisons: inout Int, budget: Int = .max) -> (match: (name: String, distance: Int)?, exhausted: Bool)
    where C.Element == (String, [Unicode.Scalar]) {
        var best: (name: String, distance: Int)?
        for (candidate, other) in candidates {
            let allowance = allowed(word.count, other.count)
            guard abs(word.count - other.count) <= allowance else { continue }
            comparisons += 1
            if comparisons > budget { return (best, true) }
            let distance = editDistance(word, other, limit: allowance)
            if distance <= allowance, best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return (best, false)
    }

    /// The longest word (in UTF-8 bytes) that gets a suggestion: a longer one is no typo
    /// of a name, and comparing it would cost its length squared per candidate.
    package static let longestWord = 256

    /// The most candidates compared with one word: past it the nearest found so far is
    /// used, so suggestions against a huge `types` list stay bounded.
    package static let comparisonBudget = 500
    /// The most comparisons one index makes over all its words: past it, no more
    /// suggestions (the diagnostics stay; only the "did you mean" goes).
    package static let totalBudget = 50_000

    /// Suggestions from one large candidate list, built once and asked many times:
    /// candidates bucketed by length (only lengths within the allowed edits are looked
    /// at, nearest lengths first), at most `comparisonBudget` comparisons per word, and
    /// each word answered once.
    package struct Index {
        private let candidates: [(String, [Unicode.Scalar])]
        private var byLength: [Int: [(String, [Unicode.Scalar])]] = [:]
        private var answers: [String: String?] = [:]
        private var spent = 0
        /// The longest candidate (in scalars): a word much longer has none within reach.
        private let longest: Int

        /// Indexes the candidates.
        package init<S: Sequence>(_ candidates: S) where S.Element == String {
            self.candidates = candidates.map { ($0, Array($0.lowercased().unicodeScalars)) }
            longest = self.candidates.map(\.1.count).max() ?? 0
            guard self.candidates.count > comparisonBudget else { return }
            for candidate in self.candidates { byLength[candidate.1.count, default: []].append(candidate) }
        }

        /// The candidate nearest to `word`, when it is close enough to be a likely typo.
        package mutating func nearest(to word: String) -> String? {
            if let known = answers[word] { return known }
            guard spent < totalBudget, word.utf8.count <= longestWord else { return nil }
            let answer: String?
            let lowered = Array(word.lowercased().unicodeScalars)
            // A candidate of length L is within reach of at most L + max(1, L / 3) scalars.
            if lowered.count > longest + max(1, longest / 3) {
                answers[word] = .some(nil)
                return nil
            }
            if candidates.count <= comparisonBudget {
                // In the candidates' order, as `Suggestions.nearest` does.
                answer = closest(to: lowered, in: candidates, allowed: typoAllowance, comparisons: &spent).match?.name
            } else {
                // Nearest lengths first, at most `comparisonBudget` comparisons in all.
                var best: (name: String, distance: Int)?
                var comparisons = 0
                search: for delta in 0...max(1, lowered.count / 3) {
                    for length in Set([lowered.count - delta, lowered.count + delta]) where length >= 0 {
                        let found = closest(to: lowered, in: byLength[length] ?? [], allowed: typoAllowance,
                                            comparisons: &comparisons, budget: comparisonBudget)
                        if let match = found.match, best == nil || match.distance < best!.distance { best = match }
                        if found.exhausted { break search }
                    }
                }
                answer = best?.name
                spent += comparisons
            }
            answers[word] = answer
            return answer
        }
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit, computed in
    /// the band of cells within `limit` of the diagonal (O(length x limit)); a distance
    /// above `limit` is returned as `limit + 1`. Stops early once every entry of two
    /// rows exceeds it (the distance can only grow from there).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // The distance is at most the longer length: a larger limit changes nothing.
        let limit = max(0, min(limit, max(a.count, b.count)))
        if abs(a.count - b.count) > limit { return limit + 1 }
        let cap = limit + 1
        var previous2 = [Int](repeating: cap, count: b.count + 1)
        var previous = (0...b.count).map { min($0, cap) }
        var current = [Int](repeating: cap, count: b.count + 1)
        var previousMinimum = 0
        for i in 1...a.count {
            // Cells outside the band are at least `cap`; the two just outside it are
            // written as such, as the next rows read them.
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[0] = min(i, cap)
            if low > 1 { current[low - 1] = cap }
            var minimum = current[0]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                value = min(value, cap)
                current[j] = value
                minimum = min(minimum, value)
            }
            if high < b.count { current[high + 1] = cap }
            // With transpositions a row may dip one below its minimum two rows on, so
            // stop only when this row and the one before both exceed the limit.
            if i > 1, minimum > limit, previousMinimum > limit { return cap }
            previousMinimum = minimum
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
