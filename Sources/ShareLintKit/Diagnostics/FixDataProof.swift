import YAMLSyntax

/// The second half of a fix's proof: the fixed text parses to the same data everywhere
/// but where the fixes stand. Linting the fixed text (`FixProof`) says no new problem
/// appeared; this says nothing else changed: no key added to, removed from or split out
/// of a mapping, no other value changed. A title `邀请好友，一起赚积分` in a flow mapping,
/// "fixed" to `邀请好友,一起赚积分`, would lint clean and be another document.
///
/// The two texts are parsed and their trees walked together. Where they differ, the
/// difference must lie inside a node of the original text that holds a fix: a renamed
/// key, a replaced or quoted value, a full-width character turned into the syntax it
/// stood for (a scalar that becomes a mapping, a flow list entry split in two). A mapping
/// never gains or loses a pair, but for the `schemaVersion: 1` a fix puts first in its
/// document. The fixes inside an unexplained difference (or, when none is, inside its
/// nearest enclosing node) are the ones blamed.
enum FixDataProof {
    /// The indexes of the fixes that change data beyond their own values; empty when the
    /// fixed text keeps the rest of the data. A text that does not parse cleanly before
    /// the fixes is not compared (the lint's proof alone holds there).
    static func unsafeFixes(_ fixes: [Fix], before: [UInt8], after: [UInt8]) -> Set<Int> {
        guard !fixes.isEmpty else { return [] }
        let old = YAMLDocumentReader.documents(in: before)
        guard old.allSatisfy({ $0.problems.isEmpty }) else { return [] }
        let new = YAMLDocumentReader.documents(in: after)
        var walk = Walk(fixes: fixes)
        guard old.count == new.count, new.allSatisfy({ $0.problems.isEmpty }) else {
            // A document added, lost or broken: blame every fix (the lint's proof names
            // structural problems; this is the net below it).
            return Set(fixes.indices)
        }
        for (a, b) in zip(old, new) {
            switch (a.root, b.root) {
            case (nil, nil): continue
            case (let x?, let y?):
                let inserts = fixes.contains { $0.inserts && $0.diagnostic.document == a.index }
                walk.compare(x, y, enclosing: [], insertsFirstPair: inserts)
            default:
                walk.blame(a.root?.range ?? b.root?.range ?? .fileStart, enclosing: [])
            }
        }
        return walk.blamed
    }

    private struct Walk {
        let fixes: [Fix]
        /// The fixes' indexes by where they start: each node finds the fixes inside it by
        /// a binary search, not a pass over them all (2,000 renames, 2,000 keys).
        private let byStart: [Int]
        var blamed: Set<Int> = []

        init(fixes: [Fix]) {
            self.fixes = fixes
            byStart = fixes.indices.sorted { fixes[$0].range.start < fixes[$1].range.start }
        }

        /// The fixes whose range lies inside `range`.
        func inside(_ range: SourceRange) -> [Int] {
            var low = 0, high = byStart.count
            while low < high {
                let middle = (low + high) / 2
                if fixes[byStart[middle]].range.start < range.start { low = middle + 1 } else { high = middle }
            }
            var found: [Int] = []
            for index in byStart[low...] {
                guard fixes[index].range.start <= range.end else { break }
                if fixes[index].range.end <= range.end { found.append(index) }
            }
            return found
        }

        /// A difference at `range`: explained when a fix lies inside it.
        func explains(_ range: SourceRange) -> Bool { !inside(range).isEmpty }

        /// An unexplained difference at `range`: the fixes inside it, or inside its nearest
        /// enclosing node that holds any.
        mutating func blame(_ range: SourceRange, enclosing: [SourceRange]) {
            for candidate in [range] + enclosing.reversed() {
                let found = inside(candidate)
                if !found.isEmpty {
                    blamed.formUnion(found)
                    return
                }
            }
            blamed.formUnion(fixes.indices)
        }

        mutating func compare(_ a: Node, _ b: Node, enclosing: [SourceRange], insertsFirstPair: Bool = false) {
            switch (a.content, b.content) {
            case (.scalar(let x), .scalar(let y)):
                if x != y, !explains(a.range) { blame(a.range, enclosing: enclosing) }
            case (.sequence(let x), .sequence(let y)):
                guard x.count == y.count else {
                    // A flow list entry split in two (a full-width comma fixed) stays inside the list.
                    if !explains(a.range) { blame(a.range, enclosing: enclosing) }
                    return
                }
                for (p, q) in zip(x, y) { compare(p, q, enclosing: enclosing + [a.range]) }
            case (.mapping(let x), .mapping(var y)):
                // The `schemaVersion: 1` a fix puts first is that fix's own pair.
                if insertsFirstPair, y.count == x.count + 1, y.first?.key.scalar?.value == "schemaVersion" { y.removeFirst() }
                guard x.count == y.count else {
                    // A key added, removed or split: never a fix's own value.
                    blame(a.range, enclosing: enclosing)
                    return
                }
                for (p, q) in zip(x, y) {
                    compare(p.key, q.key, enclosing: enclosing + [a.range])
                    compare(p.value, q.value, enclosing: enclosing + [a.range])
                }
            case (.invalid, .invalid):
                break
            default:
                // A scalar that became a mapping or a list (text turned into the syntax it
                // stood for) is the fix's own value when the fix is inside the scalar.
                if case .scalar = a.content, explains(a.range) { return }
                blame(a.range, enclosing: enclosing)
            }
        }
    }
}

extension Fix {
    /// Whether the fix inserts text (`schemaVersion: 1` put first) rather than replacing it.
    var inserts: Bool { bytes.isEmpty }
}
