import Dispatch

/// `map` over an array on up to `jobs` threads, results in the input's order: each thread
/// takes every `jobs`-th element and writes only its own slots.
enum ParallelMap {
    static func map<Element: Sendable, Result: Sendable>(_ elements: [Element], jobs: Int,
                                                          _ transform: @Sendable (Element) -> Result) -> [Result] {
        let workers = max(1, min(jobs, elements.count))
        guard workers > 1 else { return elements.map(transform) }
        let slots = ResultSlots<Result>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var index = worker
            while index < elements.count {
                slots.set(index, transform(elements[index]))
                index += workers
            }
        }
        return slots.takeValues()
    }
}
