import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ShareLintKit

/// Expands the PATHs of the command line into the share files to lint.
struct FileCollector {
    /// One input: a file on disk or standard input.
    enum Input: Hashable {
        /// A share file, reported as `path` and opened from `location`.
        case file(path: String, location: FileLocation)
        case standardInput
        /// A directory met in a walk that could not be read.
        case unreadable(path: String, reason: Message)
    }

}

extension FileCollector.Input {
    /// The path reported for the input.
    var path: String {
        switch self {
        case .file(let path, _), .unreadable(let path, _): return path
        case .standardInput: return "-"
        }
    }
}

extension FileCollector {
    /// Whether a file name is a share configuration's.
    static func isShareFile(_ name: String) -> Bool {
        // An ASCII name is its bytes (a byte is a Character): no Characters compared.
        let bytes = name.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return name.hasSuffix(".share.yaml") || name.hasSuffix(".share.yml") }
        return bytes.reversed().starts(with: ".share.yaml".utf8.reversed()) || bytes.reversed().starts(with: ".share.yml".utf8.reversed())
    }

    /// Expands paths: files as they are, directories recursively (sorted, hidden
    /// directories and symlinked directories skipped), `-` for standard input.
    /// A missing or unreadable PATH is a usage error. A symlinked share file met in a
    /// walk is read only when it leads inside `root` (absolute, symlinks resolved).
    /// Paths are deduplicated by their bytes (NFC and NFD twins are different files).
    static func collect(_ paths: [String], root: String, excluded: @escaping @Sendable (String) -> Bool = { _ in false }) throws -> [Input] {
        var notes = Notes()
        return try collect(paths, root: root, excluded: excluded, forceExclude: false, notes: &notes)
    }

    /// What a collection met besides share files.
    struct Notes {
        /// Files named on the command line and left out by `--force-exclude`.
        var forceExcluded: [String] = []
        /// `.sharelint.yml` files met in directory walks.
        var configurations: [String] = []
    }

    /// Expands paths as above; with `forceExclude`, `excluded` also applies to the files
    /// and directories named (`--force-exclude`). With a team of several workers, a
    /// directory's entries are walked by them (the same list, in the same order).
    static func collect(_ paths: [String], root: String, excluded: @escaping @Sendable (String) -> Bool, forceExclude: Bool,
                        notes: inout Notes, team: WorkerTeam? = nil) throws -> [Input] {
        var inputs: [Input] = []
        var seen: Set<PathKey> = []
        // One path's walk meets each file once: only files met again under another path
        // named (or named twice) need the set.
        let deduplicates = paths.count > 1
        for path in paths {
            if path == "-" {
                if !inputs.contains(.standardInput) { inputs.append(.standardInput) }
                continue
            }
            switch FileKind.of(path, follow: true) {
            case .missing:
                throw UsageError(Message(.pathNoSuchFile, ["path": path]))
            case .directory:
                guard Platform.isReadable(path) else { throw UsageError(Message(.pathAndReason, ["path": path, "reason": Platform.errorMessage()])) }
                var found = Walk.Found()
                // A directory named on the command line that is itself excluded is
                // linted anyway: naming it says you mean it.
                let honourExcludes = forceExclude || !excluded(path + "/x")
                let never: @Sendable (String) -> Bool = { _ in false }
                let walk = Walk(base: path, root: root, excluded: honourExcludes ? excluded : never)
                walk.walk(path, relative: "", into: &found, team: team)
                notes.configurations += found.configurations
                guard deduplicates else {
                    // The first directory's list is taken as it is, not copied.
                    if inputs.isEmpty { inputs = found.inputs } else { inputs += found.inputs }
                    continue
                }
                seen.reserveCapacity(seen.count + found.inputs.count)
                for input in found.inputs where seen.insert(PathKey(input.path)).inserted { inputs.append(input) }
            case .file:
                guard Platform.isReadable(path) else { throw UsageError(Message(.pathPermissionDenied, ["path": path])) }
                let clean = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                if forceExclude && excluded(clean) { notes.forceExcluded.append(clean); continue }
                if seen.insert(PathKey(clean)).inserted { inputs.append(.file(path: clean, location: .named(path))) }
            case .symlink, .other:
                throw UsageError(Message(.pathNotFileOrDirectory, ["path": path]))
            }
        }
        return inputs
    }

    /// One directory walk from a directory named on the command line.
    private struct Walk: Sendable {
        /// The directory named on the command line: files below it are opened from it
        /// without following symlinks.
        var base: String
        var root: String
        var excluded: @Sendable (String) -> Bool

        /// What a walk found, in walk order.
        struct Found: Sendable {
            var inputs: [Input] = []
            var configurations: [String] = []
        }

        /// Walks `directory`. With a team its entries (each with its subtree) are walked by
        /// its workers and their findings put back in name order: the same list as a walk
        /// on one thread, sooner (the walk comes before any file is linted, so with
        /// `--jobs` it is the serial part).
        func walk(_ directory: String, relative: String, into found: inout Found, team: WorkerTeam? = nil) {
            guard let entries = Platform.typedEntries(directory) else {
                found.inputs.append(.unreadable(path: directory, reason: .verbatim(Platform.errorMessage())))
                return
            }
            let sorted = entries.sorted { $0.name < $1.name }
            guard let team, team.workers > 1, sorted.count > 1 else {
                for entry in sorted { visit(entry.name, kind: entry.kind, isUTF8: entry.isUTF8, in: directory, relative: relative, into: &found) }
                return
            }
            let workers = min(team.workers, sorted.count)
            let parts = ResultSlots<Found>(count: sorted.count)
            // Entry by entry from shares that a worker done with its own takes from: a
            // worker that starts late (a core slow to wake) leaves its entries to the other.
            let shares = WorkShares(count: sorted.count, workers: workers)
            team.run { worker in
                guard worker < workers else { return }
                while let range = shares.take(worker: worker, chunk: 1) {
                    for index in range {
                        var part = Found()
                        let entry = sorted[index]
                        visit(entry.name, kind: entry.kind, isUTF8: entry.isUTF8, in: directory, relative: relative, into: &part)
                        parts.set(index, part)
                    }
                }
            }
            let taken = parts.takeValues()
            found.inputs.reserveCapacity(found.inputs.count + taken.reduce(0) { $0 + $1.inputs.count })
            for part in taken {
                found.inputs += part.inputs
                found.configurations += part.configurations
            }
        }

        /// One entry of a directory, and its subtree. `recorded` is the kind the directory
        /// records for it (nil when it records none: then it is asked with `lstat`). A name
        /// that is not UTF-8 (`isUTF8` false, shown with `\xFF` escapes) cannot be opened by
        /// its text: a share file or a directory named so is reported, never skipped.
        private func visit(_ name: String, kind recorded: FileKind?, isUTF8: Bool = true, in directory: String, relative: String,
                           into found: inout Found) {
            let notRegular = Message(.unreadableNotRegular)
            let path = directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
            if name == ProjectConfiguration.fileName { found.configurations.append(path) }
            if name.utf8.first == UInt8(ascii: ".") { return }
            guard isUTF8 else {
                if recorded == nil || recorded == .directory || isShareFile(name), !excluded(path) {
                    found.inputs.append(.unreadable(path: path, reason: Message(recorded == .directory ? .directoryNameNotUTF8 : .nameNotUTF8)))
                }
                return
            }
            let below = relative.isEmpty ? name : relative + "/" + name
            // A path too long for the system is asked anyway: `lstat` says so (ENAMETOOLONG).
            let kind = (path.utf8.count < Int(PATH_MAX) ? recorded : nil) ?? FileKind.of(path, follow: false)
            switch kind {
            case .directory:
                walk(path, relative: below, into: &found)
            case .file where isShareFile(name) && !excluded(path):
                found.inputs.append(.file(path: path, location: .beneath(base: base, relative: below)))
            case .symlink where isShareFile(name) && !excluded(path):
                guard let real = RootedFileSystem.realPath(path) else {
                    found.inputs.append(.unreadable(path: path, reason: Message(.brokenSymlink)))
                    return
                }
                guard PathLogic.isInside(real, root: root), !PathLogic.sameBytes(real, root) else {
                    found.inputs.append(.unreadable(path: path, reason: Message(.symlinkLeadsOutside)))
                    return
                }
                switch FileKind.of(real, follow: false) {
                case .file:
                    found.inputs.append(.file(path: path, location: .beneath(base: root, relative: PathLogic.relative(real, from: root))))
                case .directory: break
                default: found.inputs.append(.unreadable(path: path, reason: notRegular))
                }
            case .other where isShareFile(name) && !excluded(path):
                found.inputs.append(.unreadable(path: path, reason: notRegular))
            case .missing where errno == ENAMETOOLONG:
                // Never skipped silently: it may be a directory of share files.
                found.inputs.append(.unreadable(path: path, reason: Message(.pathTooLongMax)))
            default:
                break
            }
        }
    }
}

/// A path's bytes for the set of paths met (NFC and NFD twins are two paths), hashed in
/// one call over the contiguous bytes: an array of bytes hashes element by element
/// through the `Hasher`.
private struct PathKey: Hashable {
    let bytes: [UInt8]

    init(_ path: String) { bytes = Array(path.utf8) }

    func hash(into hasher: inout Hasher) { Platform.hash(bytes, into: &hasher) }
}
