import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ShareLintKit

/// `sharelint preview --watch --output FILE`: draws the page, then every half second
/// looks at (`stat`, nothing is read) the share files, the images they show and the
/// directories they are in, and draws the page again when one changed. Each page is
/// written atomically (`AtomicFileWriter`) and reloads itself once a second (a meta
/// refresh, no script). It runs until SIGINT or SIGTERM: `SignalHandling` then removes
/// a page being written and ends the process with the signal's status (130 for SIGINT).
enum PreviewWatch {
    /// The time between two looks, in microseconds (half a second).
    static let interval: useconds_t = 500_000
    /// The most paths watched; past it only the first ones (`watchedPaths`), with a note.
    static let fileLimit = 10_000

    /// What one drawing of the page found, filled in by `PreviewCommand.write`.
    final class DrawnPage {
        /// The summary line of what was drawn (the line `preview` writes without `--watch`).
        var summary = ""
        /// The paths whose change redraws the page (`watchedPaths`).
        var watched: [String] = []
    }

    /// `--watch` applies to preview writing to a file, from files.
    static func check(_ invocation: Invocation) throws {
        guard invocation.command == .preview else { throw UsageError(Message(.watchPreviewOnly)) }
        guard let output = invocation.output, output != "-" else {
            throw UsageError(Message(.watchNeedsOutput))
        }
        if invocation.paths.contains("-") { throw UsageError(Message(.watchNoStdin)) }
        let adoption = invocation.adoption
        if adoption.fixes || adoption.showsDiff || adoption.writeBaselinePath != nil || adoption.statistics || invocation.stamp != nil {
            throw UsageError(Message(.watchNoFix))
        }
    }

    /// Draws the page, then redraws it on each change until a signal ends the process.
    /// A failure of the first drawing ends the run as without `--watch`; a later one (a
    /// share file removed) is said on standard error and the watch goes on.
    static func run(_ invocation: Invocation, io: CommandIO,
                    draw: (DrawnPage) throws -> Int32) throws -> Int32 {
        try check(invocation)
        let output = invocation.output ?? ""
        var watched: WatchedFiles?
        var notedLimit = false
        while true {
            // The files' state before they are read: a change while they are read is seen next time.
            let before = watched.map { WatchedFiles(paths: $0.paths, earlier: nil) }
            let drawn = DrawnPage()
            do {
                _ = try draw(drawn)
                io.say(Message(watched == nil ? .watchDrew : .watchRedrawn, ["path": output, "summary": drawn.summary]))
            } catch let error as UsageError where watched != nil {
                io.say(Message(.watchNotRedrawn, ["error": error.text]))
            } catch let error as ConfigurationError where watched != nil {
                io.writeError("sharelint: \(error.shown(in: io.language))" + Message(.watchNotRedrawn, ["error": ""]).text(in: io.language) + "\n")
            } catch let error as SharelintCommand.OutputFailure where watched != nil {
                io.say(Message(.watchStill, ["error": error.text]))
            }
            let paths = drawn.watched.isEmpty ? watched?.paths ?? [] : drawn.watched
            let kept = Array(paths.prefix(fileLimit))
            if paths.count > fileLimit, !notedLimit {
                notedLimit = true
                io.say(Message(.watchFileLimit, ["limit": fileLimit, "count": paths.count]))
            }
            if watched == nil {
                io.say(kept.count == 1 ? Message(.watching1, ["interval": Int(interval / 1000)])
                                       : Message(.watching, ["count": kept.count, "interval": Int(interval / 1000)]))
            }
            // Directories are looked at after the page is written (writing it changes its own).
            var next = WatchedFiles(paths: kept, earlier: before)
            repeat { usleep(interval) } while !next.changed()
            watched = next
        }
    }

    /// The paths a drawn run watches, in order, each once: the share files, the directories
    /// they are in and the directories named (a new share file there is noticed), then the
    /// images they show, missing ones too (one that appears is noticed) but only inside the root.
    static func watchedPaths(_ run: LintRun, root: String, named: [String]) -> [String] {
        var seen: Set<String> = []
        var shareFiles: [String] = [], images: [String] = [], directories: [String] = []
        let cwd = RootedFileSystem.currentDirectory()
        for file in run.files where file.path != "-" && file.path != "<stdin>" {
            if seen.insert(file.path).inserted { shareFiles.append(file.path) }
            let directory = PathLogic.directory(of: file.path)
            if seen.insert(directory).inserted { directories.append(directory) }
            for document in file.documents {
                for path in PreviewCommand.imagePaths(document) {
                    // Written paths joined lexically, kept only inside the root: only their state is looked at.
                    guard let absolute = PathLogic.normalize(PathLogic.join(cwd, PathLogic.join(directory, path))),
                          PathLogic.isInside(absolute, root: root), seen.insert(absolute).inserted else { continue }
                    images.append(absolute)
                }
            }
        }
        for path in named where path != "-" && FileKind.of(path, follow: true) == .directory {
            if seen.insert(path).inserted { directories.append(path) }
        }
        return shareFiles + directories + images
    }
}

/// A list of paths and their last stamps (`FileStamp`: size, modification time, inode,
/// or nothing there); `changed` looks again.
struct WatchedFiles {
    /// The paths watched.
    let paths: [String]
    /// Their stamps when last looked at.
    private(set) var stamps: [FileStamp]

    /// Looks at each path now, or takes a file's stamp from `earlier` (before the page was
    /// drawn) where it has one; a directory is always looked at now.
    init(paths: [String], earlier: WatchedFiles?) {
        self.paths = paths
        var known: [String: FileStamp] = [:]
        if let earlier { for (path, stamp) in zip(earlier.paths, earlier.stamps) { known[path] = stamp } }
        stamps = paths.map { path in
            if let stamp = known[path], FileKind.of(path, follow: true) != .directory { return stamp }
            return FileStamp.of(path)
        }
    }

    /// Looks at every path again; whether any differs from the last look (a file that
    /// appeared or went away too).
    mutating func changed() -> Bool {
        var any = false
        for index in paths.indices {
            let now = FileStamp.of(paths[index])
            if now != stamps[index] {
                stamps[index] = now
                any = true
            }
        }
        return any
    }
}
