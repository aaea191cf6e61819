/// The facts of the paths one file's documents refer to, kept for the whole file. A file
/// is linted on one thread and its directory is fixed, so a path's facts are found by the
/// path's bytes alone, without the run-wide cache's lock and its hashing of directory and
/// path (`FileInspector`, about 1,600 instructions a lookup; this is about 150). Paths are
/// compared as bytes (`PathBytes`), like the run-wide cache's keys.
///
/// An open-addressing table of indexes into the paths known, hashed with FNV-1a over the
/// path's bytes and doubled past half full: a file may refer to thousands of paths
/// (`HostileScalingTests.testManyReferencedFilesAreLinear`). One thread, no overlapping
/// access: its properties skip the dynamic exclusivity check, like the model's.
final class PathFacts: @unchecked Sendable {
    /// The run-wide cache asked for a path seen first.
    let files: FileInspector
    /// The directory of the file's documents, which their paths are relative to.
    let directory: String

    private struct Known {
        var path: String
        /// The path's hash, compared before its bytes.
        var hash: Int
        var facts: FileFacts
    }
    @exclusivity(unchecked) private var known: [Known] = []
    /// Indexes into `known`, -1 for an empty slot; the count is a power of two.
    @exclusivity(unchecked) private var slots = [Int32](repeating: -1, count: 16)

    init(files: FileInspector, directory: String) {
        self.files = files
        self.directory = directory
    }

    /// The facts of `path`, written in one of the file's documents.
    func facts(_ path: String) -> FileFacts {
        var query = path
        // The hash and the search over the query's bytes, taken once; a known path is
        // compared as bytes only when its hash is the same.
        let (hash, found, free) = query.withUTF8 { bytes -> (Int, FileFacts?, Int) in
            let hash = Self.hash(bytes)
            let mask = slots.count - 1
            var slot = hash & mask
            while slots[slot] >= 0 {
                let k = Int(slots[slot])
                if known[k].hash == hash, PathBytes.equal(known[k].path, bytes) { return (hash, known[k].facts, slot) }
                slot = (slot + 1) & mask
            }
            return (hash, nil, slot)
        }
        if let found { return found }
        let facts = files.facts(path, relativeTo: directory)
        known.append(Known(path: path, hash: hash, facts: facts))
        slots[free] = Int32(truncatingIfNeeded: known.count - 1)
        if 2 * known.count > slots.count { grow() }
        return facts
    }

    /// Doubles the table and puts every known path back.
    private func grow() {
        var table = [Int32](repeating: -1, count: 2 * slots.count)
        let mask = table.count - 1
        for k in known.indices {
            var slot = known[k].hash & mask
            while table[slot] >= 0 { slot = (slot + 1) & mask }
            table[slot] = Int32(truncatingIfNeeded: k)
        }
        slots = table
    }

    /// FNV-1a over the bytes, folded so the low bits depend on all of them.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }
}
