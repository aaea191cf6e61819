#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's streams and environment, so the command runs as a function in tests.
public struct CommandIO {
    /// Reads all of standard input (at most `limit` + 1 bytes).
    public var readStandardInput: (_ limit: Int) -> [UInt8]
    /// Writes to standard output.
    public var writeOutput: (String) -> Void
    /// Writes to standard error.
    public var writeError: (String) -> Void
    /// The environment variables.
    public var environment: [String: String]
    /// Whether standard output is a terminal.
    public var outputIsTerminal: Bool

    /// Creates an IO.
    public init(readStandardInput: @escaping (Int) -> [UInt8], writeOutput: @escaping (String) -> Void,
                writeError: @escaping (String) -> Void, environment: [String: String], outputIsTerminal: Bool) {
        self.readStandardInput = readStandardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.environment = environment
        self.outputIsTerminal = outputIsTerminal
    }

    /// The real process streams.
    public static var standard: CommandIO {
        CommandIO(
            readStandardInput: { limit in Platform.readAll(fd: 0, limit: limit) },
            writeOutput: { Platform.write($0, to: 1) },
            writeError: { Platform.write($0, to: 2) },
            environment: Platform.environment(),
            outputIsTerminal: isatty(1) != 0)
    }
}

/// Thin wrappers over the C library.
enum Platform {
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = unistd_write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return }
                offset += n
            }
        }
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

    static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }

    enum FileKind { case file, directory, symlink, other, missing }

    /// The kind of a path without following a final symlink.
    static func kind(_ path: String, follow: Bool) -> FileKind {
        var info = stat()
        let status = follow ? stat(path, &info) : lstat(path, &info)
        guard status == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other
        }
    }

    /// The entries of a directory (without . and ..), or nil when it cannot be read.
    static func entries(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether the process may read a path.
    static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// The message of the current errno.
    static func errorMessage() -> String {
        String(cString: strerror(errno))
    }

    /// Writes a file, replacing it.
    static func writeFile(_ path: String, _ text: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        var text = text
        return text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) == $0.count }
    }

    static func cpuCount() -> Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}

/// Peak memory of this process, for the benchmark and the hostile-input tests: when
/// `SHARELINT_PEAK_MEMORY_FILE` names a file, the peak resident size in KiB is written
/// there at exit. (A parent's `wait4` figure is unreliable on Linux: a child started
/// with vfork and exec inherits the parent's high-water mark.)
public enum PeakMemory {
    /// Writes the figure when asked to by the environment.
    public static func recordIfRequested() {
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
