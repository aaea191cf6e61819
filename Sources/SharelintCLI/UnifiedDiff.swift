import ShareLintKit

/// A unified diff of one file, as `diff -u` and `patch` read it: lines end at LF (a CR
/// before it is part of the line, so a CRLF file's diff applies to it), the shortest
/// edit script (Myers), hunks with three lines of context, and `\ No newline at end of
/// file` where the last line has no break. Lines are compared as bytes. The file name
/// is shown with `TerminalText`; the lines themselves only when the diff goes to a
/// terminal (piped, they stay the file's bytes, so `patch` applies them).
enum UnifiedDiff {
    /// Lines of context around each change.
    static let context = 3
    /// Past this many changed lines the diff is one hunk over the changed region (the
    /// edit script's cost grows with the square of the changes).
    static let maximumEdits = 2_000

    private enum Operation: Equatable { case same, removed, added }

    static func render(path: String, old: [UInt8], new: [UInt8], forTerminal: Bool = false) -> String {
        let a = lines(old), b = lines(new)
        let script = editScript(a, b)
        let name = TerminalText.visible(path)
        var out = "--- a/\(name)\n+++ b/\(name)\n"
        // Group the script into hunks: changes closer than twice the context share one.
        var i = 0
        while i < script.count {
            guard script[i].op != .same else { i += 1; continue }
            let start = max(0, i - context)
            var end = i
            var lastChange = i
            while end < script.count, end - lastChange <= 2 * context {
                if script[end].op != .same { lastChange = end }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let oldCount = hunk.filter { $0.op != .added }.count, newCount = hunk.filter { $0.op != .removed }.count
            let oldStart = script[start].oldLine, newStart = script[start].newLine
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                let (marker, line, isLast) = step.op == .added ? ("+", b[step.newLine], step.newLine == b.count - 1 && !ends(new))
                    : (step.op == .removed ? "-" : " ", a[step.oldLine], step.oldLine == a.count - 1 && !ends(old))
                let text = String(decoding: line, as: UTF8.self)
                out += marker + (forTerminal ? TerminalText.visible(text) : text) + "\n"
                if isLast { out += "\\ No newline at end of file\n" }
            }
            i = end
        }
        return out
    }

    /// `start,count` of a hunk side (an empty side names the line before it).
    private static func range(_ start: Int, _ count: Int) -> String {
        "\(count == 0 ? start : start + 1),\(count)"
    }

    private static func ends(_ bytes: [UInt8]) -> Bool { bytes.last == 0x0A }

    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if ends(bytes) || bytes.isEmpty { result.removeLast() }
        return result
    }

    private struct Step { var op: Operation; var oldLine: Int; var newLine: Int }

    /// The shortest edit script from `a` to `b` (Myers' O(ND) algorithm, after the common
    /// start and end are set aside); every line of both appears once, in order.
    private static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let n = a.count - prefix - suffix, m = b.count - prefix - suffix
        var steps = (0..<prefix).map { Step(op: .same, oldLine: $0, newLine: $0) }
        let middle = myers(n, m, maximum: maximumEdits) { a[prefix + $0] == b[prefix + $1] }
            ?? (0..<n).map { _ in Operation.removed } + (0..<m).map { _ in Operation.added }
        var x = prefix, y = prefix
        for op in middle {
            steps.append(Step(op: op, oldLine: x, newLine: y))
            if op != .added { x += 1 }
            if op != .removed { y += 1 }
        }
        for k in 0..<suffix { steps.append(Step(op: .same, oldLine: a.count - suffix + k, newLine: b.count - suffix + k)) }
        return steps
    }

    /// Myers' greedy shortest edit script between sequences of `n` and `m` elements; nil
    /// when it needs more than `maximum` edits.
    private static func myers(_ n: Int, _ m: Int, maximum: Int, equal: (Int, Int) -> Bool) -> [Operation]? {
        let limit = min(n + m, maximum)
        // trace[d][k + d]: the furthest x on diagonal k after d edits.
        var trace: [[Int]] = []
        var previous: [Int] = []
        var found = false
        for d in 0...limit {
            var v = [Int](repeating: 0, count: 2 * d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if d == 0 {
                    x = 0
                } else if k == -d || (k != d && previous[k - 1 + d - 1] < previous[k + 1 + d - 1]) {
                    x = previous[k + 1 + d - 1]
                } else {
                    x = previous[k - 1 + d - 1] + 1
                }
                var y = x - k
                while x < n, y < m, equal(x, y) { x += 1; y += 1 }
                v[k + d] = x
                if x >= n && y >= m { found = true }
            }
            trace.append(v)
            previous = v
            if found { break }
        }
        guard found else { return nil }
        // Back from (n, m): each edit, then the run of equal lines before it.
        var ops: [Operation] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let k = x - y
            if d == 0 {
                ops += Array(repeating: .same, count: x)
                break
            }
            let before = trace[d - 1]
            let down = k == -d || (k != d && before[k - 1 + d - 1] < before[k + 1 + d - 1])
            let previousK = down ? k + 1 : k - 1
            let previousX = before[previousK + d - 1], previousY = previousX - previousK
            while x > previousX, y > previousY { ops.append(.same); x -= 1; y -= 1 }
            ops.append(down ? .added : .removed)
            (x, y) = (previousX, previousY)
        }
        return ops.reversed()
    }
}
