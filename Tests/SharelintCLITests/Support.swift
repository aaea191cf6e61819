import Foundation
import XCTest

/// Runs the built `sharelint` binary and reads golden files.
enum CLI {
    /// The package's root directory.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The directory with the built products (where the test bundle is).
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return Bundle.main.bundleURL
    }

    static var binary: URL { productsDirectory.appendingPathComponent("sharelint") }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs sharelint with arguments in a directory.
    static func run(_ arguments: [String], in directory: URL = packageRoot, stdin: String? = nil,
                    environment: [String: String] = [:], executable: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_ACTIONS"] = nil
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read standard error on another thread, so a child that fills one pipe while the
        // test reads the other cannot deadlock.
        let errBox = DataBox()
        let errDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    /// Compares text with a golden file under Tests/SharelintCLITests/Golden; with
    /// RECORD_SNAPSHOTS=1 in the environment, writes the file instead.
    static func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = packageRoot.appendingPathComponent("Tests/SharelintCLITests/Golden").appendingPathComponent(name)
        // Where the package is checked out is the machine's: a message naming an absolute
        // directory (the root a path points outside of) is compared with it replaced.
        let actual = actual.replacingOccurrences(of: packageRoot.resolvingSymlinksInPath().path, with: "<package>")
            .replacingOccurrences(of: packageRoot.standardizedFileURL.path, with: "<package>")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("missing golden file \(name): record it with RECORD_SNAPSHOTS=1 swift test", file: file, line: line)
            return
        }
        XCTAssertEqual(actual, expected, "\(name) differs from its golden file (re-record with RECORD_SNAPSHOTS=1 swift test)", file: file, line: line)
    }
}
