import ShareLintKit

/// Reads LSP base-protocol frames (`Content-Length: N\r\n\r\n` then N bytes of JSON)
/// from a file descriptor, with bounded memory: a header block longer than 8 KiB, a
/// header without a valid Content-Length, and a body larger than the limit are reported
/// as framing errors and skipped (a refused body is read and thrown away, never kept),
/// and reading resumes at the next `Content-Length:`.
final class MessageReader {
    /// What the reader found.
    enum Event: Equatable {
        /// A message's body.
        case message([UInt8])
        /// Bytes that are not a valid frame; reading goes on after them.
        case framingError(String)
    }

    /// The longest header block accepted.
    static let maxHeaderBytes = 8 * 1024
    private static let contentLength = Array("Content-Length:".utf8)
    private static let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]

    private let fd: Int32
    /// The largest body accepted.
    let maxContentLength: Int
    private var buffer: [UInt8] = []
    private var head = 0
    /// Bytes of a refused body still to throw away.
    private var skipping = 0
    /// Whether the input has ended.
    private(set) var atEnd = false
    private var reportedTruncation = false

    init(fd: Int32, maxContentLength: Int) {
        self.fd = fd
        self.maxContentLength = maxContentLength
    }

    /// Waits until input is readable or `milliseconds` pass (-1: no limit); true when readable.
    func waitForInput(milliseconds: Int32) -> Bool {
        DescriptorInput.waitForInput(fd, milliseconds: milliseconds)
    }

    /// Reads what is available (blocking until something is, or the input ends).
    func fill() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = DescriptorInput.readAvailable(fd, into: &chunk)
        if n == 0 { atEnd = true; return }
        var taken = 0
        if skipping > 0 {
            taken = min(skipping, n)
            skipping -= taken
        }
        if taken < n { buffer.append(contentsOf: chunk[taken..<n]) }
    }

    /// Whether unread bytes may hold another event.
    var hasPendingBytes: Bool { head < buffer.count }

    /// The next complete event in what was read, or nil when more input is needed.
    func next() -> Event? {
        compact()
        if skipping > 0 {
            let taken = min(skipping, buffer.count - head)
            skipping -= taken
            head += taken
            if skipping > 0 { return nil }
        }
        // Blank lines between messages are tolerated.
        while head < buffer.count, buffer[head] == 0x0D || buffer[head] == 0x0A { head += 1 }
        guard head < buffer.count else { return nil }
        guard let end = find(Self.separator, from: head, limit: Self.maxHeaderBytes + 4) else {
            if buffer.count - head > Self.maxHeaderBytes {
                resynchronize(after: head)
                return .framingError("a header longer than \(Self.maxHeaderBytes) bytes, or bytes that are not a header")
            }
            if atEnd { return truncated() }
            return nil
        }
        let headerText = String(decoding: buffer[head..<end], as: UTF8.self)
        var length: Int?
        var problem: String?
        for line in headerText.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else { problem = "a header line without ':'"; break }
            let name = line[..<colon]
            // (Trimmed here, not with a helper of another file: the fuzz target compiles
            // this file with the JSON reader alone.)
            let value = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }.reversed()
                .drop { $0 == " " || $0 == "\t" }.reversed())
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                problem = "a header line that is not 'Name: value'"
                break
            }
            if name.lowercased() == "content-length" {
                guard let number = Int(value), number >= 0 else { problem = "Content-Length '\(value)' is not a number of bytes"; break }
                length = number
            }
        }
        if let problem {
            // The next message may start inside the bad block; else it starts after it.
            if let next = find(Self.contentLength, from: head + 1, limit: end - head) { head = next } else { head = end + 4 }
            return .framingError(problem)
        }
        guard let length else {
            // Garbage glued to the front of a header hides its name: look inside the block.
            if let next = find(Self.contentLength, from: head + 1, limit: end - head) { head = next } else { head = end + 4 }
            return .framingError("a header without Content-Length")
        }
        let bodyStart = end + 4
        if length > maxContentLength {
            head = bodyStart
            skipping = length
            return .framingError("Content-Length \(length) is larger than the limit of \(maxContentLength) bytes; the message is skipped")
        }
        guard buffer.count - bodyStart >= length else {
            if atEnd { return truncated() }
            return nil
        }
        head = bodyStart + length
        return .message(Array(buffer[bodyStart..<head]))
    }

    private func truncated() -> Event? {
        head = buffer.count
        guard !reportedTruncation else { return nil }
        reportedTruncation = true
        return .framingError("the input ended inside a message")
    }

    /// Moves past bad bytes to the next `Content-Length:` (or drops them all).
    private func resynchronize(after start: Int) {
        if let next = find(Self.contentLength, from: start + 1, limit: Int.max) {
            head = next
        } else {
            // Keep a tail that may be the start of a split "Content-Length:".
            head = max(start + 1, buffer.count - Self.contentLength.count)
        }
    }

    private func find(_ needle: [UInt8], from start: Int, limit: Int) -> Int? {
        let last = limit >= buffer.count - start ? buffer.count - needle.count : min(buffer.count - needle.count, start + limit)
        guard start <= last else { return nil }
        var i = start
        while i <= last {
            if buffer[i] == needle[0] {
                var j = 1
                while j < needle.count && buffer[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private func compact() {
        if head > 0 && (head == buffer.count || head > 65536) {
            buffer.removeFirst(head)
            head = 0
        }
    }
}

/// Writes LSP frames.
struct MessageWriter {
    var write: (String) -> Void

    func send(_ message: JSONValue) {
        let body = message.serialized()
        write("Content-Length: \(body.utf8.count)\r\n\r\n" + body)
    }
}
