/// A reference to an object that holds no reference count: making, copying and dropping
/// one run no code, where a strong reference costs an atomic increment and decrement each
/// time (docs/performance.md, "Unsafe code"). The value is plain data, so a struct holding it is too.
///
/// The rule: whoever makes one keeps the object alive for as long as anything reads
/// through it (`read` does not retain it).
struct UncountedReference<Object: AnyObject> {
    private let unmanaged: Unmanaged<Object>

    /// Names `object` without retaining it.
    @inline(__always)
    init(_ object: Object) { unmanaged = .passUnretained(object) }

    /// Lends the object to `body` (no retain, no release).
    @inline(__always)
    func read<Result>(_ body: (Object) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// Keeps the object alive for the rest of the process (one retain, never released), so
    /// this reference and its copies stay valid with no owner: for tables made once and
    /// read by every document (`UTTypeRegistry.system`).
    func keepForever() {
        _ = unmanaged.retain()
    }
}

/// Shared between threads as the object is.
extension UncountedReference: Sendable where Object: Sendable {}
