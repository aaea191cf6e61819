import ShareLintMessages
/// A problem with `.sharelint.yml`, `--config`, `--info-plist` or the root: the command
/// line stops with it (exit 2), the language server shows it to the user.
package struct ConfigurationError: Error {
    /// What is wrong, a line each, with the file and position where there is one. A line
    /// holds a value as it was written (a newline in it included): it is one line
    /// because it is one element here, never because of what it holds.
    package var lines: [Message]

    /// The lines in English, joined by line breaks.
    package var message: String { text(in: .english) }

    /// The lines in a language, joined by line breaks.
    package func text(in language: Language) -> String {
        lines.map { $0.text(in: language) }.joined(separator: "\n")
    }

    /// The lines for a terminal or a CI log: each through `TerminalText.visible`, so no
    /// value can start a line of its own.
    package func shown(in language: Language) -> String {
        lines.map { TerminalText.visible($0.text(in: language)) }.joined(separator: "\n")
    }

    /// Creates an error of one line, the same in every language.
    package init(message: String) {
        lines = [.verbatim(message)]
    }

    /// Creates an error of one line.
    package init(_ message: Message) {
        lines = [message]
    }

    /// Creates an error of several lines.
    package init(lines: [Message]) {
        self.lines = lines
    }
}

/// Finds and loads `.sharelint.yml`.
package enum ProjectConfiguration {
    /// The configuration's file name.
    package static let fileName = ".sharelint.yml"

    /// The configuration named by `--config`, else `.sharelint.yml` in `directory` or
    /// its nearest parent; nil when there is none. A bad file is a `ConfigurationError`
    /// that lists every problem with its position.
    package static func load(explicit: String?, from directory: String) throws -> LintConfiguration? {
        let path: String
        if let explicit {
            guard FileKind.of(explicit, follow: true) == .file else {
                throw ConfigurationError(Message(.configNoSuchFile, ["path": explicit]))
            }
            path = explicit
        } else {
            var current = directory
            while true {
                let candidate = PathLogic.join(current, fileName)
                if FileKind.of(candidate, follow: true) == .file { path = candidate; break }
                if current == "/" || current.isEmpty { return nil }
                current = PathLogic.directory(of: current)
            }
        }
        let absolute = PathLogic.normalize(PathLogic.join(directory, path)) ?? path
        let bytes: [UInt8]
        do {
            guard case .bytes(let b) = try FileReading.contents(of: absolute, limit: 1 << 20) else {
                throw ConfigurationError(Message(.configLargerThan1MiB, ["path": path]))
            }
            bytes = b
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError(Message(.pathAndReason, ["path": path, "reason": "\(error)"]))
        }
        let (parsed, problems) = LintConfiguration.parse(bytes, directory: PathLogic.directory(of: absolute))
        guard var configuration = parsed, problems.isEmpty else {
            let shown = PathLogic.relative(absolute, from: directory)
            let lines = problems.map {
                Message(.configErrorLine, ["file": shown, "line": $0.range.start.line, "column": $0.range.start.column, "message": $0.text])
            }
            throw ConfigurationError(lines: [Message(.configInvalid)] + lines)
        }
        configuration.file = absolute
        return configuration
    }

    /// The largest Info.plist read: 4 MiB.
    package static let largestInfoPlist = 1 << 22

    /// The Info.plist to watch for changes: `--info-plist` as written, else the
    /// configuration's `infoPlist` made absolute; nil when neither names one.
    package static func infoPlistPath(explicit: String?, configuration: LintConfiguration?) -> String? {
        if let explicit { return explicit }
        guard let configuration, let written = configuration.infoPlist else { return nil }
        return PathLogic.normalize(PathLogic.join(configuration.directory, written)) ?? written
    }

    /// The app's Info.plist: `--info-plist FILE` (any file the user names), else the
    /// configuration's `infoPlist`, which must be a regular file inside `root`, reached
    /// as a share file's `file:` is (symlinks resolved, never outside the root). Nil when
    /// neither names one. Throws a `ConfigurationError`; a problem with the key gives
    /// the configuration file and the value's line and column. With a `cache`, a plist
    /// whose file has not changed since it was parsed is not read again.
    package static func infoPlist(explicit: String?, configuration: LintConfiguration?, root: String,
                                 currentDirectory cwd: String, cache: InfoPlistCache? = nil) throws -> InfoPlistFacts? {
        func facts(at path: String, shownAs shownPath: String, read: () throws -> [UInt8]) throws -> InfoPlistFacts {
            guard let cache else { return try InfoPlistFacts(path: shownPath, bytes: read()) }
            return try cache.facts(at: path, shownAs: shownPath, read: read)
        }
        if let named = explicit {
            let explicit = BuildSettingsInfoPlist.fileToRead(named)
            do {
                return try facts(at: explicit, shownAs: explicit) {
                    guard case .bytes(let bytes) = try FileReading.contents(of: explicit, limit: largestInfoPlist) else {
                        throw ConfigurationError(Message(.infoPlistLarger, ["path": explicit]))
                    }
                    return bytes
                }
            } catch let error as ConfigurationError {
                throw error
            } catch {
                throw ConfigurationError(Message(.infoPlistFailed, ["path": explicit, "reason": "\(error)"]))
            }
        }
        guard let configuration, let writtenPath = configuration.infoPlist else { return nil }
        let written = BuildSettingsInfoPlist.fileToRead(writtenPath)
        func problem(_ message: Message) -> ConfigurationError {
            let file = PathLogic.relative(configuration.file ?? PathLogic.join(configuration.directory, fileName), from: cwd)
            let position = configuration.infoPlistRange.map { ":\($0.start.line):\($0.start.column)" } ?? ""
            return ConfigurationError(lines: [Message(.configInvalid), Message(.infoPlistKeyProblem, ["file": file, "position": position, "message": message])])
        }
        let files = RootedFileSystem(root: root)
        let resolved: String
        switch files.resolve(written, relativeTo: configuration.directory) {
        case .file(let path, let size):
            guard size <= largestInfoPlist else { throw problem(Message(.infoPlistTooLarge, ["path": written])) }
            resolved = path
        case .notFound: throw problem(Message(.infoPlistMissing, ["path": written]))
        case .notAFile(let kind): throw problem(Message(.infoPlistNotAFile, ["path": written, "kind": kind]))
        case .outsideRoot(let reason): throw problem(Message(.infoPlistOutsideRoot, ["reason": reason]))
        }
        do {
            return try facts(at: resolved, shownAs: PathLogic.relative(resolved, from: cwd)) {
                guard let file = files.open(resolved: resolved) else { throw problem(Message(.infoPlistUnreadable, ["path": written])) }
                return file.read(at: 0, count: min(file.size, largestInfoPlist))
            }
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw problem(Message(.infoPlistQuoted, ["path": written, "reason": "\(error)"]))
        }
    }
}
