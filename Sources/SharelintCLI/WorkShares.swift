import Dispatch

/// Per-index results written by worker threads.
final class ResultBox<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ results: [(Int, Value)]) {
        lock.wait()
        for (index, result) in results { storage[index] = result }
        lock.signal()
    }

    var values: [Value] { storage.compactMap { $0 } }
}

/// The indexes `0..<count` split into one contiguous share per worker: a worker takes
/// chunks from the front of its own share, and once it is done, from the back of the
/// largest share left. Every index is handed out exactly once.
final class WorkShares: @unchecked Sendable {
    private var fronts: [Int]
    private var backs: [Int]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int, workers: Int) {
        let workers = max(workers, 1)
        fronts = (0..<workers).map { $0 * count / workers }
        backs = (0..<workers).map { ($0 + 1) * count / workers }
    }

    func take(worker: Int, chunk: Int) -> Range<Int>? {
        lock.wait()
        defer { lock.signal() }
        let chunk = max(chunk, 1)
        if worker < fronts.count, fronts[worker] < backs[worker] {
            let start = fronts[worker]
            fronts[worker] = min(backs[worker], start + chunk)
            return start..<fronts[worker]
        }
        guard let other = fronts.indices.max(by: { backs[$0] - fronts[$0] < backs[$1] - fronts[$1] }),
              fronts[other] < backs[other] else { return nil }
        let end = backs[other]
        backs[other] = max(fronts[other], end - chunk)
        return backs[other]..<end
    }
}
