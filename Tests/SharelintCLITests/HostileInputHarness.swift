import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The harness of the hostile-input tests: runs the built binary with time and memory
/// bounds generous enough for a noisy machine and tight enough to catch a blow-up.
class HostileInputCase: XCTestCase {
    /// 5 s for an optimized build; `swift test` runs the debug build, which is several
    /// times slower, so it gets three times as long (still far from a blow-up).
    static let secondsBound = (CLI.binary.path.contains("/debug/") ? 15.0 : 5.0) * (sanitized ? 4 : 1)
    /// Under a sanitizer (scripts/sanitizers.sh sets SHARELINT_SANITIZED) shadow memory
    /// and quarantine make peak memory meaningless: only the time bound applies.
    static let memoryBoundKiB = sanitized ? Int.max : 256 * 1024
    static let sanitized = ProcessInfo.processInfo.environment["SHARELINT_SANITIZED"] != nil

    struct Measured {
        var status: Int32
        var seconds: Double
        var maxRSSKiB: Int
        var stdout: String
        /// Standard error, up to its first 64 KiB.
        var stderr: String
    }

    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs the binary with posix_spawn and wait4, so the peak memory is the child's own;
    /// kills it past the time bound.
    func measure(_ arguments: [String], prefix: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> Measured {
        let output = directory.appendingPathComponent("stdout-\(UUID().uuidString)").path
        let errorOutput = directory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        // Run as another user (`prefix`), the binary can write its figure only in a folder
        // anyone may write in; otherwise wait4's figure, which includes this process's, is all.
        let peakFolder = prefix.isEmpty ? directory! : FileManager.default.temporaryDirectory
        let peakFile = peakFolder.appendingPathComponent("peak-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: peakFile) }
        setenv("SHARELINT_PEAK_MEMORY_FILE", peakFile, 1)
        defer { unsetenv("SHARELINT_PEAK_MEMORY_FILE") }
        let argv = prefix + [CLI.binary.path] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let cwd = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
        var pid: pid_t = 0
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let start = Date()
        let spawned = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, environ)
        XCTAssertEqual(spawned, 0, "spawn failed", file: file, line: line)
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let done = wait4(pid, &status, WNOHANG, &usage)
            if done == pid { break }
            if Date().timeIntervalSince(start) > Self.secondsBound * 4 {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                XCTFail("\(arguments) did not finish (killed)", file: file, line: line)
                break
            }
            usleep(2000)
        }
        let seconds = Date().timeIntervalSince(start)
        // The binary reports its own peak (wait4's figure includes this test process's).
        #if os(macOS)
        var maxRSS = Int(usage.ru_maxrss) / 1024
        #else
        var maxRSS = Int(usage.ru_maxrss)
        #endif
        if let own = (try? String(contentsOfFile: peakFile, encoding: .utf8)).flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            maxRSS = own
        }
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        let errorText = FileManager.default.contents(atPath: errorOutput).map { String(decoding: $0.prefix(64 << 10), as: UTF8.self) } ?? ""
        try? FileManager.default.removeItem(atPath: errorOutput)
        XCTAssertLessThan(seconds, Self.secondsBound, "\(arguments) took \(seconds) s", file: file, line: line)
        XCTAssertLessThan(maxRSS, Self.memoryBoundKiB, "\(arguments) used \(maxRSS) KiB", file: file, line: line)
        return Measured(status: exitStatus, seconds: seconds, maxRSSKiB: maxRSS, stdout: text, stderr: errorText)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }

    /// Runs a shell command line in the test directory; returns the status (128 + the
    /// signal for a signal) and standard error.
    func shell(_ command: String, terminateAfter seconds: Double? = nil) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["SHARELINT"] = CLI.binary.path
        environment["GITHUB_ACTIONS"] = nil
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if let seconds {
            usleep(UInt32(seconds * 1_000_000))
            process.terminate()
        }
        let data = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: data, as: UTF8.self))
    }
}
