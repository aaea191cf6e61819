import Foundation
import ShareLintKit
import XCTest

/// `sharelint generate`: the generated Swift compiles against the test-only UIKit and
/// LinkPresentation modules (Tests/GeneratedCode/Stubs) without warnings, in Swift 6 and
/// Swift 5 modes, and what it hands "iOS" when run (the recorder) equals what each file says
/// (`HandoffExpectation`), line for line.
final class GenerateTests: XCTestCase {
    static let generatedCode = CLI.packageRoot.appendingPathComponent("Tests/GeneratedCode")

    /// The Swift compiler beside the toolchain's `swift`, or nil.
    static let swiftc: String? = {
        let environment = ProcessInfo.processInfo.environment
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for directory in directories {
            let path = directory + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Runs a program; its status and output together.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The stub modules, built once per test run into a temporary directory.
    static let stubs: Result<URL, Error> = Result {
        guard let swiftc else { throw XCTSkip("no swiftc on PATH") }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-stubs-\(getpid())")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        for module in ["LinkPresentation", "UIKit"] {
            let source = generatedCode.appendingPathComponent("Stubs/\(module)/\(module).swift").path
            let result = try run(swiftc, ["-swift-version", "6", "-parse-as-library", "-warnings-as-errors", "-I", out.path,
                                          "-emit-module", "-emit-library", "-static", "-module-name", module,
                                          "-emit-module-path", out.appendingPathComponent("\(module).swiftmodule").path,
                                          "-o", out.appendingPathComponent("lib\(module).a").path, source], in: out)
            if result.status != 0 { throw StubFailure(output: result.output) }
        }
        return out
    }

    struct StubFailure: Error { var output: String }

    /// Every built-in activity's raw value, and each `forActivity` type of the configurations.
    static func activityTypes(_ configurations: [ShareConfiguration]) -> [String] {
        var types = BuiltInActivityTypes.all.map(\.rawValue)
        for configuration in configurations {
            for entry in configuration.activityItems {
                for (activity, _) in entry.source?.overrides ?? [] {
                    let raw = BuiltInActivityTypes.rawValue(for: activity.value) ?? activity.value
                    if !types.contains(raw) { types.append(raw) }
                }
            }
        }
        return types
    }

    /// Generates `paths` (relative to `root`) into a temporary file; the source and the run.
    func generate(_ paths: [String], in root: URL) throws -> (source: String, result: CLI.Result) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-gen-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try CLI.run(["generate"] + paths + ["--output", output.path], in: root)
        return ((try? String(contentsOf: output, encoding: .utf8)) ?? "", result)
    }

    /// Compiles generated source with the recorder (Swift 6, warnings as errors), type-checks it
    /// in Swift 5 mode, runs it with `bundle` as the app's bundle, and returns its lines.
    func record(_ source: String, bundle: URL, activityTypes: [String], alternatives: String = "") throws -> [String] {
        let stubs = try Self.stubs.get()
        guard let swiftc = Self.swiftc else { throw XCTSkip("no swiftc on PATH") }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-rec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let generated = work.appendingPathComponent("ShareSheets.swift")
        try Data(source.utf8).write(to: generated)
        let alternativesFile = work.appendingPathComponent("Alternatives.swift")
        try Data((alternatives.isEmpty ? "import UIKit\n@MainActor func recordAlternatives(bundle: Bundle, activityTypes: [String]) -> [String] { [] }\n"
                                       : alternatives).utf8).write(to: alternativesFile)
        let recorder = Self.generatedCode.appendingPathComponent("Recorder/main.swift").path
        let typesFile = work.appendingPathComponent("types.txt")
        try Data(activityTypes.joined(separator: "\n").utf8).write(to: typesFile)
        let swift5 = try Self.run(swiftc, ["-swift-version", "5", "-typecheck", "-warnings-as-errors", "-I", stubs.path, generated.path])
        XCTAssertEqual(swift5.status, 0, "Swift 5 mode:\n" + swift5.output)
        let binary = work.appendingPathComponent("recorder").path
        let build = try Self.run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-I", stubs.path, "-L", stubs.path,
                                          "-lUIKit", "-lLinkPresentation", "-module-name", "App", "-o", binary,
                                          generated.path, alternativesFile.path, recorder])
        guard build.status == 0 else {
            XCTFail("the generated code does not compile against the stubs:\n" + build.output)
            return []
        }
        let run = try Self.run(binary, [bundle.path, typesFile.path])
        XCTAssertEqual(run.status, 0, run.output)
        return run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// The expected lines of every configuration in `files`, sorted by name as `ShareSheets.all` is.
    func expected(_ files: [URL], activityTypes: [String]) throws -> [String] {
        var sheets: [(name: String, lines: [String])] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for configuration in ShareConfiguration.read(text) {
                let name = ShareSheetGenerator.name(of: configuration, path: file.path)
                sheets.append((name, try expected(configuration, name: name, file: file, activityTypes: activityTypes)))
            }
        }
        return sheets.sorted { $0.name < $1.name }.flatMap(\.lines)
    }

    /// The expected lines of one configuration of `file`.
    func expected(_ configuration: ShareConfiguration, name: String, file: URL, activityTypes: [String]) throws -> [String] {
        let directory = file.deletingLastPathComponent()
        let registry = TypeInferenceLogic.registry(for: configuration)
        var types: [Int: String] = [:]
        let files = FileInspector(RootedFileSystem(root: directory.path))
        for item in configuration.items {
            for representation in item.representations {
                let content = TypeInferenceLogic.content(of: representation, files: files, directory: directory.path)
                types[representation.ordinal] = TypeInferenceLogic.effectiveType(of: representation, registry: registry, content: content)
            }
        }
        return HandoffExpectation(configuration: configuration, name: name, directory: directory,
                                  representationTypes: types, activityTypes: activityTypes).lines
    }

    /// Lines that differ, as a readable list (empty when equal).
    func differences(_ actual: [String], _ expected: [String]) -> String {
        var out: [String] = []
        for index in 0..<max(actual.count, expected.count) {
            let a = index < actual.count ? actual[index] : "<none>", e = index < expected.count ? expected[index] : "<none>"
            if a != e { out.append("line \(index + 1):\n  generated: \(a)\n  the file:  \(e)") }
            if out.count >= 20 { break }
        }
        return out.joined(separator: "\n")
    }

    /// A configuration made with other values than its examples: the Swift call that passes
    /// them, and the file with them as examples (what the call must hand over).
    struct Alternative {
        var call: String
        var configuration: ShareConfiguration
        var name: String
    }

    /// `text` with the example of each parameter replaced by another value of its kind (each
    /// example on one line, as the samples and the corpus write them), and the Swift
    /// arguments that pass the same values. Nil without parameters.
    static func alternative(_ configuration: ShareConfiguration, text: String, name: String) -> Alternative? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).unicodeScalars) }
        var arguments: [String] = [], seen = Set<String>()
        // From the last example back, so earlier columns stay where they are.
        let parameters = configuration.parameters.filter { $0.kind != nil && seen.insert($0.name.value).inserted }
        for parameter in parameters.reversed() {
            guard let kind = parameter.kind, let example = parameter.example else { continue }
            let written = example.value
            let yaml: String, swift: String
            switch kind {
            case .text: yaml = "\"alt-\(name.count)\""; swift = yaml
            case .integer: yaml = "7"; swift = "7"
            case .url: yaml = "\"https://alt.example.org/p/1\""; swift = "URL(string: \(yaml))!"
            case .boolean: yaml = written == "true" ? "false" : "true"; swift = yaml
            case .image:
                let path = written.hasSuffix(".png") ? "assets/save-qr.png" : "assets/spring-2.jpg"
                yaml = path; swift = "UIImage(contentsOfFile: bundle.bundlePath + \"/\(path)\") ?? UIImage()"
            case .file:
                let path = written.hasSuffix(".pdf") ? "assets/sales-contact.vcf" : "assets/order-20261130-42.pdf"
                yaml = path; swift = "URL(fileURLWithPath: bundle.bundlePath + \"/\(path)\")"
            }
            let range = example.range
            guard range.start.line == range.end.line, range.start.line - 1 < lines.count else { return nil }
            var line = lines[range.start.line - 1]
            line.replaceSubrange((range.start.column - 1)..<(range.end.column - 1), with: Array(yaml.unicodeScalars))
            lines[range.start.line - 1] = line
            arguments.insert("\(SwiftSource.argumentLabel(parameter.name.value)): \(swift)", at: 0)
        }
        guard !arguments.isEmpty else { return nil }
        let altText = lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
        guard let altered = ShareConfiguration.read(altText).first(where: { $0.documentIndex == configuration.documentIndex }) else { return nil }
        let call = "ShareSheets.\(SwiftSource.identifier(ShareSheetGenerator.memberName(name))).makeActivityViewController(\((arguments + ["bundle: bundle"]).joined(separator: ", ")))"
        return Alternative(call: call, configuration: altered, name: name)
    }

    /// The Swift that records each alternative, and the lines it must record.
    func alternatives(_ files: [URL], activityTypes: [String]) throws -> (swift: String, expected: [String]) {
        var swift = "import Foundation\nimport UIKit\n\n@MainActor\nfunc recordAlternatives(bundle: Bundle, activityTypes: [String]) -> [String] {\n    var lines: [String] = []\n"
        var expected: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for configuration in ShareConfiguration.read(text) {
                let name = ShareSheetGenerator.name(of: configuration, path: file.path)
                guard let alternative = Self.alternative(configuration, text: text, name: name) else { continue }
                swift += "    lines += record(name: \(SwiftSource.literal("alt:" + name)), controller: \(alternative.call), activityTypes: activityTypes)\n"
                expected += try self.expected(alternative.configuration, name: "alt:" + name, file: file, activityTypes: activityTypes)
            }
        }
        swift += "    return lines\n}\n"
        return (swift, expected)
    }

    func testTheSamplesGenerateCompileAndHandOffWhatTheFilesSay() throws {
        let samples = CLI.packageRoot.appendingPathComponent("samples")
        let (source, result) = try generate(["samples"], in: CLI.packageRoot)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(source.hasPrefix("// Generated by sharelint "), String(source.prefix(80)))
        let files = try FileManager.default.contentsOfDirectory(at: samples, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".share.yaml") }
        let configurations = try files.flatMap { ShareConfiguration.read(try String(contentsOf: $0, encoding: .utf8)) }
        let types = Self.activityTypes(configurations)
        let alternatives = try alternatives(files, activityTypes: types)
        XCTAssertGreaterThan(alternatives.expected.count, 20, "the samples have configurations with parameters")
        let actual = try record(source, bundle: samples, activityTypes: types, alternatives: alternatives.swift)
        let expected = try expected(files, activityTypes: types) + alternatives.expected
        XCTAssertGreaterThan(expected.count, 100)
        XCTAssertEqual(differences(actual, expected), "")
    }

    /// A corpus of configurations made to cover every key, with parameters of every kind,
    /// conditions and hostile strings: those that lint without errors (at least 500) generate,
    /// compile and hand over what they say, with their examples and with other values.
    func testACorpusCoveringEveryKeyHandsOverWhatItSays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-corpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let assets = CLI.packageRoot.appendingPathComponent("samples/assets")
        for asset in try FileManager.default.contentsOfDirectory(atPath: assets.path) where asset != "broken" {
            try FileManager.default.copyItem(at: assets.appendingPathComponent(asset), to: directory.appendingPathComponent("assets/\(asset)"))
        }
        // Under a sanitizer (scripts/sanitizers.sh) the tool is several times slower, and the
        // run checks its memory and threads, not the corpus: a quarter of it.
        let sanitized = ProcessInfo.processInfo.environment["SHARELINT_SANITIZED"] != nil
        try Data(GeneratedCorpus.clipBytes).write(to: directory.appendingPathComponent(GeneratedCorpus.clip))
        var corpus = GeneratedCorpus(seed: 20261207)
        var files: [URL] = []
        for i in 0..<(sanitized ? 160 : 640) {
            let file = directory.appendingPathComponent(String(format: "corpus-%03d.share.yaml", i))
            try Data(corpus.configuration(i).utf8).write(to: file)
            files.append(file)
        }
        // The files with errors are left out (a corpus made by chance breaks rules too).
        let validate = try CLI.run(["validate", ".", "--format", "json"], in: directory)
        let report = try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any]
        var failing = Set<String>()
        for entry in report?["files"] as? [[String: Any]] ?? [] {
            let diagnostics = entry["diagnostics"] as? [[String: Any]] ?? []
            if diagnostics.contains(where: { $0["severity"] as? String == "error" }), let path = entry["path"] as? String {
                failing.insert(URL(fileURLWithPath: path).lastPathComponent)
            }
        }
        for file in files where failing.contains(file.lastPathComponent) { try FileManager.default.removeItem(at: file) }
        files.removeAll { failing.contains($0.lastPathComponent) }
        XCTAssertGreaterThanOrEqual(files.count, sanitized ? 120 : 500, "corpus files with errors: \(failing.sorted().prefix(5))")
        // The kept files use every key generate writes code for, and the hostile texts.
        let kept = try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        for key in ["parameters", "kind", "example", "metadata", "title", "messageBody", "linkPresentation", "url", "originalURL",
                    "icon", "image", "video", "remoteVideoURL", "items", "representations", "type", "text", "file", "base64",
                    "suggestedName", "previews", "thumbnail", "fullSize", "activityItems", "fileURL", "data", "printFormatter",
                    "markup", "source", "placeholder", "subject", "dataType", "forActivity", "withheld", "item",
                    "applicationActivities", "symbol", "category", "excludedActivityTypes", "when"] {
            XCTAssertTrue(kept.contains(" \(key): ") || kept.contains("\n\(key):") || kept.contains(" \(key):\n") || kept.contains("{\(key): "),
                          "no kept corpus file writes '\(key)'")
        }
        for hostile in ["\\u202E", "\\u2028", "\\u200B", "\\\\(evil", "#endif", "\\\"\\\"\\\"", "$$(notAParameter"] {
            XCTAssertTrue(kept.contains(hostile), "no kept corpus file has \(hostile)")
        }
        let (source, result) = try generate(["."], in: directory)
        XCTAssertEqual(result.status, 0, String(result.stderr.prefix(2000)))
        let configurations = try files.flatMap { ShareConfiguration.read(try String(contentsOf: $0, encoding: .utf8)) }
        let types = Self.activityTypes(configurations)
        let alternatives = try alternatives(files, activityTypes: types)
        let actual = try record(source, bundle: directory, activityTypes: types, alternatives: alternatives.swift)
        let expected = try expected(files, activityTypes: types) + alternatives.expected
        XCTAssertGreaterThan(alternatives.expected.count, sanitized ? 250 : 1000)
        XCTAssertEqual(differences(actual, expected), "")
    }

    func testGenerationIsDeterministicAndItsSourceIsTheGoldenOne() throws {
        let first = try generate(["samples"], in: CLI.packageRoot)
        let second = try generate(["samples"], in: CLI.packageRoot)
        XCTAssertEqual(first.result.status, 0, first.result.stderr)
        XCTAssertEqual(first.source, second.source)
        // Run from another directory, the files are still named relative to the root.
        let inside = try generate(["."], in: CLI.packageRoot.appendingPathComponent("samples"))
        XCTAssertEqual(inside.result.status, 0, inside.result.stderr)
        XCTAssertEqual(first.source, inside.source)
        let today = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC") ?? .current, formatOptions: [.withFullDate])
        XCTAssertFalse(first.source.contains(today), "no date in the generated source")
        try CLI.assertGolden(first.source, "generate/samples.swift.txt")
    }

    /// A temporary directory with `files` (name → text).
    func directory(_ files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-gen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    func testAConfigurationWithAnErrorIsNotGeneratedAndNothingIsWritten() throws {
        let root = try directory([
            "good.share.yaml": "schemaVersion: 1\nname: good\nitems:\n  - text: 你好\n",
            "bad.share.yaml": "schemaVersion: 1\nname: bad\nitems:\n  - url: example.com/invite\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLI.run(["generate", ".", "--output", "Gen.swift"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("bad.share.yaml:4:10: error:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("nothing was generated"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Gen.swift").path))
        // A warning does not stop it.
        try FileManager.default.removeItem(at: root.appendingPathComponent("bad.share.yaml"))
        let warned = try CLI.run(["generate", ".", "--output", "Gen.swift"], in: root)
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("good.share.yaml:4:5: warning:"), "the warning is shown on its line: " + warned.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Gen.swift").path))
    }

    func testNamesThatBecomeTheSameSwiftNameAreAnErrorNamingBothFiles() throws {
        let root = try directory([
            "a.share.yaml": "schemaVersion: 1\nname: invite-poster\nitems:\n  - text: 你好\n",
            "b.share.yaml": "schemaVersion: 1\nname: invitePoster\nitems:\n  - text: 你好\n",
            "invite_poster.share.yaml": "schemaVersion: 1\nitems:\n  - text: 你好\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLI.run(["generate", ".", "--output", "Gen.swift"], in: root)
        XCTAssertEqual(result.status, 1)
        // Every clash, each on the line of the second name (a file's first line without one).
        XCTAssertTrue(result.stderr.contains("b.share.yaml:2:7: error: two configurations would take the Swift name invitePoster"), result.stderr)
        XCTAssertTrue(result.stderr.contains("invite_poster.share.yaml:1:1: error:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("in a.share.yaml"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Gen.swift").path))
    }

    /// Names and strings written to break out of a literal or a comment stay data: the
    /// program compiles, and hands over exactly the text.
    func testNoStringFromAFileChangesTheGeneratedProgram() throws {
        // `name:` is an ASCII identifier (a rule says so); a file without one is named after
        // the file, whose name can be anything.
        var files: [String: String] = [:]
        let names = ["class", "邀请海报", "x\"; fatalError() } \u{2028}*", "9lives", "#endif (x) \\(y)", "all", "self", "Type", "init"]
        for (index, name) in names.enumerated() {
            let texts = GeneratedCorpus.hostileTexts.map { GeneratedCorpus.yamlQuoted($0) }
            var text = "schemaVersion: 1\n" + (index % 2 == 0 && name.allSatisfy(\.isASCII) && !name.contains(" ") ? "name: \(name)\n" : "")
            text += "metadata:\n  title: \(texts[index % 5])\n  messageBody: \(texts[index % 5 + 5])\nitems:\n"
            for hostile in texts { text += "  - text: \(hostile)\n" }
            files["\(name).share.yaml"] = text
        }
        // Parameters named with keywords are labels and values like any other.
        files["keywords.share.yaml"] = "schemaVersion: 1\nname: keywords\nparameters:\n  self: {kind: text, example: a}\n"
            + "  in: {kind: integer, example: 3}\n  Type: {kind: boolean, example: true}\nmetadata:\n  title: \"$(self) \\\\($(in))\"\n"
            + "items:\n  - text: \"\\\"$(self)\\\"\"\n  - url: https://example.com/$(in)\n    when: $(Type)\n"
        let root = try directory(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let (source, result) = try generate(["."], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        for name in names { XCTAssertTrue(source.contains(SwiftSource.literal(name)), name) }
        XCTAssertTrue(source.contains("public static let `class` = ShareSheet("))
        XCTAssertFalse(source.contains("\u{202E}"), "a bidi control is written as an escape")
        let urls = files.keys.sorted().map { root.appendingPathComponent($0) }
        let alternatives = try alternatives(urls, activityTypes: [])
        XCTAssertFalse(alternatives.expected.isEmpty)
        let actual = try record(source, bundle: root, activityTypes: [], alternatives: alternatives.swift)
        let expected = try expected(urls, activityTypes: []) + alternatives.expected
        XCTAssertEqual(actual.count, expected.count)
        XCTAssertEqual(differences(actual, expected), "")
    }

    /// An item source implements the placeholder, the item and only the methods its file
    /// writes (a hand-written source without a subject has no subject method).
    func testAnItemSourceImplementsOnlyWhatItsFileWrites() throws {
        let root = try directory([
            "mail.share.yaml": "schemaVersion: 1\nname: mail\nactivityItems:\n  - source:\n      placeholder:\n        text: 订单\n"
                + "      forActivity:\n        mail:\n          subject: 订单已确认\n      linkPresentation:\n        title: 订单\n",
            "plain.share.yaml": "schemaVersion: 1\nname: plain\nactivityItems:\n  - source:\n      placeholder:\n        text: 订单\n"
                + "      dataType: public.plain-text\n  - url: https://example.com/o/1\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let (source, result) = try generate(["."], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        func body(of name: String) -> String {
            guard let start = source.range(of: "final class \(name):") else { return "" }
            let rest = source[start.upperBound...]
            return String(rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)])
        }
        let mail = body(of: "MailItemSource0"), plain = body(of: "PlainItemSource0")
        XCTAssertTrue(mail.contains("subjectForActivityType") && mail.contains("activityViewControllerLinkMetadata"), mail)
        XCTAssertFalse(mail.contains("dataTypeIdentifierForActivityType") || mail.contains("thumbnailImageForActivityType"), mail)
        XCTAssertTrue(plain.contains("dataTypeIdentifierForActivityType"), plain)
        XCTAssertFalse(plain.contains("subjectForActivityType") || plain.contains("LinkMetadata"), plain)
    }
}
