internal import CZlib

/// The zlib functions sharelint uses: CRC-32 and a streaming inflate. The only file that
/// imports CZlib.
enum Zlib {
    /// The CRC-32 of bytes (as in PNG chunks).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }

    /// What feeding input to an inflater led to.
    enum FeedResult {
        /// The input is used up; more is needed.
        case more
        /// The compressed stream ended.
        case end
        /// The sink asked to stop.
        case stopped
        /// The data is not a valid zlib stream.
        case failed(String)
    }

    /// A zlib stream being inflated piece by piece into a fixed 64 KiB buffer. The
    /// `z_stream` lives at a fixed address (zlib checks it), freed with the inflater.
    final class Inflater {
        private let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        private let output = UnsafeMutablePointer<UInt8>.allocate(capacity: 64 * 1024)
        private let outputSize = 64 * 1024
        private let ready: Bool
        /// How many bytes were inflated so far.
        private(set) var totalOut = 0

        init() {
            stream.initialize(to: z_stream())
            ready = inflateInit_(stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        }

        deinit {
            if ready { inflateEnd(stream) }
            stream.deinitialize(count: 1)
            stream.deallocate()
            output.deallocate()
        }

        /// Inflates `input`, handing each inflated piece to `sink` (which returns false to stop).
        func feed(_ input: [UInt8], _ sink: (ByteView) -> Bool) -> FeedResult {
            guard ready else { return .failed("zlib could not start") }
            guard !input.isEmpty else { return .more }
            return input.withUnsafeBufferPointer { buffer -> FeedResult in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: buffer.baseAddress)
                stream.pointee.avail_in = uInt(buffer.count)
                while true {
                    stream.pointee.next_out = output
                    stream.pointee.avail_out = uInt(outputSize)
                    let status = inflate(stream, Z_NO_FLUSH)
                    let produced = outputSize - Int(stream.pointee.avail_out)
                    totalOut += produced
                    if produced > 0, !sink(ByteView(UnsafeBufferPointer(start: output, count: produced))) { return .stopped }
                    if status == Z_STREAM_END { return .end }
                    if status != Z_OK && status != Z_BUF_ERROR {
                        return .failed(stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)")
                    }
                    if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return .more }
                    if status == Z_BUF_ERROR && produced == 0 { return .more }
                }
            }
        }
    }
}
