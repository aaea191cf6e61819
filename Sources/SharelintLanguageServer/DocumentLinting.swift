import ShareLintMessages
import ShareLintKit

/// Lints an open document's unsaved text the way `validate` lints the saved file: the
/// `.sharelint.yml` found from the document's directory (or `--config`), the same options,
/// rules and suppressions, files read only inside the root. Every run reads the files it
/// refers to afresh (the Info.plist only when its stamp changed: `InfoPlistCache`) and
/// records their paths, so a change on disk can trigger a new run.
struct DocumentLinting {
    /// The options the server was started with.
    var serverOptions: LanguageServer.Options
    /// The directory the server started in.
    var currentDirectory: String
    /// The workspace folders the client named, absolute.
    var workspaceFolders: [String] = []
    /// The `locale` of the client's `initialize` request (an LSP client sends its user
    /// interface's, such as `zh-cn`).
    var clientLocale: String?
    /// The Info.plists parsed, each parsed again only when its file changes.
    let infoPlists = InfoPlistCache()

    /// What one run gives.
    struct Outcome {
        var report: FileReport
        /// The files the run looked at (or looked for), to watch.
        var watched: [String]
        /// Problems with `.sharelint.yml` (its `infoPlist` too), the root or `--info-plist`, each shown to the user once.
        var setupProblems: [String]
        /// The iOS version predicted for.
        var target: IOSTarget
        /// The size limit that applied.
        var maxFileSize: Int
        /// The language of the document's messages and hover.
        var language: Language
    }

    private func absolute(_ path: String) -> String {
        PathLogic.normalize(PathLogic.join(currentDirectory, path)) ?? path
    }

    /// What is linted: a document's bytes, or only the size of one over the size limit
    /// (whose text is not kept), with the limit it was measured against.
    enum Text {
        case bytes([UInt8])
        case oversized(byteCount: Int, limit: Int)
    }

    /// The directory a document is in (nil: one without a file, such as an unsaved buffer,
    /// taken as in the workspace's first folder).
    private func directory(ofDocumentAt path: String?) -> String {
        path.map { PathLogic.directory(of: $0) } ?? workspaceFolders.first ?? currentDirectory
    }

    /// Lints text as the file at `path` (nil for a document with no file).
    func lint(_ text: Text, path: String?) -> Outcome {
        let directory = directory(ofDocumentAt: path)
        var options = LintOptions()
        var setupProblems: [String] = []
        var watched: [String] = []
        var configuration: LintConfiguration?
        do {
            configuration = try ProjectConfiguration.load(explicit: serverOptions.config.map(absolute), from: directory)
        } catch let error as ConfigurationError {
            setupProblems.append(".sharelint.yml: " + error.text(in: language(configuration: nil)))
        } catch {
            setupProblems.append(".sharelint.yml: \(error)")
        }
        if let configuration {
            configuration.apply(to: &options)
            watched.append(serverOptions.config.map(absolute) ?? PathLogic.join(configuration.directory, ProjectConfiguration.fileName))
        }
        if let locale = serverOptions.locale { options.locale = locale }
        if let target = serverOptions.iosTarget { options.iosTarget = target }
        // Hover shows both iOS behaviours where they differ.
        options.comparesTargets = true
        if let maxFileSize = serverOptions.maxFileSize { options.maxFileSize = maxFileSize }
        let (root, rootProblem) = self.root(for: directory, configuration: configuration)
        if let rootProblem { setupProblems.append(rootProblem) }
        // --info-plist, else the configuration's infoPlist, read as validate reads it.
        let explicitPlist = serverOptions.infoPlist.map(absolute)
        if let plist = ProjectConfiguration.infoPlistPath(explicit: explicitPlist, configuration: configuration) { watched.append(plist) }
        do {
            options.infoPlist = try ProjectConfiguration.infoPlist(explicit: explicitPlist, configuration: configuration, root: root,
                                                                   currentDirectory: currentDirectory, cache: infoPlists)
        } catch let error as ConfigurationError {
            let message = error.text(in: language(configuration: configuration))
            setupProblems.append(explicitPlist == nil ? ".sharelint.yml: " + message : message)
        } catch {
            setupProblems.append("\(error)")
        }
        // The root is shown in messages as validate shows it: relative to the current directory.
        let recorder = RecordingFileAccess(RootedFileSystem(root: PathLogic.relative(root, from: currentDirectory)))
        let linter = Linter(options: options)
        let report: FileReport
        switch text {
        case .bytes(let bytes):
            report = linter.lint(bytes: bytes, displayPath: path ?? "<unsaved>", directory: directory, files: FileInspector(recorder))
        case .oversized(let byteCount, let limit):
            report = linter.oversizedReport(byteCount: byteCount, limit: limit, displayPath: path ?? "<unsaved>")
        }
        return Outcome(report: report, watched: watched + recorder.paths, setupProblems: setupProblems, target: options.iosTarget,
                       maxFileSize: options.maxFileSize, language: language(configuration: configuration))
    }

    /// The language of messages: `--locale`, else the configuration's `locale:`, else the
    /// `locale` the client sent with `initialize`, else the environment's.
    func language(configuration: LintConfiguration?) -> Language {
        if let locale = serverOptions.locale { return Language(localeName: locale.rawValue) }
        if let locale = configuration?.locale { return Language(localeName: locale.rawValue) }
        if let clientLocale { return Language(localeName: clientLocale) }
        return serverOptions.environmentLanguage
    }

    /// Whether a document is a share configuration: a `file:` document named
    /// `*.share.yaml` or `*.share.yml`, or matched by its `.sharelint.yml`'s `include`;
    /// a document without a file (an unsaved buffer) is taken as one. Other YAML files
    /// (workflows, `.sharelint.yml` itself) get no diagnostics.
    func isShareConfiguration(path: String?) -> Bool {
        guard let path else { return true }
        let name = PathLogic.fileName(of: path)
        if name.hasSuffix(".share.yaml") || name.hasSuffix(".share.yml") { return true }
        guard let configuration = try? ProjectConfiguration.load(explicit: serverOptions.config.map(absolute), from: PathLogic.directory(of: path)),
              PathLogic.isInside(path, root: configuration.directory) else { return false }
        let relative = PathLogic.relative(path, from: configuration.directory)
        return configuration.include.contains { $0.matches(relative) }
    }

    /// The largest document linted at `path` (nil: one without a file): `--max-file-size`,
    /// else the configuration's `maxFileSize`, else the default.
    func maxFileSize(forDocumentAt path: String?) -> Int {
        if let size = serverOptions.maxFileSize { return size }
        let configuration = try? ProjectConfiguration.load(explicit: serverOptions.config.map(absolute), from: directory(ofDocumentAt: path))
        return configuration?.maxFileSize ?? LintOptions().maxFileSize
    }

    /// The root files are read in for a document (nil: one without a file).
    func root(forDocumentAt path: String?) -> String {
        let directory = directory(ofDocumentAt: path)
        let configuration = try? ProjectConfiguration.load(explicit: serverOptions.config.map(absolute), from: directory)
        return root(for: directory, configuration: configuration).path
    }

    /// The root by validate's rules (`LintRoot`): `--root`, else the configuration's
    /// `root` (default: its directory), else the workspace folder holding the document,
    /// else the document's directory. A root validate refuses is refused here too: the
    /// problem says why, and the fallback (workspace folder or directory) is the root.
    func root(for directory: String, configuration: LintConfiguration?) -> (path: String, problem: String?) {
        let folder = workspaceFolders.filter { PathLogic.isInside(directory, root: $0) }.max { $0.count < $1.count }
        let fallback = folder ?? directory
        do {
            return (absolute(try LintRoot.resolve(explicit: serverOptions.root, configuration: configuration, fallback: fallback,
                                                  currentDirectory: currentDirectory)), nil)
        } catch let error as ConfigurationError {
            return (fallback, error.message + "; files are read only inside \(fallback)")
        } catch {
            return (fallback, "\(error); files are read only inside \(fallback)")
        }
    }
}

/// sharelint diagnostics as LSP diagnostics.
enum LSPDiagnostics {
    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        }
    }

    static func json(_ diagnostic: Diagnostic, in text: TextDocument, encoding: PositionEncoding, language: Language) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("range", text.lspRange(of: diagnostic.range, encoding: encoding).json),
            ("severity", .int(severity(diagnostic.severity))),
            ("code", .string(diagnostic.rule.rawValue)),
            ("source", .string("sharelint")),
            ("message", .string(diagnostic.message(in: language))),
        ]
        if let suggestion = diagnostic.suggestion { members.append(("data", .object([("suggestion", .string(suggestion))]))) }
        return .object(members)
    }
}

/// A file system that remembers every path it was asked about.
final class RecordingFileAccess: FileAccess {
    private let base: any FileAccess
    private let recorded = Locked<Set<String>>([])

    init(_ base: any FileAccess) {
        self.base = base
    }

    /// The paths asked about, sorted.
    var paths: [String] { recorded.withLock { $0.sorted() } }

    private func record(_ path: String) {
        recorded.withLock { _ = $0.insert(path) }
    }

    func resolve(_ path: String, relativeTo directory: String) -> FileResolution {
        let resolution = base.resolve(path, relativeTo: directory)
        if case .outsideRoot = resolution { return resolution }
        if let lexical = PathLogic.normalize(PathLogic.join(directory, path)) { record(lexical) }
        if case .file(let real, _) = resolution { record(real) }
        return resolution
    }

    func head(ofResolved path: String, limit: Int) -> [UInt8]? {
        base.head(ofResolved: path, limit: limit)
    }

    func open(resolved path: String) -> (any RandomAccessFile)? {
        base.open(resolved: path)
    }

    /// Not recorded: the missing file's own path is, so adding it lints again.
    func namesBeside(_ path: String, relativeTo directory: String, limit: Int) -> [String] {
        base.namesBeside(path, relativeTo: directory, limit: limit)
    }
}

/// `file://` URIs and paths.
enum FileURI {
    /// The path of a `file:` URI (percent-decoded), or nil for another scheme.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst(7))
        // file://host/path: only the local host (empty or localhost) is a path here.
        if !rest.hasPrefix("/") {
            guard rest.hasPrefix("localhost/") else { return nil }
            rest = rest.dropFirst(9)
        }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        let path = String(decoding: bytes, as: UTF8.self)
        return PathLogic.normalize(path) ?? path
    }

    /// The `file:` URI of an absolute path.
    static func uri(of path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            let c = Unicode.Scalar(byte)
            if byte < 0x80 && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "/-._~".unicodeScalars.contains(c)) {
                out.unicodeScalars.append(c)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}
