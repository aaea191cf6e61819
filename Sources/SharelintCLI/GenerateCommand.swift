import ShareLintKit
import ShareLintMessages

// `sharelint generate`: lints the files as `validate` does (the same discovery, root and
// `.sharelint.yml`) and, when no configuration has an error, writes the Swift that hands
// iOS each one (docs/generate.md). A run with errors prints them and writes nothing.
extension SharelintCommand {
    static func generate(_ invocation: Invocation, io: CommandIO) throws -> Int32 {
        var io = io
        if let output = invocation.output { try OutputCheck.check(output) }
        let setup = try setUp(invocation, command: .generate, io: &io)
        let writeTargets = WriteTargets(invocation)
        let inputs = try collectInputs(invocation, setup, writeTargets: writeTargets, team: nil, io: io)
        var reports = try lintAll(inputs, linter: setup.linter, files: setup.files, team: nil, invocation: invocation, io: io)
        reports.sort { $0.path < $1.path }
        let run = LintRun(files: reports)
        let color = invocation.color == "always" || (invocation.color == "auto" && autoColor(io))
        let text = TextRenderer(color: color, language: io.language)
        // The diagnostics on their lines, as validate shows them (--quiet: the errors only).
        if run.summary.errors + run.summary.warnings + run.summary.infos > 0 {
            let shown = invocation.quiet ? run.keeping(atLeast: .error) : run
            io.writeError(ValidateListing.render(shown, text: text, summary: run.summary, showsHeaders: false))
        }
        if run.summary.errors > 0 {
            io.say(Message(.generateRefused))
            return ExitCode.errors
        }
        var configurations: [GeneratedConfiguration] = []
        for report in reports {
            guard let bytes = report.text else { continue }
            let directory = PathLogic.directory(of: report.path)
            // Named in the source relative to the root: the same bytes wherever it is run from.
            let shownPath = PathLogic.normalize(PathLogic.join(setup.currentDirectory, report.path)).map { file in
                PathLogic.relative(file, from: PathLogic.normalize(PathLogic.join(setup.currentDirectory, setup.rootPath)) ?? setup.currentDirectory)
            } ?? report.path
            for configuration in ShareConfiguration.read(String(decoding: bytes, as: UTF8.self)) {
                configurations.append(GeneratedConfiguration(
                    configuration: configuration, path: shownPath,
                    name: ShareSheetGenerator.name(of: configuration, path: report.path),
                    representationTypes: representationTypes(of: configuration, files: setup.files, directory: directory),
                    reportedPath: report.path))
            }
        }
        let source: String
        do {
            source = try ShareSheetGenerator.source(configurations, version: version)
        } catch let clashes as ShareSheetGenerator.NameClashes {
            // Each on the line of the second name (or the file's first line), as a build log reads it.
            for clash in clashes.clashes {
                let at = clash.second.configuration.name?.range.start ?? SourcePosition(line: 1, column: 1)
                let message = Message(.generateNameClash, ["identifier": clash.identifier, "first": clash.first.name,
                                                           "firstPath": clash.first.reportedPath, "second": clash.second.name,
                                                           "secondPath": clash.second.reportedPath])
                io.writeError("\(TerminalText.visible(clash.second.reportedPath)):\(at.line):\(at.column): "
                              + Severity.error.word.text(in: io.language) + (io.language == .english ? ": " : "：")
                              + TerminalText.visible(message.text(in: io.language)) + "\n")
            }
            io.say(Message(.generateRefused))
            return ExitCode.errors
        }
        if let output = invocation.output {
            if let reason = Platform.writeFileAtomically(output, source) {
                throw OutputFailure(Message(.outputNotWritten, ["path": output, "reason": reason]))
            }
            io.say(Message(configurations.count == 1 ? .generateWritten1 : .generateWritten, ["count": configurations.count, "path": output]))
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
