/// The share files under a directory, for `Linter.lint(directory:)`: `*.share.yaml` and
/// `*.share.yml`, in path order, hidden folders and symbolic links left out. The command
/// line's walk (`FileCollector`) adds what only a run has: `.sharelint.yml`'s `exclude`,
/// the root, and a usage error for a path that is missing.
enum ShareFileSearch {
    /// How deep the walk goes: a folder deeper than this is not read.
    static let depthLimit = 64

    /// The paths of the share files under `directory`; nil when it cannot be listed.
    static func paths(under directory: String) -> [String]? {
        guard let entries = DirectoryListing.entries(ofDirectoryAt: directory) else { return nil }
        var found: [String] = []
        walk(directory, entries, depth: 0, into: &found)
        return found.sorted()
    }

    private static func walk(_ directory: String, _ entries: [DirectoryListing.Entry], depth: Int, into found: inout [String]) {
        for entry in entries where entry.isUTF8 && !entry.name.hasPrefix(".") {
            let path = PathLogic.join(directory, entry.name)
            let kind = entry.kind ?? Self.kind(of: path)
            if kind == .file, isShareFile(entry.name) {
                found.append(path)
            } else if kind == .directory, depth < depthLimit, let inner = DirectoryListing.entries(ofDirectoryAt: path) {
                walk(path, inner, depth: depth + 1, into: &found)
            }
        }
    }

    /// What a directory that records no kinds (`DT_UNKNOWN`) holds at `path`.
    private static func kind(of path: String) -> DirectoryListing.Kind {
        switch FileKind.of(path, follow: false) {
        case .file: .file
        case .directory: .directory
        case .symlink: .symlink
        case .other, .missing: .other
        }
    }

    /// Whether a file name is a share configuration's.
    static func isShareFile(_ name: String) -> Bool {
        name.hasSuffix(".share.yaml") || name.hasSuffix(".share.yml")
    }
}
