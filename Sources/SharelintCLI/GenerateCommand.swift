import ShareLintKit
import ShareLintMessages

// `sharelint generate`: lints the files as `validate` does (the same discovery, root and
// `.sharelint.yml`) and, when no configuration has an error, writes the Swift that hands
// iOS each one (docs/generate.md). A run with errors prints them and writes nothing.
extension SharelintCommand {
    static func generate(_ invocation: Invocation, io: CommandIO) throws -> Int32 {
        var io = io
        if let output = invocation.output { try OutputCheck.check(output) }
        var setup = try setUp(invocation, command: .validate, io: &io)
        // The text as linted is what is generated from: nothing is read twice.
        var options = setup.options
        options.keepsText = true
        setup = LintSetup(options: options, configuration: setup.configuration, strict: setup.strict, rootPath: setup.rootPath,
                          rootedFileSystem: setup.rootedFileSystem, files: setup.files, linter: Linter(options: options),
                          currentDirectory: setup.currentDirectory, attachesFixes: false)
        let writeTargets = WriteTargets(invocation)
        let inputs = try collectInputs(invocation, setup, writeTargets: writeTargets, team: nil, io: io)
        var reports = try lintAll(inputs, linter: setup.linter, files: setup.files, team: nil, invocation: invocation, io: io)
        reports.sort { $0.path < $1.path }
        let run = LintRun(files: reports)
        let color = invocation.color == "always" || (invocation.color == "auto" && autoColor(io))
        let text = TextRenderer(color: color, language: io.language)
        if run.summary.errors > 0 {
            // Only what stops the run: the errors, then why nothing was written.
            io.writeError(ValidateListing.render(run.keeping(atLeast: .error), text: text, summary: run.summary, showsHeaders: false))
            io.say(Message(.generateRefused, ["count": run.summary.errors]))
            return ExitCode.errors
        }
        var configurations: [GeneratedConfiguration] = []
        for report in reports {
            guard let bytes = report.text else { continue }
            let directory = PathLogic.directory(of: report.path)
            for configuration in ShareConfiguration.read(String(decoding: bytes, as: UTF8.self)) {
                configurations.append(GeneratedConfiguration(
                    configuration: configuration, path: report.path,
                    name: ShareSheetGenerator.name(of: configuration, path: report.path),
                    representationTypes: representationTypes(of: configuration, files: setup.files, directory: directory)))
            }
        }
        let source: String
        do {
            source = try ShareSheetGenerator.source(configurations, version: version)
        } catch let clash as ShareSheetGenerator.NameClash {
            io.say(Message(.generateNameClash, ["identifier": clash.identifier, "first": clash.first.name, "firstPath": clash.first.path,
                                                "second": clash.second.name, "secondPath": clash.second.path]))
            return ExitCode.errors
        }
        // Warnings are shown (on their lines, as validate shows them) and do not stop it.
        if run.summary.warnings > 0, !invocation.quiet {
            io.writeError(ValidateListing.render(run.keeping(atLeast: .warning), text: text, summary: run.summary, showsHeaders: false))
        }
        if let output = invocation.output {
            if let reason = Platform.writeFileAtomically(output, source) {
                throw OutputFailure(Message(.outputNotWritten, ["path": output, "reason": reason]))
            }
            if !invocation.quiet {
                io.say(Message(.generateWritten, ["count": configurations.count, "path": output, "warnings": run.summary.warnings]))
            }
        } else {
            try emit(source, io)
        }
        return ExitCode.clean
    }

    /// The type identifier of each representation, declared or inferred as the rules infer it.
    private static func representationTypes(of configuration: ShareConfiguration, files: FileInspector, directory: String) -> [Int: String] {
        let registry = TypeInferenceLogic.registry(for: configuration)
        var types: [Int: String] = [:]
        for item in configuration.items {
            for representation in item.representations {
                let content = TypeInferenceLogic.content(of: representation, files: files, directory: directory)
                types[representation.ordinal] = TypeInferenceLogic.effectiveType(of: representation, registry: registry, content: content)
            }
        }
        return types
    }
}
