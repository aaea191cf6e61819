/// Copies `count` bytes from `source` to `destination` (which must not overlap), eight at
/// a time, in Swift: the scalars' text into a flat document and the loader's values into
/// their storage (most of them under 32 bytes). The C library's `memmove` did the same
/// in about as many instructions, but the stream ran faster without it
/// (docs/performance.md, "The figures behind the code").
@inline(never)
package func copyBytes(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
    let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(destination)
    if count >= 8 {
        var i = 0
        while i + 8 < count {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i, as: UInt64.self)
            i += 8
        }
        // The last eight bytes, overlapping what the loop wrote when `count` is not a
        // multiple of eight.
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
    } else if count >= 4 {
        to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
        to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
    } else {
        for i in 0..<count { destination[i] = source[i] }
    }
}
