import Foundation
import XCTest

/// A Language Server Protocol client for tests: runs the built `sharelint lsp`, writes
/// framed JSON-RPC messages to its standard input and collects every framed message it
/// writes, on a reader thread.
final class LSPClient: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let lock = NSCondition()
    private var received: [[String: Any]] = []
    private var nextID = 1
    private(set) var stderrText = ""

    /// Starts the server in `directory`.
    init(directory: URL = CLI.packageRoot, arguments: [String] = []) throws {
        // A server that dies must fail the test, not kill the test process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = CLI.binary
        process.arguments = ["lsp"] + arguments
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let handle = output.fileHandleForReading
        Thread.detachNewThread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let message = Self.takeFrame(&buffer) {
                    lock.lock()
                    received.append(message)
                    lock.broadcast()
                    lock.unlock()
                }
            }
            lock.lock()
            received.append(["closed": true])
            lock.broadcast()
            lock.unlock()
        }
        let errorHandle = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            let data = errorHandle.readDataToEndOfFile()
            lock.lock()
            stderrText = String(decoding: data, as: UTF8.self)
            lock.unlock()
        }
    }

    private static func takeFrame(_ buffer: inout Data) -> [String: Any]? {
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let header = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        guard buffer.count - (end.upperBound - buffer.startIndex) >= length else { return nil }
        let body = buffer[end.upperBound..<end.upperBound + length]
        buffer = Data(buffer[(end.upperBound + length)...])
        return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? ["unparseable": String(decoding: body, as: UTF8.self)]
    }

    /// Writes raw bytes to the server.
    func writeRaw(_ data: Data) {
        input.fileHandleForWriting.write(data)
    }

    /// Writes one framed message.
    func send(_ message: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: message)
        writeRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Sends a notification.
    func notify(_ method: String, _ params: [String: Any] = [:]) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its response.
    @discardableResult
    func request(_ method: String, _ params: Any = [String: Any](), timeout: TimeInterval = 20) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try waitFor(timeout: timeout, "the response to \(method)") { ($0["id"] as? Int) == id && $0["method"] == nil }
    }

    /// Waits for (and removes) the first message that matches.
    func waitFor(timeout: TimeInterval = 20, _ what: String, _ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let index = received.firstIndex(where: matches) {
                return received.remove(at: index)
            }
            if received.contains(where: { $0["closed"] != nil }) { throw Failure("the server closed its output while waiting for \(what); stderr: \(stderrText)") }
            if !lock.wait(until: deadline) { throw Failure("timed out waiting for \(what)") }
        }
    }

    /// Every message received so far that matches (removed).
    func drain(_ matches: ([String: Any]) -> Bool) -> [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        let found = received.filter(matches)
        received.removeAll(where: matches)
        return found
    }

    /// The next diagnostics published for a URI (optionally for a version).
    func diagnostics(for uri: String, version: Int? = nil, timeout: TimeInterval = 20) throws -> [[String: Any]] {
        let message = try waitFor(timeout: timeout, "diagnostics for \(uri)") { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics", let params = message["params"] as? [String: Any],
                  params["uri"] as? String == uri else { return false }
            return version == nil || params["version"] as? Int == version
        }
        return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
    }

    /// initialize and initialized.
    @discardableResult
    func initialize(root: URL, capabilities: [String: Any] = [:], options: [String: Any] = ["debounceMilliseconds": 20]) throws -> [String: Any] {
        let response = try request("initialize", ["processId": NSNull(), "rootUri": root.absoluteString, "capabilities": capabilities,
                                                  "initializationOptions": options])
        try notify("initialized")
        return response
    }

    /// Opens a document.
    func open(_ uri: String, _ text: String, version: Int = 1) throws {
        try notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
    }

    /// Closes the server's standard input.
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// shutdown, exit, and the exit status.
    func shutDown() throws -> Int32 {
        try request("shutdown")
        try notify("exit")
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The server's resident memory in KiB (Linux), or nil.
    var residentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.filter(\.isNumber))
    }

    func terminate() {
        if process.isRunning { process.terminate() }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// Reads members of decoded JSON in tests.
extension Dictionary where Key == String, Value == Any {
    subscript(path path: String...) -> Any? {
        var current: Any? = self
        for key in path {
            if let index = Int(key), let array = current as? [Any] { current = index < array.count ? array[index] : nil; continue }
            current = (current as? [String: Any])?[key]
        }
        return current
    }
}
