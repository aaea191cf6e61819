import ShareLintMessages
import ShareLintKit
import SharelintLanguageServer

/// `sharelint lsp`: the language server on standard input and output, with `validate`'s
/// options. The server's `ConfigurationError` is a usage error (exit 2).
enum LanguageServerCommand {
    /// Serves until `exit` or the end of input; returns the server's exit code. Throws a
    /// `UsageError` for paths (the editor sends the documents).
    static func run(_ invocation: Invocation, io: CommandIO) throws -> Int32 {
        guard invocation.paths.isEmpty else {
            throw UsageError(Message(.lspNoPaths))
        }
        var options = LanguageServer.Options(version: SharelintCommand.version, root: invocation.root, config: invocation.config,
                                             infoPlist: invocation.infoPlist, locale: invocation.locale,
                                             iosTarget: invocation.iosTarget, maxFileSize: invocation.maxFileSize)
        options.environmentLanguage = Language.fromEnvironment(io.environment)
        return try LanguageServer.serve(options, input: 0, write: { _ = io.writeOutput($0) }, log: io.writeError)
    }
}
