/// A growable run of plain values (`BitwiseCopyable`: nothing to retain or release) in
/// memory it allocates itself, read and written through checked indexes. Emptying it is a
/// count set to zero, and growing it copies bytes.
///
/// Not a Swift array: the loader's written keys (`WrittenKeys`, appended a dozen times a
/// document) held in an array took more instructions (docs/decisions.md). A class
/// itself, not a noncopyable struct stored in one: the struct's `append`, which may call
/// `grow`, made every read of the stored struct check exclusivity at run time
/// (`swift_beginAccess` in the loader's key lookups); this class's own properties need
/// no such check.
final class PlainValueBuffer<Element: BitwiseCopyable> {
    private var start: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of values written.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` values.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The value at `index`, which must be in `0..<count`.
    @inline(__always)
    subscript(index: Int) -> Element {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "a value read past those written")
        return start[index]
    }

    /// Adds `value` at the end, doubling the room when it is full.
    @inline(__always)
    func append(_ value: Element) {
        if count == capacity { grow() }
        (start + count).initialize(to: value)
        count += 1
    }

    /// Drops the values from `index` on.
    func removeLast(from index: Int) {
        count = min(count, max(index, 0))
    }

    /// Drops every value, keeping the memory unless it has room for more than `largest`
    /// values: then it starts again with room for `capacity`.
    func removeAll(shrinkingAbove largest: Int, to capacity: Int) {
        count = 0
        guard self.capacity > largest else { return }
        start.deallocate()
        self.capacity = max(capacity, 1)
        start = .allocate(capacity: self.capacity)
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: start, count: count)
        start.deallocate()
        start = larger
        capacity *= 2
    }
}
