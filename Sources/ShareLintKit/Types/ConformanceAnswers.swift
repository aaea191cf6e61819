/// Memoized conformance answers shared by copies of one registry, by parent and then
/// type (locked: the system registry is read by every worker thread).
final class ConformanceAnswers: Sendable {
    private let answers = Locked<[String: [String: Bool]]>([:])

    func lookup(_ type: String, _ parent: String) -> Bool? {
        answers.withLock { $0[parent]?[type] }
    }

    func record(_ type: String, _ parent: String, _ answer: Bool) {
        answers.withLock { $0[parent, default: [:]][type] = answer }
    }
}
