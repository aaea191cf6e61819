import Foundation
import XCTest

/// ShareLintKit's public interface, as the built module declares it, is what
/// api/ShareLintKit.txt records: a change to it fails here until the file is recorded
/// again (`RECORD_SNAPSHOTS=1 swift test --filter PublicInterfaceTests`), so it shows in
/// review. Every public declaration has a doc comment (docs/library.md).
final class PublicInterfaceTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testThePublicInterfaceIsTheRecordedOne() throws {
        let graph = try Self.symbolGraph()
        let listing = Self.listing(graph)
        let recorded = Self.root.appendingPathComponent("api/ShareLintKit.txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try listing.write(to: recorded, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: recorded, encoding: .utf8)
        if committed != listing {
            let old = Set(committed.split(separator: "\n")), new = Set(listing.split(separator: "\n"))
            XCTFail("""
                ShareLintKit's public interface changed; review it and run RECORD_SNAPSHOTS=1 swift test --filter PublicInterfaceTests
                added: \(new.subtracting(old).sorted().joined(separator: "\n  "))
                removed: \(old.subtracting(new).sorted().joined(separator: "\n  "))
                """)
        }
    }

    func testEveryPublicDeclarationHasADocComment() throws {
        let symbols = try Self.symbolGraph()["symbols"] as? [[String: Any]] ?? []
        XCTAssertGreaterThan(symbols.count, 100)
        let undocumented = symbols.filter { $0["docComment"] == nil }.map(Self.name)
        XCTAssertEqual(undocumented, [], "public declarations without a doc comment")
    }

    /// The listing: one line per declaration (its kind, path and declaration) and per
    /// conformance, sorted.
    static func listing(_ graph: [String: Any]) -> String {
        let symbols = graph["symbols"] as? [[String: Any]] ?? []
        var names: [String: String] = [:]
        var lines: [String] = []
        for symbol in symbols {
            let kind = ((symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?").replacingOccurrences(of: "swift.", with: "")
            let fragments = symbol["declarationFragments"] as? [[String: Any]] ?? []
            let declaration = fragments.map { $0["spelling"] as? String ?? "" }.joined()
            let name = Self.name(symbol)
            if let id = (symbol["identifier"] as? [String: Any])?["precise"] as? String { names[id] = name }
            lines.append("\(kind) \(name): \(declaration)")
        }
        for relation in graph["relationships"] as? [[String: Any]] ?? [] where relation["kind"] as? String == "conformsTo" {
            guard let source = relation["source"] as? String, let name = names[source] else { continue }
            let target = relation["targetFallback"] as? String ?? names[relation["target"] as? String ?? ""] ?? "?"
            lines.append("conformance \(name): \(target)")
        }
        return lines.sorted().joined(separator: "\n") + "\n"
    }

    private static func name(_ symbol: [String: Any]) -> String {
        (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
    }

    /// The symbol graph of the built ShareLintKit module, public declarations only, made by
    /// the toolchain's `swift-symbolgraph-extract` from the modules beside this test bundle.
    private static func symbolGraph() throws -> [String: Any] {
        guard let tool = toolPath() else { throw XCTSkip("swift-symbolgraph-extract is not in this toolchain") }
        // The build folder: the bundle's on macOS (`….xctest`), the bundle itself on Linux.
        let bundle = Bundle(for: PublicInterfaceTests.self).bundleURL
        let build = bundle.pathExtension == "xctest" ? bundle.deletingLastPathComponent() : bundle
        let modules = build.appendingPathComponent("Modules")
        guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("ShareLintKit.swiftmodule").path) else {
            struct NoModule: Error, CustomStringConvertible { let description: String }
            throw NoModule(description: "no built ShareLintKit module at \(modules.path)")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-api-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = ["-module-name", "ShareLintKit", "-I", modules.path,
                         "-I", root.appendingPathComponent("Sources/CYAML").path, "-I", root.appendingPathComponent("Sources/CZlib").path,
                         "-target", try targetTriple(), "-minimum-access-level", "public", "-skip-synthesized-members",
                         "-output-dir", output.path]
        #if os(macOS)
        if let sdk = try? run("/usr/bin/xcrun", ["--show-sdk-path"]).trimmingCharacters(in: .whitespacesAndNewlines) {
            arguments += ["-sdk", sdk]
        }
        #endif
        _ = try run(tool, arguments)
        let data = try Data(contentsOf: output.appendingPathComponent("ShareLintKit.symbols.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// `swift-symbolgraph-extract` beside the `swiftc` on `PATH` (or as `xcrun` finds it).
    private static func toolPath() -> String? {
        #if os(macOS)
        if let found = try? run("/usr/bin/xcrun", ["--find", "swift-symbolgraph-extract"]).trimmingCharacters(in: .whitespacesAndNewlines),
           !found.isEmpty { return found }
        #endif
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { continue }
            let tool = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract")
            if FileManager.default.isExecutableFile(atPath: tool.path) { return tool.path }
        }
        return nil
    }

    /// The triple the toolchain builds for (`swiftc -print-target-info`).
    private static func targetTriple() throws -> String {
        guard let tool = toolPath() else { throw XCTSkip("no toolchain") }
        let swiftc = URL(fileURLWithPath: tool).deletingLastPathComponent().appendingPathComponent("swiftc").path
        let info = try JSONSerialization.jsonObject(with: Data(try run(swiftc, ["-print-target-info"]).utf8)) as? [String: Any]
        guard let triple = (info?["target"] as? [String: Any])?["triple"] as? String else {
            throw XCTSkip("swiftc -print-target-info names no triple")
        }
        return triple
    }

    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw NSError(domain: "PublicInterfaceTests", code: Int(process.terminationStatus), userInfo: [
                NSLocalizedDescriptionKey: "\(executable) \(arguments.joined(separator: " ")) failed: \(String(decoding: errors, as: UTF8.self))"])
        }
        return String(decoding: output, as: UTF8.self)
    }
}
