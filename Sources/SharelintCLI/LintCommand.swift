import ShareLintKit
import ShareLintMessages

// `validate`, `header`, `destinations` and `preview`: one run in named steps. The request
// is checked before anything is read (`checkRequest`), the configuration and options are
// read (`setUp`), the files are found (`collectInputs`), fixed when asked, linted
// (`lintAll`), and the report is written (`writeReport`).
extension SharelintCommand {
    /// What a run works with once the command line and `.sharelint.yml` are read.
    struct LintSetup {
        /// The options every file is linted with.
        let options: LintOptions
        let configuration: LintConfiguration?
        /// `--strict`, or `strict: true` in the configuration.
        let strict: Bool
        /// The directory nothing is read outside of.
        let rootPath: String
        let rootedFileSystem: RootedFileSystem
        /// The files the configurations refer to, read through the root.
        let files: FileInspector
        let linter: Linter
        /// The current directory, as the configuration's paths are resolved from it.
        let currentDirectory: String
        /// SARIF's fixes are made from each file's text as it was linted.
        let attachesFixes: Bool
    }

    /// Lints as the command line says and writes the report; `drawn` (`--watch`) gets what
    /// the preview drew.
    static func lint(_ invocation: Invocation, command: Invocation.Command, io: CommandIO,
                     drawn: PreviewWatch.DrawnPage? = nil) throws -> Int32 {
        var io = io
        let (jobs, jobsNote) = invocation.effectiveJobs(cores: Platform.cpuCount())
        if let jobsNote { io.say(jobsNote) }
        // One team for the walk and the lint, its helpers awake from one to the other. It
        // starts first: a helper thread can take milliseconds to run (a virtual machine's
        // idle core waking), and the set-up below is time it would otherwise wait at the walk.
        // Its first helper builds the tables every lint reads while this thread sets up and
        // walks (`Linter.warmUp`).
        let team = Self.needsTeam(paths: invocation.paths, jobs: jobs) ? WorkerTeam(workers: jobs, prelude: Linter.warmUp) : nil
        defer { team?.close() }
        let baseline = try checkRequest(invocation, command: command)
        let setup = try setUp(invocation, command: command, io: &io)
        // A report, a baseline or a stamp never replaces a file the run reads.
        let writeTargets = WriteTargets(invocation)
        let inputs = try collectInputs(invocation, setup, writeTargets: writeTargets, team: team, io: io)
        let fixed = try invocation.adoption.fix(inputs, linter: setup.linter, files: setup.files, rootPath: setup.rootPath, io: io)
        if invocation.adoption.showsDiff {
            // --diff shows what --fix would change and changes nothing; exit 1 when it would.
            try emit(fixed.diff, io)
            let files = fixed.files == 1 ? Message(.countFile1) : Message(.countFiles, ["count": fixed.files])
            io.say(fixed.fixed == 1 ? Message(.fixesAvailable1, ["files": files]) : Message(.fixesAvailable, ["count": fixed.fixed, "files": files]))
            return fixed.fixed > 0 || fixed.leftAlone > 0 ? ExitCode.errors : ExitCode.clean
        }
        if invocation.adoption.fixes {
            let files = fixed.files == 1 ? Message(.countFile1) : Message(.countFiles, ["count": fixed.files])
            io.say(fixed.fixed == 1 ? Message(.fixedProblems1, ["files": files]) : Message(.fixedProblems, ["count": fixed.fixed, "files": files]))
        }
        let referenced = writeTargets.isEmpty ? nil : Locked<[String]>([])
        let linter = setup.linter, files = setup.files
        var reports = try lintAll(inputs, linter: linter, files: files, team: team, invocation: invocation, io: io,
                                  keeping: command == .preview ? PreviewCommand.drawnPart
                                      : setup.attachesFixes ? AdoptionOptions.attachingFixes(stdinName: invocation.stdinFilename ?? "<stdin>") { bytes, path in
                                          linter.lint(bytes: bytes, displayPath: path, directory: PathLogic.directory(of: path), files: files)
                                      } : nil,
                                  referenced: referenced)
        team?.close()
        if let referenced { try writeTargets.refuseReferenced(referenced.withLock { $0 } + files.resolvedFiles()) }
        reports.sort { $0.path < $1.path }
        var fullRun = invocation.adoption.filter(LintRun(files: reports))
        if try invocation.adoption.writeBaseline(fullRun, io: io) { return ExitCode.clean }
        invocation.adoption.applyBaseline(baseline, to: &fullRun, io: io)
        let exitCode = try writeReport(fullRun, invocation, command: command, setup: setup, jobs: jobs, io: io, drawn: drawn)
        // A file --fix left alone (it changed meanwhile, or could not keep what it had) fails the run.
        return fixed.leftAlone > 0 ? ExitCode.errors : exitCode
    }

    /// The checks that need nothing read: the format, the options that go together, and
    /// the files the run will write (exit 2 before any lint). Returns the baseline.
    private static func checkRequest(_ invocation: Invocation, command: Invocation.Command) throws -> BaselineFile? {
        try invocation.adoption.checkFormat(invocation.format)
        let baseline = try invocation.adoption.loadBaseline()
        if command == .preview { try PreviewCommand.checkOutput(invocation) }
        if let output = invocation.output, !(command == .preview && output == "-") { try OutputCheck.check(output) }
        if let baseline = invocation.adoption.writeBaselinePath { try OutputCheck.check(baseline, option: "--write-baseline") }
        if invocation.maxPageSize != nil, command != .preview {
            throw UsageError(Message(.usageMaxPageSizePreview))
        }
        if invocation.verbose, command != .destinations {
            throw UsageError(Message(.usageVerbose))
        }
        return baseline
    }

    /// Reads `.sharelint.yml` and makes the options, the root and the linter; sets the
    /// language of what the run writes.
    static func setUp(_ invocation: Invocation, command: Invocation.Command, io: inout CommandIO) throws -> LintSetup {
        var options = LintOptions()
        options.includesDestinations = command == .destinations || command == .preview
        // The page lists each file's text as it was linted, and SARIF's fixes are made from
        // it: nothing is read again for either.
        let attachesFixes = invocation.format == SARIFRenderer.identifier && !invocation.adoption.statistics
        // generate makes its code from the text as linted: nothing is read twice.
        options.keepsText = command == .preview || command == .generate || attachesFixes
        let cwd = RootedFileSystem.currentDirectory()
        let configuration = try ProjectConfiguration.load(explicit: invocation.config, from: cwd)
        configuration?.apply(to: &options)
        io.language = invocation.language(configuration: configuration, environment: io.environment)
        if let locale = invocation.locale { options.locale = locale }
        if let target = invocation.iosTarget { options.iosTarget = target }
        options.comparesTargets = invocation.comparesTargets
        if let maxFileSize = invocation.maxFileSize { options.maxFileSize = maxFileSize }
        // The root: --root, else the configuration's `root` (default: its own directory),
        // else the current directory.
        let rootPath = try LintRoot.resolve(explicit: invocation.root, configuration: configuration, fallback: ".", currentDirectory: cwd)
        options.infoPlist = try ProjectConfiguration.infoPlist(explicit: invocation.infoPlist, configuration: configuration, root: rootPath, currentDirectory: cwd)
        let rootedFileSystem = RootedFileSystem(root: rootPath)
        return LintSetup(options: options, configuration: configuration, strict: invocation.strict || configuration?.strict == true,
                         rootPath: rootPath, rootedFileSystem: rootedFileSystem, files: FileInspector(rootedFileSystem),
                         linter: Linter(options: options), currentDirectory: cwd, attachesFixes: attachesFixes)
    }

    /// The files the run lints: the paths named (directories walked), else the
    /// configuration's `include`, less its `exclude`; refuses a destination that is one of
    /// them, and says what the walk left out.
    static func collectInputs(_ invocation: Invocation, _ setup: LintSetup, writeTargets: WriteTargets, team: WorkerTeam?,
                                      io: CommandIO) throws -> [FileCollector.Input] {
        let configuration = setup.configuration, cwd = setup.currentDirectory
        let configPrefix = configuration.map { $0.directory.hasSuffix("/") ? $0.directory : $0.directory + "/" }
        let excluded: @Sendable (String) -> Bool = { path in
            guard let configuration, let configPrefix, !configuration.exclude.isEmpty else { return false }
            // Paths from a walk are plain (no "." or ".." segments): join without normalizing.
            let plain = PathLogic.isPlainRelative(path)
            let joined = plain ? (cwd.hasSuffix("/") ? cwd + path : cwd + "/" + path) : PathLogic.normalize(PathLogic.join(cwd, path))
            guard let absolute = joined, absolute.utf8.starts(with: configPrefix.utf8) else { return false }
            let relative = String(decoding: absolute.utf8.dropFirst(configPrefix.utf8.count), as: UTF8.self)
            return configuration.exclude.matches(relative)
        }
        let inputs: [FileCollector.Input]
        var notes = FileCollector.Notes()
        let forceExclude = invocation.adoption.forceExclude
        let root = setup.rootedFileSystem.root
        if invocation.paths.isEmpty, let configuration, !configuration.include.isEmpty {
            let base = PathLogic.relative(configuration.directory, from: cwd)
            inputs = try FileCollector.collect([base], root: root, excluded: excluded, forceExclude: forceExclude,
                                               notes: &notes, team: team).filter { input in
                guard case .file(let path, _) = input, let absolute = PathLogic.normalize(PathLogic.join(cwd, path)) else { return true }
                let relative = PathLogic.relative(absolute, from: configuration.directory)
                return configuration.include.matches(relative)
            }
        } else {
            inputs = try FileCollector.collect(invocation.paths.isEmpty ? ["."] : invocation.paths, root: root, excluded: excluded,
                                               forceExclude: forceExclude, notes: &notes, team: team)
        }
        try writeTargets.refuseReadFiles(inputs: inputs, configuration: configuration?.file, baseline: invocation.adoption.baselinePath,
                                         infoPlist: setup.options.infoPlist?.path)
        try invocation.adoption.checkInputs(inputs, notes: notes, paths: invocation.paths, configuration: configuration, cwd: cwd, io: io)
        return inputs
    }

    /// Renders the run in the format asked for and writes it (to `--output` or standard
    /// output, the summary to standard error); returns the exit code the findings give.
    private static func writeReport(_ fullRun: LintRun, _ invocation: Invocation, command: Invocation.Command, setup: LintSetup,
                                    jobs: Int, io: CommandIO, drawn: PreviewWatch.DrawnPage?) throws -> Int32 {
        let strict = setup.strict
        // --quiet keeps what fails the run: errors, and with --strict warnings too.
        let run = invocation.quiet ? fullRun.keeping(atLeast: strict ? .warning : .error) : fullRun
        let color: Bool
        switch invocation.color {
        case "always": color = true
        case "never": color = false
        default: color = autoColor(io)
        }
        // GitHub Actions sets GITHUB_ACTIONS=true: annotate the pull request unless told otherwise.
        let format = invocation.format ?? (io.environment["GITHUB_ACTIONS"] == "true" ? "github" : "text")
        let text = TextRenderer(color: color, language: io.language)
        var report: String
        // Standard error's last lines, after the report.
        var closingLines: String?
        switch invocation.adoption.statistics ? "statistics-" + (format == "json" ? "json" : "text") : format {
        case JSONRenderer.identifier where invocation.output == nil:
            // Streamed to standard output in pieces of 64 KiB: a large report is never held whole.
            var failure: String?
            JSONRenderer(jobs: jobs, language: io.language).write(run) { bytes in
                failure = io.writeOutput(String(decoding: bytes, as: UTF8.self))
                return failure == nil
            }
            if let failure { throw OutputFailure(Message(.failureStandardOutput, ["reason": failure])) }
            report = ""
        case "statistics-json": report = RuleStatistics.json(run)
        case "statistics-text": report = RuleStatistics.text(run, summary: text.summaryLine(fullRun.summary))
        case JSONRenderer.identifier: report = JSONRenderer(jobs: jobs, language: io.language).render(run)
        case SARIFRenderer.identifier: report = SARIFRenderer(toolVersion: version, language: io.language).render(run)
        case JUnitRenderer.identifier: report = JUnitRenderer(strict: strict, language: io.language).render(run)
        case CheckstyleRenderer.identifier: report = CheckstyleRenderer(language: io.language).render(run)
        case GitLabRenderer.identifier: report = GitLabRenderer(language: io.language).render(run)
        case GitHubRenderer.identifier: report = GitHubRenderer(language: io.language).render(run) + text.summaryLine(fullRun.summary) + "\n"
        case XcodeRenderer.identifier:
            // Only diagnostics on standard output: a build log reads every line there.
            report = XcodeRenderer(language: io.language).render(run)
            closingLines = BuildStamp.xcodeSummary(fullRun.summary, strict: strict, language: io.language)
        default:
            switch command {
            case .header: report = HeaderListing.render(run, target: setup.options.iosTarget, language: io.language)
            case .destinations: report = DestinationsListing.render(run, target: setup.options.iosTarget, verbose: invocation.verbose, language: io.language)
            case .preview:
                return try PreviewCommand.write(run, files: setup.files, target: setup.options.iosTarget, invocation: invocation,
                                                summary: text.summaryLine(fullRun.summary), io: io,
                                                exitCode: fullRun.summary.errors > 0 ? ExitCode.errors : ExitCode.clean, drawn: drawn)
            default:
                // --quiet hides warnings, not their count: the summary is the whole run's.
                report = ValidateListing.render(run, text: text, summary: fullRun.summary,
                                                showsHeaders: !invocation.adoption.noHeader && !invocation.quiet)
            }
        }
        if let output = invocation.output {
            if let reason = Platform.writeFileAtomically(output, report) {
                throw OutputFailure(Message(.outputNotWritten, ["path": output, "reason": reason]))
            }
            // The summary once: `--format xcode` says it on standard error (its closing lines).
            if closingLines == nil { try emit(text.summaryLine(fullRun.summary) + "\n", io) }
        } else if !report.isEmpty {
            try emit(report, io)
        }
        if let closingLines { io.writeError(closingLines) }
        return fullRun.summary.failsRun(strict: strict) ? ExitCode.errors : ExitCode.clean
    }

    /// Whether a run has work for several threads: `jobs` above 1 and a directory or
    /// several paths (none is the current directory). One file, or standard input alone,
    /// is linted on the calling thread, and starts no thread.
    static func needsTeam(paths: [String], jobs: Int) -> Bool {
        guard jobs > 1 else { return false }
        if paths.isEmpty { return true }
        let named = paths.filter { $0 != "-" }
        return named.count > 1 || named.first.map { FileKind.of($0, follow: true) == .directory } == true
    }

    /// Lints every input, in parallel across files with the team's workers; `keeping`
    /// trims each report as soon as it is made to what the command uses; `referenced`
    /// gets the files the workers resolved (the calling thread's are in `files`).
    static func lintAll(_ inputs: [FileCollector.Input], linter: Linter, files: FileInspector, team: WorkerTeam?,
                                invocation: Invocation, io: CommandIO,
                                keeping: (@Sendable (FileReport) -> FileReport)? = nil,
                                referenced: Locked<[String]>? = nil) throws -> [FileReport] {
        var stdinReport: FileReport?
        if inputs.contains(.standardInput) {
            let bytes = io.readStandardInput(linter.options.maxFileSize)
            let name = invocation.stdinFilename ?? "<stdin>"
            let directory = invocation.stdinFilename.map { PathLogic.directory(of: $0) } ?? "."
            let report = linter.lint(bytes: bytes, displayPath: name, directory: directory, files: files)
            stdinReport = keeping?(report) ?? report
        }
        // Without standard input the list is shared, not copied.
        let onDisk = inputs.contains(.standardInput) ? inputs.filter { $0 != .standardInput } : inputs
        let fileSystem = files.base
        let lintInput: @Sendable (Int, FileInspector, ConfinedOpen.KeptDirectory) -> FileReport = { index, inspector, kept in
            switch onDisk[index] {
            case .file(let path, let location):
                do {
                    return try linter.lintFile(at: path, displayPath: path, files: inspector, location: location, keeping: kept)
                } catch {
                    return linter.unreadableReport(path, reason: .verbatim("\(error)"))
                }
            case .unreadable(let path, let reason):
                return linter.unreadableReport(path, reason: reason)
            case .standardInput:
                return FileReport(path: "-")
            }
        }
        let lintOne: @Sendable (Int, FileInspector, ConfinedOpen.KeptDirectory) -> FileReport = { index, inspector, kept in
            guard let keeping else { return lintInput(index, inspector, kept) }
            return keeping(lintInput(index, inspector, kept))
        }
        var reports: [FileReport]
        if let team, team.workers > 1, onDisk.count > 1 {
            // Each worker has its own file cache (no lock on the hot path) and works through
            // its own contiguous share of the files (files of a directory refer to the same
            // assets, which its cache then resolves once), in small chunks, then takes
            // chunks from the end of the largest share left; each result goes into its
            // index's slot, and the slots are moved out in order once all are done.
            let workers = min(team.workers, onDisk.count)
            let shares = WorkShares(count: onDisk.count, workers: workers)
            let results = ResultSlots<FileReport>(count: onDisk.count)
            team.run { worker in
                guard worker < workers else { return }
                let inspector = FileInspector(fileSystem)
                // Each worker keeps the directory of its last file open (not shared).
                let kept = ConfinedOpen.KeptDirectory()
                while let range = shares.take(worker: worker, chunk: 8) {
                    for index in range { results.set(index, lintOne(index, inspector, kept)) }
                }
                if let referenced {
                    let resolved = inspector.resolvedFiles()
                    referenced.withLock { $0 += resolved }
                }
            }
            reports = results.takeValues()
        } else {
            let kept = ConfinedOpen.KeptDirectory()
            reports = onDisk.indices.map { lintOne($0, files, kept) }
        }
        // Appended, not concatenated: a new array would copy every report.
        if let stdinReport { reports.append(stdinReport) }
        return reports
    }
}
