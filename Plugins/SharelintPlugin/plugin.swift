import Foundation
import PackagePlugin

/// `swift package sharelint [ARGUMENTS]`: runs sharelint in the package's directory
/// (`validate` when no arguments are given). A `validate` without its own report format
/// runs with `--format xcode`, and each error and warning goes to SwiftPM on its file
/// and line; an info is printed as a `note:` line (SwiftPM shows remarks only when
/// verbose).
@main
struct SharelintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "sharelint")
        var arguments = arguments.isEmpty ? ["validate"] : arguments
        let forwards = XcodeLine.forwards(arguments)
        if forwards { arguments.insert(contentsOf: ["--format", "xcode"], at: 1) }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        let output = Pipe()
        if forwards { process.standardOutput = output }
        try process.run()
        var errors = 0
        if forwards {
            // Read before waiting: a full pipe would block sharelint.
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            for line in text.split(separator: "\n") {
                guard let diagnostic = XcodeLine(line) else {
                    print(line)
                    continue
                }
                // `swift package` prints the message alone, Xcode uses the file and line:
                // the message starts with the place too.
                let message = "\(diagnostic.file):\(diagnostic.line):\(diagnostic.column): \(diagnostic.message)"
                let file = diagnostic.file.hasPrefix("/") ? diagnostic.file
                    : context.package.directoryURL.appendingPathComponent(diagnostic.file).path
                switch diagnostic.severity {
                case "error":
                    errors += 1
                    Diagnostics.error(message, file: file, line: diagnostic.line)
                case "warning": Diagnostics.warning(message, file: file, line: diagnostic.line)
                default:
                    // SwiftPM shows a remark only at its verbose level: an info would be
                    // lost. It goes to standard output as a note line instead.
                    print("note: \(message)")
                }
            }
        }
        process.waitUntilExit()
        // Errors forwarded already fail the command; otherwise the status says why.
        if (process.terminationReason != .exit || process.terminationStatus != 0) && errors == 0 {
            Diagnostics.error("sharelint exited with status \(process.terminationStatus)")
        }
    }
}

/// One line of `--format xcode`: `file:line:column: error|warning|note: message [rule]`.
struct XcodeLine {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var message: String

    /// Whether a command line gets `--format xcode`: `validate` with no format, output
    /// file or listing of its own.
    static func forwards(_ arguments: [String]) -> Bool {
        guard arguments.first == "validate" else { return false }
        let own = ["--format", "--output", "--statistics", "--diff", "--write-baseline", "--help", "-h"]
        return !arguments.prefix { $0 != "--" }.contains { argument in
            own.contains { argument == $0 || argument.hasPrefix($0 + "=") }
        }
    }

    /// Parses a line; nil when it is not a diagnostic. The file name may hold colons:
    /// the first `:LINE:COLUMN: SEVERITY:` ends it.
    init?(_ text: Substring) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 5 else { return nil }
        for k in 3..<(parts.count - 1) {
            let severity = parts[k].dropFirst()
            guard parts[k].first == " ", ["error", "warning", "note"].contains(severity),
                  let line = Int(parts[k - 2]), let column = Int(parts[k - 1]),
                  parts[k + 1].first == " " else { continue }
            file = parts[..<(k - 2)].joined(separator: ":")
            self.line = line
            self.column = column
            self.severity = String(severity)
            message = String(parts[(k + 1)...].joined(separator: ":").dropFirst())
            return
        }
        return nil
    }
}
