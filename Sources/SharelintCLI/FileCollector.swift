import ShareLintKit

/// Expands the PATHs of the command line into the share files to lint.
struct FileCollector {
    /// One input: a file on disk or standard input.
    enum Input: Hashable {
        case file(path: String)
        case standardInput
        /// A directory met in a walk that could not be read.
        case unreadable(path: String, reason: String)
    }

}

extension FileCollector.Input {
    /// The path reported for the input.
    var path: String {
        switch self {
        case .file(let path), .unreadable(let path, _): return path
        case .standardInput: return "-"
        }
    }
}

extension FileCollector {
    /// Whether a path is relative and has no "." or ".." component (so it can be joined
    /// to a directory without normalizing).
    static func isPlainRelative(_ path: String) -> Bool {
        var componentStart = true
        var dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if componentStart || dots > 0 && dots <= 2 { return false }
                componentStart = true
                dots = 0
            } else if byte == UInt8(ascii: "."), componentStart || dots > 0 {
                dots += 1
                componentStart = false
            } else {
                componentStart = false
                dots = -1
            }
        }
        return !componentStart && !(dots > 0 && dots <= 2)
    }

    /// Whether a file name is a share configuration's.
    static func isShareFile(_ name: String) -> Bool {
        name.hasSuffix(".share.yaml") || name.hasSuffix(".share.yml")
    }

    /// Expands paths: files as they are, directories recursively (sorted, hidden
    /// directories and symlinked directories skipped), `-` for standard input.
    /// A missing or unreadable PATH is a usage error.
    static func collect(_ paths: [String], excluded: (String) -> Bool = { _ in false }) throws -> [Input] {
        var notes = Notes()
        return try collect(paths, excluded: excluded, forceExclude: false, notes: &notes)
    }

    /// What a collection met besides share files.
    struct Notes {
        /// Files named on the command line and left out by `--force-exclude`.
        var forceExcluded: [String] = []
        /// `.sharelint.yml` files met in directory walks.
        var configurations: [String] = []
    }

    /// Expands paths as above; with `forceExclude`, `excluded` also applies to the files
    /// and directories named (`--force-exclude`).
    static func collect(_ paths: [String], excluded: (String) -> Bool, forceExclude: Bool, notes: inout Notes) throws -> [Input] {
        var inputs: [Input] = []
        var seen: Set<String> = []
        for path in paths {
            if path == "-" {
                if !inputs.contains(.standardInput) { inputs.append(.standardInput) }
                continue
            }
            switch Platform.kind(path, follow: true) {
            case .missing:
                throw UsageError(message: "\(path): no such file or directory")
            case .directory:
                guard Platform.isReadable(path) else { throw UsageError(message: "\(path): \(Platform.errorMessage())") }
                var found: [Input] = []
                // A directory named on the command line that is itself excluded is
                // linted anyway: naming it says you mean it.
                let honourExcludes = forceExclude || !excluded(path + "/x")
                walk(path, into: &found, excluded: honourExcludes ? excluded : { _ in false }, configurations: &notes.configurations)
                for input in found where seen.insert(input.path).inserted { inputs.append(input) }
            case .file:
                guard Platform.isReadable(path) else { throw UsageError(message: "\(path): permission denied") }
                let clean = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                if forceExclude && excluded(clean) { notes.forceExcluded.append(clean); continue }
                if seen.insert(clean).inserted { inputs.append(.file(path: clean)) }
            case .symlink, .other:
                throw UsageError(message: "\(path): not a regular file or directory (to lint standard input, use -)")
            }
        }
        return inputs
    }

    private static func walk(_ directory: String, into found: inout [Input], excluded: (String) -> Bool, configurations: inout [String]) {
        guard let names = Platform.entries(directory) else {
            found.append(.unreadable(path: directory, reason: Platform.errorMessage()))
            return
        }
        for name in names.sorted() {
            let path = directory == "." ? name : (directory.hasSuffix("/") ? directory + name : directory + "/" + name)
            if name == ProjectConfiguration.fileName { configurations.append(path) }
            if name.hasPrefix(".") { continue }
            switch Platform.kind(path, follow: false) {
            case .directory:
                walk(path, into: &found, excluded: excluded, configurations: &configurations)
            case .file where isShareFile(name) && !excluded(path):
                found.append(.file(path: path))
            case .symlink where isShareFile(name) && !excluded(path):
                switch Platform.kind(path, follow: true) {
                case .file: found.append(.file(path: path))
                case .missing: found.append(.unreadable(path: path, reason: "it is a broken symlink"))
                case .directory: break
                default: found.append(.unreadable(path: path, reason: "it is not a regular file (a FIFO, socket or device is never read)"))
                }
            case .other where isShareFile(name) && !excluded(path):
                found.append(.unreadable(path: path, reason: "it is not a regular file (a FIFO, socket or device is never read)"))
            default:
                break
            }
        }
    }
}
