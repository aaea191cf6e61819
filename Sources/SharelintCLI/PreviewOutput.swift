import Dispatch

/// The preview page on its way out: pieces gathered up to 64 KiB, then handed to `send`
/// (standard output, or the temporary file of `--output`), so the page is never held
/// whole; past `limit` bytes in all it throws `PageTooLarge` before sending the piece
/// that would cross it.
final class PageOutput {
    /// The page would be larger than the limit.
    struct PageTooLarge: Error {}

    /// The size of the pieces handed on.
    static let pieceSize = 1 << 16

    /// The most bytes the page may have.
    let limit: Int
    /// Bytes appended so far (sent or pending).
    private(set) var count = 0
    private var pending = ""
    private let send: (String) throws -> Void

    /// Creates an output that hands its pieces to `send`.
    init(limit: Int, send: @escaping (String) throws -> Void) {
        self.limit = limit
        self.send = send
    }

    /// Appends text to the page; sends what is pending once it reaches a piece's size.
    func append(_ text: String) throws {
        let size = text.utf8.count
        guard size <= limit - count else { throw PageTooLarge() }
        count += size
        pending += text
        if pending.utf8.count >= Self.pieceSize { try flush() }
    }

    /// Sends what is pending.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let piece = pending
        pending = ""
        try send(piece)
    }
}

/// A progress line on standard error while a long page is written: nothing for the first
/// second, then "N of M files, X MiB written" rewritten in place (a carriage return) at
/// most once a second, and a last line with a line break when done. Shown only when
/// standard error is a terminal (as git and curl do): a log or a pipe gets no progress.
struct ProgressLine {
    /// The number of files in the page.
    let total: Int
    private let show: (String) -> Void
    private let clock: () -> UInt64
    /// When the next line may be shown, in the clock's nanoseconds.
    private var nextLineAt: UInt64
    private var shown = false

    /// The time before the first line and between lines.
    static let interval: UInt64 = 1_000_000_000

    /// Creates a progress line; `clock` gives monotonic nanoseconds (the system's by default).
    init(total: Int, show: @escaping (String) -> Void, clock: @escaping () -> UInt64 = { DispatchTime.now().uptimeNanoseconds }) {
        self.total = total
        self.show = show
        self.clock = clock
        nextLineAt = clock() + Self.interval
    }

    /// Notes that `filesDone` files and `bytes` bytes are written; shows a line when it is time.
    mutating func update(filesDone: Int, bytes: Int) {
        let now = clock()
        guard now >= nextLineAt else { return }
        nextLineAt = now + Self.interval
        shown = true
        show("\r" + Self.line(filesDone: filesDone, total: total, bytes: bytes))
    }

    /// Ends the line with the final count, when a line was shown.
    mutating func finish(bytes: Int) {
        guard shown else { return }
        shown = false
        show("\r" + Self.line(filesDone: total, total: total, bytes: bytes) + ", done\n")
    }

    /// Ends a line shown, before a message on standard error.
    mutating func abandon() {
        guard shown else { return }
        shown = false
        show("\n")
    }

    /// "sharelint: preview: 1200 of 14000 files, 35.2 MiB written"
    static func line(filesDone: Int, total: Int, bytes: Int) -> String {
        let tenths = bytes * 10 / (1 << 20)
        return "sharelint: preview: \(filesDone) of \(total) files, \(tenths / 10).\(tenths % 10) MiB written"
    }
}
