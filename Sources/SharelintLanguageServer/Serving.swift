import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ShareLintKit

extension LanguageServer {
    /// How documents are linted: `validate`'s options, which the command line maps to these.
    /// What is not given comes from the `.sharelint.yml` found from each document.
    package struct Options {
        /// The root files are read in (`--root`); nil: the configuration's, else the
        /// workspace folder holding the document, else its directory.
        package var root: String?
        /// The configuration file (`--config`); nil: the `.sharelint.yml` found from the document.
        package var config: String?
        /// The app's Info.plist (`--info-plist`); nil: the configuration's `infoPlist`.
        package var infoPlist: String?
        /// The locale messages are predicted for (`--locale`).
        package var locale: HeaderLocale?
        /// The iOS version behaviour is predicted for (`--ios`).
        package var iosTarget: IOSTarget?
        /// The largest document linted (`--max-file-size`), at most `maxDocumentLimit`.
        package var maxFileSize: Int?
        /// The version `initialize` reports in `serverInfo`.
        package var version: String
        /// The language of the environment the server started in (`LC_ALL`, `LC_MESSAGES`,
        /// `LANG`): used when neither `--locale`, `locale:` nor the client's `locale` says.
        package var environmentLanguage: Language = .english

        /// Options with nothing given but the version the server reports.
        package init(version: String, root: String? = nil, config: String? = nil, infoPlist: String? = nil,
                    locale: HeaderLocale? = nil, iosTarget: IOSTarget? = nil, maxFileSize: Int? = nil) {
            self.version = version
            self.root = root
            self.config = config
            self.infoPlist = infoPlist
            self.locale = locale
            self.iosTarget = iosTarget
            self.maxFileSize = maxFileSize
        }
    }

    /// Serves the messages read from `input` until `exit` or the end of input, writing
    /// messages with `write` and notes with `log`; returns the exit code (0 after
    /// shutdown, else 1). Throws a `ConfigurationError` for a `maxFileSize` over
    /// `maxDocumentLimit` or a `root` that is not a directory.
    package static func serve(_ options: Options, input: Int32, write: @escaping (String) -> Void,
                             log: @escaping (String) -> Void) throws -> Int32 {
        if let size = options.maxFileSize, size > maxDocumentLimit {
            throw ConfigurationError(message: "--max-file-size \(size) is larger than the language server's limit of \(maxDocumentLimit) bytes (1 GiB)")
        }
        if let root = options.root {
            _ = try LintRoot.resolve(explicit: root, configuration: nil, fallback: root, currentDirectory: RootedFileSystem.currentDirectory())
        }
        // A client that goes away must not kill the server mid-write.
        signal(SIGPIPE, SIG_IGN)
        return LanguageServer(options: options, input: input, write: write, log: log).run()
    }
}
