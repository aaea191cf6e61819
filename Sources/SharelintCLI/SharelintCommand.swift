import ShareLintMessages
import Dispatch
import ShareLintKit

/// The `sharelint` command line as a function: arguments and IO in, exit code out.
package enum SharelintCommand {
    /// The tool's version.
    package static let version = ShareLintVersion.current

    /// Exit codes.
    package enum ExitCode {
        /// No errors (warnings allowed unless --strict).
        package static let clean: Int32 = 0
        /// Errors found.
        package static let errors: Int32 = 1
        /// Usage or configuration error.
        package static let usage: Int32 = 2
        /// The tool itself failed.
        package static let failure: Int32 = 3
    }

    /// Runs the command line (without the program name) and returns the exit code.
    package static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        var io = io
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments)
        } catch let error as UsageError {
            io.language = Invocation.language(of: arguments, environment: io.environment)
            io.say(error.text)
            return ExitCode.usage
        } catch {
            io.writeError("sharelint: \(TerminalText.visible("\(error)"))\n")
            return ExitCode.failure
        }
        // The configuration's `locale:` is read with it, in `lint`.
        io.language = invocation.language(configuration: nil, environment: io.environment)
        do {
            if invocation.showVersion {
                try emit("sharelint \(version)\n", io)
                return ExitCode.clean
            }
            guard let command = invocation.command, !invocation.showHelp else {
                try emit(HelpText.general, io)
                return invocation.showHelp || invocation.command == nil && arguments.isEmpty ? ExitCode.clean : ExitCode.usage
            }
            switch command {
            case .preview where invocation.watch:
                return try PreviewWatch.run(invocation, io: io) { drawn in try lint(invocation, command: command, io: io, drawn: drawn) }
            case .validate, .header, .destinations, .preview:
                if invocation.watch { try PreviewWatch.check(invocation) }
                return try BuildStamp.recording(invocation.stamp) { try lint(invocation, command: command, io: io) }
            case .generate:
                return try generate(invocation, io: io)
            case .rules:
                switch invocation.format ?? "text" {
                case "text": try emit(HelpText.rules(), io)
                case "json": try emit(HelpText.rulesJSON(), io)
                case let other: throw UsageError(Message(.usageRulesFormat, ["format": other]))
                }
                return ExitCode.clean
            case .completions:
                guard invocation.paths.count == 1 else {
                    throw UsageError(Message(.usageCompletionsOne))
                }
                try emit(try CommandLineReference.completions(for: invocation.paths[0]), io)
                return ExitCode.clean
            case .manpage:
                try emit(CommandLineReference.manPage, io)
                return ExitCode.clean
            case .schema:
                switch invocation.paths {
                case []: try emit(ConfigurationSchema.text(), io)
                case ["config"]: try emit(ConfigurationSchema.projectText(), io)
                default:
                    throw UsageError(Message(.usageSchema))
                }
                return ExitCode.clean
            case .explain:
                guard invocation.paths.count == 1 else {
                    throw UsageError(Message(.usageExplainOne))
                }
                try emit(try HelpText.explain(invocation.paths[0], language: io.language), io)
                return ExitCode.clean
            case .type:
                guard invocation.paths.count == 1 else {
                    throw UsageError(Message(.usageTypeOne))
                }
                try emit(try TypeLookup.render(invocation.paths[0], json: invocation.format == "json"), io)
                return ExitCode.clean
            case .lsp:
                return try LanguageServerCommand.run(invocation, io: io)
            case .inspect:
                return try MediaInspection.run(invocation.paths, json: invocation.format == "json", io: io)
            }
        } catch let error as UsageError {
            io.say(error.text)
            return ExitCode.usage
        } catch let error as ConfigurationError {
            io.writeError("sharelint: \(error.shown(in: io.language))\n")
            return ExitCode.usage
        } catch let error as OutputFailure {
            io.say(error.text)
            return ExitCode.failure
        } catch {
            io.say(Message(.failureInternal, ["reason": "\(error)"]))
            return ExitCode.failure
        }
    }

    /// The report could not be written (standard output or `--output`): the tool
    /// failed, exit 3.
    struct OutputFailure: Error {
        var text: Message

        init(_ text: Message) {
            self.text = text
        }
    }

    /// Writes to standard output, or throws when not everything was written.
    static func emit(_ text: String, _ io: CommandIO) throws {
        if let reason = io.writeOutput(text) {
            throw OutputFailure(Message(.failureStandardOutput, ["reason": reason]))
        }
    }

    /// `--color auto`: FORCE_COLOR (any non-empty value) turns colors on, else NO_COLOR
    /// turns them off, else only a terminal other than TERM=dumb gets them.
    static func autoColor(_ io: CommandIO) -> Bool {
        if !io.environment["FORCE_COLOR", default: ""].isEmpty { return true }
        return io.outputIsTerminal && io.environment["NO_COLOR", default: ""].isEmpty && io.environment["TERM"] != "dumb"
    }
}
