import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ShareLintKit

/// The process's streams and environment, so the command runs as a function in tests.
package struct CommandIO {
    /// Reads all of standard input (at most `limit` + 1 bytes).
    package var readStandardInput: (_ limit: Int) -> [UInt8]
    /// Writes to standard output; returns the reason when not everything was written.
    package var writeOutput: (String) -> String?
    /// Writes to standard error.
    package var writeError: (String) -> Void
    /// The environment variables sharelint reads (`variablesRead`; a test's IO may hold others).
    package var environment: [String: String]
    /// Whether standard output is a terminal.
    package var outputIsTerminal: Bool
    /// Whether standard error is a terminal (progress lines are shown only there).
    package var errorIsTerminal: Bool
    /// The language of what sharelint writes, once the command line and the configuration
    /// have said it (`Invocation.language`).
    package var language: Language = .english

    /// Creates an IO.
    package init(readStandardInput: @escaping (Int) -> [UInt8], writeOutput: @escaping (String) -> String?,
                writeError: @escaping (String) -> Void, environment: [String: String], outputIsTerminal: Bool,
                errorIsTerminal: Bool = false) {
        self.readStandardInput = readStandardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
    }

    /// The variables the commands read: only these are copied from the process's
    /// environment (a dictionary of all of it cost CPU at each start;
    /// docs/performance.md, "The figures behind the code").
    /// `CommandIOTests` checks every `environment[...]` in the sources is one of them.
    package static let variablesRead = ["GITHUB_ACTIONS", "FORCE_COLOR", "NO_COLOR", "TERM"] + Language.environmentVariables

    /// Writes a line to standard error: "sharelint: " and the message in the run's language,
    /// through `TerminalText.visible` (so no value starts a line of its own).
    package func say(_ message: Message) {
        writeError("sharelint: \(TerminalText.visible(message.text(in: language)))\n")
    }

    /// The real process streams.
    package static var standard: CommandIO {
        CommandIO(
            readStandardInput: { limit in Platform.readAll(fd: 0, limit: limit) },
            writeOutput: { Platform.write($0, to: 1) },
            writeError: { _ = Platform.write($0, to: 2) },
            environment: Platform.environment(variablesRead),
            outputIsTerminal: isatty(1) != 0,
            errorIsTerminal: isatty(2) != 0)
    }
}

/// Thin wrappers over the C library.
enum Platform {
    /// Writes all of the text; returns the system's reason when it could not (a full
    /// disk, a closed descriptor), nil when everything was written.
    static func write(_ text: String, to fd: Int32) -> String? {
        var text = text
        return text.withUTF8 { write($0, to: fd) }
    }

    /// Writes all of `bytes` to a descriptor; returns the reason when it could not.
    static func write(_ bytes: [UInt8], to fd: Int32) -> String? {
        bytes.withUnsafeBufferPointer { write($0, to: fd) }
    }

    private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to fd: Int32) -> String? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let n = unistd_write(fd, base + offset, buffer.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errorMessage()
            }
            if n == 0 { return "nothing was written" }
            offset += n
        }
        return nil
    }

    private static func unistd_write(_ fd: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(fd, pointer, count)
        #elseif canImport(Glibc)
        return Glibc.write(fd, pointer, count)
        #else
        return Musl.write(fd, pointer, count)
        #endif
    }

    static func readAll(fd: Int32, limit: Int) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while result.count <= limit {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; break }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// The values of the environment variables `names` that are set.
    static func environment(_ names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }

    /// The entries of a directory (without . and ..) with the kind the directory itself
    /// records (`d_type`, as `lstat` would say: a symlink is a symlink), nil where it
    /// records none (`DT_UNKNOWN`, on file systems that do not keep it): a walk then needs
    /// no `lstat` per entry; and whether its name is UTF-8 (else it is shown with `\xFF`
    /// escapes, `DirectoryListing.Entry`). Nil when the directory cannot be read.
    static func typedEntries(_ path: String) -> [(name: String, kind: FileKind?, isUTF8: Bool)]? {
        DirectoryListing.entries(ofDirectoryAt: path)?.map { ($0.name, kind(recorded: $0.kind), $0.isUTF8) }
    }

    private static func kind(recorded: DirectoryListing.Kind?) -> FileKind? {
        switch recorded {
        case .file?: .file
        case .directory?: .directory
        case .symlink?: .symlink
        case .other?: .other
        case nil: nil
        }
    }

    /// Whether the process may read a path.
    static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// Creates an empty file at `path` (mode 0644) unless one is there, which is left as
    /// it is; false, with `errno` set, when it cannot be created.
    static func createIfMissing(_ path: String) -> Bool {
        // Never blocks (a FIFO put there meanwhile) and never follows a symlink.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        guard info.st_mode & S_IFMT == S_IFREG else {
            errno = EINVAL
            return false
        }
        return true
    }

    /// What is at a stamp's path, seen without following a symlink or opening it.
    enum StampState: Equatable {
        case missing
        case emptyFile
        case nonEmptyFile
        case symlink
        /// A directory, a FIFO, a device or a socket.
        case notAFile
    }

    static func stampState(_ path: String) -> StampState {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return info.st_size == 0 ? .emptyFile : .nonEmptyFile
        case S_IFLNK: return .symlink
        default: return .notAFile
        }
    }

    /// Removes the file at `path` when it is an empty regular file (a stamp sharelint
    /// made); true when it is gone, was never there or is something else (left alone).
    static func removeEmptyFile(_ path: String) -> Bool {
        guard stampState(path) == .emptyFile else { return true }
        return unlink(path) == 0 || errno == ENOENT
    }

    /// Feeds `bytes` to `hasher` in one call over their contiguous storage (an array of
    /// bytes otherwise hashes element by element).
    static func hash(_ bytes: [UInt8], into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// The message of the current errno.
    static func errorMessage() -> String {
        String(cString: strerror(errno))
    }

    /// Writes a file atomically (`AtomicFile`); false with `errno` set when it failed.
    static func writeFile(_ path: String, _ text: String) -> Bool {
        writeFileAtomically(path, text) == nil
    }

    /// Writes a file atomically (`AtomicFile`); returns the reason it failed, or nil.
    static func writeFileAtomically(_ path: String, _ text: String) -> String? {
        AtomicFile.write(Array(text.utf8), to: .named(path))?.reason
    }

    /// The device and inode of a path (following symlinks), nil when it does not exist.
    static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    static func cpuCount() -> Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

/// Peak memory of this process, for the benchmark and the hostile-input tests: when
/// `SHARELINT_PEAK_MEMORY_FILE` names a file, the peak resident size in KiB is written
/// there at exit. (A parent's `wait4` figure is unreliable on Linux: a child started
/// with vfork and exec inherits the parent's high-water mark.)
package enum PeakMemory {
    /// Writes the figure when asked to by the environment.
    package static func recordIfRequested() {
        guard let path = getenv("SHARELINT_PEAK_MEMORY_FILE").map({ String(cString: $0) }), !path.isEmpty else { return }
        _ = Platform.writeFile(path, "\(currentPeakKiB())\n")
    }

    /// The peak resident set size in KiB: VmHWM on Linux, ru_maxrss elsewhere.
    static func currentPeakKiB() -> Int {
        #if os(Linux)
        if let file = fopen("/proc/self/status", "r") {
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix("VmHWM:") {
                    return Int(text.dropFirst(6).filter { $0.isNumber }) ?? 0
                }
            }
        }
        #endif
        var usage = rusage()
        #if os(macOS)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1024
        #else
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Int(usage.ru_maxrss)
        #endif
    }
}

/// What SIGINT and SIGTERM do: remove a half-written `--output` file, say so on
/// standard error, and end with the conventional status (128 + the signal number) by
/// re-raising the signal with its default action. SIGXFSZ is ignored, so a write past a
/// file-size limit fails as a full disk does. SIGPIPE keeps its default action: a
/// reader that goes away ends sharelint quietly with status 141, as it does grep.
package enum SignalHandling {
    /// The temporary file being written, as a C string the handler can read. Set and
    /// cleared by the main thread only; read only by the handler.
    nonisolated(unsafe) private static var pendingFile: UnsafeMutablePointer<CChar>?

    /// Installs the handlers; called once by `main`.
    package static func install() {
        // Initialized here, so the handler never runs a lazy initializer.
        removeOnSignal(nil)
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, handler)
        }
        // Past a file-size limit (`ulimit -f`) a write fails with EFBIG instead of ending
        // the process: the writer removes its temporary file and the run exits 3.
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Names the file to remove if a signal arrives now (nil: none).
    static func removeOnSignal(_ path: String?) {
        let previous = pendingFile
        pendingFile = path.map { strdup($0) }
        free(previous)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        if let file = SignalHandling.pendingFile { unlink(file) }
        let message: StaticString = signalNumber == SIGINT ? "sharelint: interrupted (SIGINT)\n" : "sharelint: terminated (SIGTERM)\n"
        _ = message.withUTF8Buffer { buffer in
            #if canImport(Darwin)
            Darwin.write(2, buffer.baseAddress, buffer.count)
            #elseif canImport(Glibc)
            Glibc.write(2, buffer.baseAddress, buffer.count)
            #else
            Musl.write(2, buffer.baseAddress, buffer.count)
            #endif
        }
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
    }
}
