import ShareLintKit

/// The indexes `0..<count` split into one contiguous share per worker: a worker takes
/// chunks from the front of its own share, and once it is done, from the back of the
/// largest share left. Every index is handed out exactly once.
final class WorkShares: Sendable {
    /// Each share's next index and end.
    private struct Shares {
        var fronts: [Int]
        var backs: [Int]
    }
    private let shares: Locked<Shares>

    init(count: Int, workers: Int) {
        let workers = max(workers, 1)
        shares = Locked(Shares(fronts: (0..<workers).map { $0 * count / workers },
                               backs: (0..<workers).map { ($0 + 1) * count / workers }))
    }

    /// The next indexes for `worker`: at most `chunk`, and fewer as a share runs out (a
    /// quarter of what is left in it), so the workers end close together.
    func take(worker: Int, chunk: Int) -> Range<Int>? {
        shares.withLock { shares in
            func size(_ share: Int) -> Int { max(1, min(chunk, (shares.backs[share] - shares.fronts[share]) / 4)) }
            if worker < shares.fronts.count, shares.fronts[worker] < shares.backs[worker] {
                let start = shares.fronts[worker]
                shares.fronts[worker] = min(shares.backs[worker], start + size(worker))
                return start..<shares.fronts[worker]
            }
            guard let other = shares.fronts.indices.max(by: { shares.backs[$0] - shares.fronts[$0] < shares.backs[$1] - shares.fronts[$1] }),
                  shares.fronts[other] < shares.backs[other] else { return nil }
            let end = shares.backs[other]
            shares.backs[other] = max(shares.fronts[other], end - size(other))
            return shares.backs[other]..<end
        }
    }
}
