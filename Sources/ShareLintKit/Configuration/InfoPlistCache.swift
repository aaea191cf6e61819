/// Info.plists already parsed, for a process that lints again and again (the language
/// server): each is kept with the stamp its file had (`FileStamp`: size, modification
/// time, inode) and parsed again only when the stamp changes, so opening fifty documents
/// parses a 4 MiB plist once, not fifty times. The stamp is taken before the file is
/// read, so a change during the read shows as a new stamp next time. What is kept is what
/// `InfoPlistFacts` reads, or why the plist is not a property list; a file that cannot be
/// read is not kept. At most `capacity` paths are kept (past it, all are dropped).
package final class InfoPlistCache: Sendable {
    /// The most Info.plists kept.
    static let capacity = 16

    private struct Entry {
        var stamp: FileStamp
        var outcome: Result<InfoPlistFacts, PropertyList.Failure>
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var parses = 0
    }

    private let state = Locked(State())

    /// An empty cache.
    package init() {}

    /// How many times a plist has been parsed through this cache.
    var parses: Int { state.withLock { $0.parses } }

    /// The facts of the plist at `path` (shown as `shownPath`): the kept ones while the
    /// file's stamp is the one they were read with, else those of the bytes `read` gives.
    func facts(at path: String, shownAs shownPath: String, read: () throws -> [UInt8]) throws -> InfoPlistFacts {
        let stamp = FileStamp.of(path)
        if stamp.exists, let kept = state.withLock({ $0.entries[path] }), kept.stamp == stamp {
            var facts = try kept.outcome.get()
            facts.path = shownPath
            return facts
        }
        let bytes = try read()
        let outcome = Result { () throws(PropertyList.Failure) in try Self.parse(bytes, shownAs: shownPath) }
        state.withLock { state in
            state.parses += 1
            guard stamp.exists else { return }
            if state.entries[path] == nil, state.entries.count >= Self.capacity { state.entries.removeAll() }
            state.entries[path] = Entry(stamp: stamp, outcome: outcome)
        }
        return try outcome.get()
    }

    private static func parse(_ bytes: [UInt8], shownAs shownPath: String) throws(PropertyList.Failure) -> InfoPlistFacts {
        do {
            return try InfoPlistFacts(path: shownPath, bytes: bytes)
        } catch let failure as PropertyList.Failure {
            throw failure
        } catch {
            throw PropertyList.Failure(description: "\(error)")
        }
    }
}
