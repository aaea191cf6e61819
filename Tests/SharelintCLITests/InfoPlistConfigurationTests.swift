import Foundation
import XCTest

/// A project with an image share, `App/Info.plist` and `.sharelint.yml`, in a temporary directory.
private struct PlistProject {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/assets/qr-poster.png"),
                                         to: directory.appendingPathComponent("poster.png"))
        try write(Self.share, to: "poster.share.yaml")
        try write(Self.withoutKey, to: "App/Info.plist")
    }

    static let share = "schemaVersion: 1\nmetadata:\n  title: Poster\nitems:\n  - type: public.png\n    file: poster.png\n"
    static let withoutKey = "<plist><dict><key>CFBundleName</key><string>App</string></dict></plist>"
    static let withKey = "<plist><dict><key>NSPhotoLibraryAddUsageDescription</key><string>Save the poster.</string></dict></plist>"

    func write(_ text: String, to name: String) throws {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// `infoPlist:` in `.sharelint.yml` gives every command the app's Info.plist, as
/// `--info-plist` does; the option wins; a path outside the root or missing is exit 2
/// with the key's position.
final class InfoPlistConfigurationTests: XCTestCase {
    private let validate = ["validate", "--color", "never", "--no-header", "poster.share.yaml"]

    func testTheConfiguredInfoPlistMakesPhotoLibraryUsageAnErrorOrSilencesIt() throws {
        let project = try PlistProject()
        defer { project.remove() }
        // Without the key: only a warning that asks for the Info.plist.
        let unconfigured = try CLI.run(validate, in: project.directory)
        XCTAssertEqual(unconfigured.status, 0, unconfigured.stdout)
        XCTAssertTrue(unconfigured.stdout.contains("warning: \"Save Image\" needs NSPhotoLibraryAddUsageDescription"), unconfigured.stdout)
        try project.write("infoPlist: App/Info.plist\n", to: ".sharelint.yml")
        let lacking = try CLI.run(validate, in: project.directory)
        XCTAssertEqual(lacking.status, 1, lacking.stdout + lacking.stderr)
        XCTAssertTrue(lacking.stdout.contains("error: \"Save Image\" needs NSPhotoLibraryAddUsageDescription, which Info.plist lacks"), lacking.stdout)
        // destinations, header and preview read it too.
        let destinations = try CLI.run(["destinations", "poster.share.yaml", "--verbose"], in: project.directory)
        XCTAssertEqual(destinations.status, 1)
        XCTAssertTrue(destinations.stdout.contains("declares neither NSPhotoLibraryAddUsageDescription nor NSPhotoLibraryUsageDescription"), destinations.stdout)
        XCTAssertEqual(try CLI.run(["header", "poster.share.yaml"], in: project.directory).status, 1)
        let preview = try CLI.run(["preview", "poster.share.yaml", "--output", "-"], in: project.directory)
        XCTAssertEqual(preview.status, 1)
        XCTAssertTrue(preview.stdout.contains("which Info.plist lacks"), String(preview.stdout.prefix(200)))
        // --info-plist wins over the key.
        let option = try CLI.run(validate + ["--info-plist", CLI.packageRoot.appendingPathComponent("samples/Info.plist").path], in: project.directory)
        XCTAssertEqual(option.stdout, "no problems in 1 file (1 document)\n")
        // With the key in the plist: nothing to say.
        try project.write(PlistProject.withKey, to: "App/Info.plist")
        let declared = try CLI.run(validate, in: project.directory)
        XCTAssertEqual(declared.status, 0)
        XCTAssertEqual(declared.stdout, "no problems in 1 file (1 document)\n")
        let offered = try CLI.run(["destinations", "--format", "json", "poster.share.yaml"], in: project.directory)
        XCTAssertFalse(offered.stdout.contains("declares neither"), offered.stdout)
    }

    /// Current Xcode projects generate the Info.plist (`GENERATE_INFOPLIST_FILE = YES`) from
    /// `INFOPLIST_KEY_*` build settings: an `.xcconfig`, a `project.pbxproj` or its
    /// `.xcodeproj` stand for the plist, and a key there counts as the plist's.
    func testInfoPlistKeysFromBuildSettings() throws {
        let project = try PlistProject()
        defer { project.remove() }
        func status(_ infoPlist: String) throws -> (Int32, String) {
            try project.write("infoPlist: \(infoPlist)\n", to: ".sharelint.yml")
            let run = try CLI.run(validate, in: project.directory)
            return (run.status, run.stdout + run.stderr)
        }
        try project.write("// Shared settings\nINFOPLIST_KEY_NSPhotoLibraryAddUsageDescription = 保存海报到照片 // Save Image\n", to: "App/App.xcconfig")
        XCTAssertEqual(try status("App/App.xcconfig").0, 0)
        try project.write("INFOPLIST_KEY_CFBundleDisplayName = App\n// INFOPLIST_KEY_NSPhotoLibraryAddUsageDescription = off\n", to: "App/Other.xcconfig")
        let other = try status("App/Other.xcconfig")
        XCTAssertEqual(other.0, 1)
        XCTAssertTrue(other.1.contains("which Other.xcconfig lacks"), other.1)
        let pbxproj = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tA1 /* Debug */ = {
            \t\t\tisa = XCBuildConfiguration;
            \t\t\tbuildSettings = {
            \t\t\t\tGENERATE_INFOPLIST_FILE = YES;
            \t\t\t\tINFOPLIST_KEY_NSPhotoLibraryAddUsageDescription = "Save the poster to \\"Photos\\"";
            \t\t\t};
            \t\t};
            \t};
            }

            """
        try project.write(pbxproj, to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try status("App.xcodeproj/project.pbxproj").0, 0)
        XCTAssertEqual(try status("App.xcodeproj").0, 0, "the project package stands for its project.pbxproj")
        // A configuration that does not generate its plist does not count.
        try project.write(pbxproj.replacingOccurrences(of: "GENERATE_INFOPLIST_FILE = YES", with: "GENERATE_INFOPLIST_FILE = NO"),
                          to: "App.xcodeproj/project.pbxproj")
        let notGenerated = try status("App.xcodeproj")
        XCTAssertEqual(notGenerated.0, 1)
        XCTAssertTrue(notGenerated.1.contains("which project.pbxproj lacks"), notGenerated.1)
        // --info-plist takes them too.
        try project.write("", to: ".sharelint.yml")
        let option = try CLI.run(validate + ["--info-plist", "App/App.xcconfig"], in: project.directory)
        XCTAssertEqual(option.stdout, "no problems in 1 file (1 document)\n")
    }

    func testAnInfoPlistOutsideTheRootOrMissingIsAConfigurationError() throws {
        let project = try PlistProject()
        defer { project.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-plist-outside-\(UUID().uuidString).plist")
        try Data(PlistProject.withKey.utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let up = "../" + outside.lastPathComponent
        try project.write("strict: false\ninfoPlist: \(up)\n", to: ".sharelint.yml")
        let escaping = try CLI.run(validate, in: project.directory)
        XCTAssertEqual(escaping.status, 2)
        XCTAssertEqual(escaping.stdout, "")
        XCTAssertTrue(escaping.stderr.hasPrefix("sharelint: invalid configuration\n.sharelint.yml:2:12: error: 'infoPlist': '\(up)' points outside the root"),
                      escaping.stderr)
        // A symlink inside the root that leads out is outside too.
        try FileManager.default.createSymbolicLink(at: project.directory.appendingPathComponent("App/Linked.plist"), withDestinationURL: outside)
        try project.write("infoPlist: App/Linked.plist\n", to: ".sharelint.yml")
        let linked = try CLI.run(["header", "poster.share.yaml"], in: project.directory)
        XCTAssertEqual(linked.status, 2)
        XCTAssertTrue(linked.stderr.contains(".sharelint.yml:1:12: error: 'infoPlist': 'App/Linked.plist' resolves through a symlink"), linked.stderr)
        // A root narrowed past the Info.plist leaves it outside.
        try FileManager.default.createDirectory(at: project.directory.appendingPathComponent("shares"), withIntermediateDirectories: true)
        try project.write("root: shares\ninfoPlist: App/Info.plist\n", to: ".sharelint.yml")
        XCTAssertEqual(try CLI.run(validate, in: project.directory).status, 2)
        // Missing, or a directory.
        try project.write("infoPlist: App/Missing.plist\n", to: ".sharelint.yml")
        let missing = try CLI.run(["destinations", "poster.share.yaml"], in: project.directory)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "sharelint: invalid configuration\n.sharelint.yml:1:12: error: 'infoPlist': 'App/Missing.plist' does not exist\n")
        try project.write("infoPlist: App\n", to: ".sharelint.yml")
        let directory = try CLI.run(validate, in: project.directory)
        XCTAssertEqual(directory.status, 2)
        XCTAssertTrue(directory.stderr.contains("'App' is a directory, not a file"), directory.stderr)
        // Not a property list.
        try project.write("not a plist", to: "App/Info.plist")
        try project.write("infoPlist: App/Info.plist\n", to: ".sharelint.yml")
        let garbled = try CLI.run(validate, in: project.directory)
        XCTAssertEqual(garbled.status, 2)
        XCTAssertTrue(garbled.stderr.contains(".sharelint.yml:1:12: error: 'infoPlist': 'App/Info.plist': "), garbled.stderr)
        // --info-plist wins: the key is not read at all.
        try project.write("infoPlist: App/Missing.plist\n", to: ".sharelint.yml")
        let option = try CLI.run(validate + ["--info-plist", outside.path], in: project.directory)
        XCTAssertEqual(option.status, 0, option.stderr)
    }
}

/// The language server reads `infoPlist:` as validate does, and lints again when the plist changes.
final class LanguageServerInfoPlistTests: LanguageServerCase {
    private func photoSeverity(_ diagnostics: [[String: Any]]) -> Int? {
        diagnostics.first { $0["code"] as? String == "photo-library-usage" }?["severity"] as? Int
    }

    func testTheServerPicksUpTheConfiguredInfoPlist() throws {
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/assets/qr-poster.png"),
                                         to: directory.appendingPathComponent("poster.png"))
        _ = try write(PlistProject.withoutKey, to: "App/Info.plist")
        _ = try write("infoPlist: App/Info.plist\n", to: ".sharelint.yml")
        let uri = try write(PlistProject.share, to: "poster.share.yaml")
        let client = try client()
        try client.initialize(root: directory, options: ["debounceMilliseconds": 20, "fileCheckMilliseconds": 200])
        try client.open(uri, PlistProject.share)
        XCTAssertEqual(photoSeverity(try client.diagnostics(for: uri)), 1, "an error, as validate reports it")
        // The plist gains the key: linted again without an edit, and the error goes.
        _ = try write(PlistProject.withKey, to: "App/Info.plist")
        XCTAssertNil(photoSeverity(try client.diagnostics(for: uri, timeout: 10)))
        XCTAssertEqual(try client.shutDown(), 0)
    }

    /// 100,000 nested arrays hidden from the old pre-scan behind processing instructions
    /// overflowed the decoder's stack on the first lint, and the server died. The reason
    /// is shown now, and the document is linted and served as without a plist.
    func testADeeplyNestedInfoPlistIsShownAndTheServerGoesOn() throws {
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("samples/assets/qr-poster.png"),
                                         to: directory.appendingPathComponent("poster.png"))
        let depth = 100_000
        _ = try write("<plist><dict><key>a</key>" + String(repeating: "<array><?x > </array> ?>", count: depth)
            + String(repeating: "</array>", count: depth) + "</dict></plist>", to: "App/Info.plist")
        _ = try write("infoPlist: App/Info.plist\n", to: ".sharelint.yml")
        let uri = try write(PlistProject.share, to: "poster.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, PlistProject.share)
        XCTAssertEqual(photoSeverity(try client.diagnostics(for: uri)), 2, "a warning, as without a plist")
        let shown = try client.waitFor("the refused Info.plist shown") { $0["method"] as? String == "window/showMessage" }
        let message = (shown["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("'infoPlist': 'App/Info.plist': the property list nests deeper than 512 levels"), message)
        XCTAssertEqual(try client.shutDown(), 0)
    }

    func testAnInfoPlistOutsideTheRootIsShownAndNotRead() throws {
        _ = try write("infoPlist: ../elsewhere/Info.plist\n", to: ".sharelint.yml")
        let uri = try write(PlistProject.share, to: "poster.share.yaml")
        let client = try client()
        try client.initialize(root: directory)
        try client.open(uri, PlistProject.share)
        _ = try client.diagnostics(for: uri)
        let shown = try client.waitFor("the refused Info.plist shown") { $0["method"] as? String == "window/showMessage" }
        let message = (shown["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains(".sharelint.yml:1:12: error: 'infoPlist': '../elsewhere/Info.plist' points outside the root"), message)
        XCTAssertEqual(try client.shutDown(), 0)
    }
}
