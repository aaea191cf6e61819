import ShareLintMessages
import YAMLSyntax

// The entry points of ShareLintKit for a tool that embeds it (docs/library.md): lint a
// string, a file or a directory; read the model; render a report; list the rules. Every
// other declaration of the package is `package`: the command line, the language server
// and the tests share it, and it may change with any commit. The public interface is
// recorded in api/ShareLintKit.txt, which a test compares with the built module.

/// A place in a share file: 1-based line and column (columns count Unicode scalars, as
/// libyaml does) and the 0-based offset in Unicode scalars.
public typealias SourcePosition = YAMLSyntax.SourcePosition
/// A half-open range of a share file's text.
public typealias SourceRange = YAMLSyntax.SourceRange
/// The languages sharelint writes its messages in: English and Simplified Chinese.
public typealias Language = ShareLintMessages.Language

extension Linter {
    /// Creates a linter that runs every rule of the catalogue with `options`.
    public init(options: LintOptions = LintOptions()) {
        self.init(options: options, rules: RuleCatalog.all)
    }

    /// Lints the text of a share file. `path` is what the report names it; the files it
    /// refers to (images, an Info.plist) are read from `directory`, and nothing outside it.
    public func lint(text: String, path: String = "share.yaml", directory: String = ".") -> FileReport {
        lint(bytes: Array(text.utf8), displayPath: path, directory: directory, files: RootedFileSystem(root: directory))
    }

    /// Lints a share file on disk. The files it refers to are read from its directory, and
    /// nothing outside it. A file that cannot be read is reported as a `yaml-syntax`
    /// diagnostic at 1:1, as the command line reports it.
    public func lint(file path: String) -> FileReport {
        let directory = PathLogic.directory(of: path)
        do {
            return try lintFile(at: path, displayPath: path, files: RootedFileSystem(root: directory))
        } catch {
            return unreadableReport(path, reason: .verbatim(String(describing: error)))
        }
    }

    /// Lints every share file (`*.share.yaml`, `*.share.yml`) under `directory`, in path
    /// order. Hidden folders and symbolic links are not followed; `.sharelint.yml` is not
    /// read (the options are this linter's). Nil when `directory` cannot be listed.
    public func lint(directory: String) -> [FileReport]? {
        guard let paths = ShareFileSearch.paths(under: directory) else { return nil }
        return paths.map { lint(file: $0) }
    }
}

extension ShareConfiguration {
    /// The configurations of a share file's text, one per YAML document that is a mapping,
    /// read without running the rules. Each value read from them (a `LocatedString`) keeps
    /// what it needs: it reads after the configuration is gone.
    public static func read(_ text: String) -> [ShareConfiguration] {
        let reader = YAMLDocumentReader(bytes: Array(text.utf8))
        var configurations: [ShareConfiguration] = []
        var index = 0
        while let document = reader.next() {
            if let nodes = document.nodes, let configuration = Loader.load(nodes, documentIndex: index).0 {
                configurations.append(configuration)
            }
            index += 1
        }
        return configurations
    }
}

/// The report formats, as `--format` names them.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Text for people, one diagnostic per line with the source line under it.
    case text
    /// The JSON report (Schemas/report.schema.json).
    case json
    /// SARIF 2.1.0, for code scanning.
    case sarif
    /// JUnit XML, one test case per file.
    case junit
    /// Checkstyle XML.
    case checkstyle
    /// GitLab's code quality report.
    case gitlab
    /// GitHub Actions workflow commands (annotations).
    case github
    /// Xcode's `file:line:column: error: message` lines.
    case xcode

    /// The report of `reports` in this format, its messages in `language`.
    public func render(_ reports: [FileReport], language: Language = .english) -> String {
        let run = LintRun(files: reports.sorted { $0.path < $1.path })
        switch self {
        case .text: return TextRenderer(language: language).render(run)
        case .json: return JSONRenderer(language: language).render(run)
        case .sarif: return SARIFRenderer(toolVersion: ShareLintVersion.current, language: language).render(run)
        case .junit: return JUnitRenderer(strict: false, language: language).render(run)
        case .checkstyle: return CheckstyleRenderer(language: language).render(run)
        case .gitlab: return GitLabRenderer(language: language).render(run)
        case .github: return GitHubRenderer(language: language).render(run)
        case .xcode: return XcodeRenderer(language: language).render(run)
        }
    }
}

extension RuleCatalog {
    /// Every rule: its id, default severity, summary and rationale, in the catalogue's order.
    public static var descriptions: [RuleDescription] { all.map(\.description) }
}

/// The version of sharelint, as `sharelint --version` prints it and SARIF reports name it.
public enum ShareLintVersion {
    /// The version.
    public static let current = "0.1.0"
}
