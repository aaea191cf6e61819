import ShareLintMessages
import ShareLintKit

/// A usage error: exit 2 with a message.
struct UsageError: Error {
    var text: Message
    /// The error is about `--stamp` itself (it names a file the run reads): the stamp is
    /// left as it is, not removed as after a failed run.
    var leavesStamp = false

    init(_ text: Message, leavesStamp: Bool = false) {
        self.text = text
        self.leavesStamp = leavesStamp
    }

    /// The message in English.
    var message: String { text.english }
}

/// The parsed command line.
struct Invocation {
    enum Command: String, CaseIterable {
        case validate, header, destinations, preview, generate, rules, explain, type, schema, lsp, inspect, completions, manpage
    }

    var command: Command?
    var showHelp = false
    var showVersion = false
    var paths: [String] = []
    var format: String?
    var output: String?
    var root: String?
    var config: String?
    var infoPlist: String?
    var locale: HeaderLocale?
    /// `--verbose`: `destinations` lists the methods, conditions and retired services too.
    var verbose = false
    var iosTarget: IOSTarget?
    var comparesTargets = false
    var strict = false
    var jobs: Int?
    var color = "auto"
    var stdinFilename: String?
    var maxFileSize: Int?
    /// `--max-page-size`: the largest page `preview` writes.
    var maxPageSize: Int?
    var quiet = false
    /// `--watch`: preview redraws its page when a file it shows changes (`PreviewWatch`).
    var watch = false
    /// `--stamp FILE`: the output a build system's step declares (`BuildStamp`).
    var stamp: String?
    /// `--allow-no-files`, `--force-exclude`, `--select`, `--ignore`, `--statistics`.
    var adoption = AdoptionOptions()

    static let formats = ["text", "json", "sarif", "github", "junit", "checkstyle", "gitlab", "xcode"]

    /// The most threads `--jobs` starts: 4 per core. Past it threads only cost memory and
    /// switches (the work is bounded by the cores), so a larger value is lowered with a note.
    static func jobLimit(cores: Int) -> Int { 4 * min(max(1, cores), 1 << 16) }

    /// The `--jobs` value in force (default: one per core) and, when the requested one was
    /// lowered to `jobLimit`, a note saying so.
    func effectiveJobs(cores: Int) -> (jobs: Int, note: Message?) {
        guard let jobs else { return (max(1, cores), nil) }
        let limit = Self.jobLimit(cores: cores)
        guard jobs > limit else { return (jobs, nil) }
        let counted = cores == 1 ? Message(.oneCore) : Message(.cores, ["count": cores])
        return (limit, Message(.noteJobsLowered, ["jobs": jobs, "cores": counted, "limit": limit]))
    }

    /// The language of sharelint's words: `--locale`, else `locale:` in `.sharelint.yml`,
    /// else the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    func language(configuration: LintConfiguration?, environment: [String: String]) -> Language {
        if let locale { return Language(localeName: locale.rawValue) }
        if let locale = configuration?.locale { return Language(localeName: locale.rawValue) }
        return Language.fromEnvironment(environment)
    }

    /// The language for a command line that could not be parsed: its `--locale` value if it
    /// has one, else the environment.
    static func language(of arguments: [String], environment: [String: String]) -> Language {
        for (i, argument) in arguments.enumerated() {
            if argument == "--" { break }
            if argument.hasPrefix("--locale=") { return Language(localeName: String(argument.dropFirst("--locale=".count))) }
            if argument == "--locale", i + 1 < arguments.count { return Language(localeName: arguments[i + 1]) }
        }
        return Language.fromEnvironment(environment)
    }

    /// Parses arguments (without the program name).
    static func parse(_ arguments: [String]) throws -> Invocation {
        var invocation = Invocation()
        var i = 0
        var onlyPaths = false
        func value(for option: String, inline: String?) throws -> String {
            if let inline { return inline }
            i += 1
            guard i < arguments.count else { throw UsageError(Message(.usageNeedsValue, ["option": option])) }
            return arguments[i]
        }
        while i < arguments.count {
            let argument = arguments[i]
            defer { i += 1 }
            if onlyPaths || argument == "-" || !argument.hasPrefix("-") {
                if invocation.command == nil && !onlyPaths {
                    guard let command = Command(rawValue: argument) else {
                        let suggestion = Suggestions.nearest(to: argument, in: Command.allCases.map(\.rawValue))
                        throw UsageError(Message(.usageUnknownCommand, ["command": argument, "hint": suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Message(.seeHelp)]))
                    }
                    invocation.command = command
                } else {
                    invocation.paths.append(argument)
                }
                continue
            }
            if argument == "--" { onlyPaths = true; continue }
            var name = argument
            var inline: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            switch name {
            case "--help", "-h": invocation.showHelp = true
            case "--version", "-V": invocation.showVersion = true
            case "--strict": invocation.strict = true
            case "--quiet": invocation.quiet = true
            case "--watch": invocation.watch = true
            case "--verbose": invocation.verbose = true
            case "--format":
                let format = try value(for: name, inline: inline)
                guard formats.contains(format) else {
                    throw UsageError(Message(.usageUnknownFormat, ["format": format, "formats": formats]))
                }
                invocation.format = format
            case "--output": invocation.output = try value(for: name, inline: inline)
            case "--root": invocation.root = try value(for: name, inline: inline)
            case "--config": invocation.config = try value(for: name, inline: inline)
            case "--info-plist": invocation.infoPlist = try value(for: name, inline: inline)
            case "--locale":
                let text = try value(for: name, inline: inline)
                guard let locale = HeaderLocale(rawValue: text) else {
                    throw UsageError(Message(.usageUnknownLocale, ["locale": text, "locales": HeaderLocale.allCases.map(\.rawValue)]))
                }
                invocation.locale = locale
            case "--ios":
                let text = try value(for: name, inline: inline)
                if text == "all" {
                    invocation.comparesTargets = true
                } else if let target = IOSTarget(parsing: text) {
                    invocation.iosTarget = target
                } else {
                    throw UsageError(Message(.usageUnknownIOS, ["value": text, "accepted": IOSTarget.acceptedValues]))
                }
            case "--jobs":
                let text = try value(for: name, inline: inline)
                // Any larger number is capped at run time (`Invocation.jobLimit`) with a note.
                guard let jobs = Int(text), jobs >= 1 else { throw UsageError(Message(.usageJobs, ["value": text])) }
                invocation.jobs = jobs
            case "--color":
                let text = try value(for: name, inline: inline)
                guard ["auto", "always", "never"].contains(text) else { throw UsageError(Message(.usageColor, ["value": text])) }
                invocation.color = text
            case "--stdin-filename": invocation.stdinFilename = try value(for: name, inline: inline)
            case "--stamp": invocation.stamp = try value(for: name, inline: inline)
            case "--max-file-size":
                let text = try value(for: name, inline: inline)
                let range = 1...LintConfiguration.largestFileSize
                guard let bytes = Int(text), range.contains(bytes) else {
                    throw UsageError(Message(.usageMaxFileSize, ["low": range.lowerBound, "high": range.upperBound, "value": text]))
                }
                invocation.maxFileSize = bytes
            case "--max-page-size":
                let text = try value(for: name, inline: inline)
                guard let bytes = Int(text), bytes > 0 else { throw UsageError(Message(.usageMaxPageSize, ["value": text])) }
                invocation.maxPageSize = bytes
            default:
                if try invocation.adoption.parse(name, value: { try value(for: name, inline: inline) }) { break }
                if name == "-v" { throw UsageError(Message(.usageDashV)) }
                let suggestion = Suggestions.nearest(to: name, in: CommandLineReference.optionNames)
                throw UsageError(Message(.usageUnknownOption, ["option": name, "hint": suggestion.map { Message(.didYouMean, ["suggestion": $0]) } ?? Message(.seeHelp)]))
            }
        }
        return invocation
    }
}
