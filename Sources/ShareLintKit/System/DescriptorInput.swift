#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a stream the caller holds open (standard input, a pipe), for a reader that
/// waits for its input: the C calls behind plain values. An interrupted call is retried.
package enum DescriptorInput {
    /// Waits until `descriptor` is readable or `milliseconds` pass (-1: no limit); true
    /// when it is readable (or at its end, which a read then tells).
    package static func waitForInput(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&request, 1, milliseconds)
            if result < 0 && errno == EINTR { continue }
            return result > 0
        }
    }

    /// Reads what is available, blocking until something is, into the start of `chunk`
    /// (at most its count); the number of bytes read, 0 at the end of the input or on an
    /// error.
    package static func readAvailable(_ descriptor: Int32, into chunk: inout [UInt8]) -> Int {
        while true {
            let n = chunk.withUnsafeMutableBytes { room in read(descriptor, room.baseAddress, room.count) }
            if n < 0 && errno == EINTR { continue }
            return max(n, 0)
        }
    }
}
