import ShareLintMessages
/// The root: the one directory files are read in, chosen the same way by `validate` and
/// the language server. `--root` may name any directory; a configuration's `root`
/// (default: the configuration's own directory) may narrow the root but never widen it
/// past the configuration's directory; without either, the caller's fallback applies.
package enum LintRoot {
    /// The root's path: `explicit` as written, else the configuration's root relative to
    /// `currentDirectory`, else `fallback`. Throws a `ConfigurationError` when that is not a
    /// directory, or when a configuration's root lies outside the configuration's directory
    /// (symlinks resolved).
    package static func resolve(explicit: String?, configuration: LintConfiguration?, fallback: String, currentDirectory cwd: String) throws -> String {
        let configRoot = configuration.map { PathLogic.normalize(PathLogic.join($0.directory, $0.root ?? ".")) ?? $0.directory }
        let rootPath = explicit ?? configRoot.map { PathLogic.relative($0, from: cwd) } ?? fallback
        guard FileKind.of(rootPath, follow: true) == .directory else {
            throw ConfigurationError(Message(.rootNotDirectory, ["path": rootPath]))
        }
        if explicit == nil, let configuration, let configRoot {
            // A repository's configuration may narrow the root, never widen it past its
            // own directory: only --root on the command line can.
            let real = RootedFileSystem.realPath(configRoot) ?? configRoot
            let home = RootedFileSystem.realPath(configuration.directory) ?? configuration.directory
            guard PathLogic.isInside(real, root: home) else {
                throw ConfigurationError(Message(.rootOutsideConfiguration, [
                    "file": PathLogic.relative(PathLogic.join(configuration.directory, ProjectConfiguration.fileName), from: cwd),
                    "root": configuration.root ?? "."]))
            }
        }
        return rootPath
    }
}
