import Foundation
import XCTest

/// `sharelint inspect FILE`: the facts it prints are the facts the rules use. Every
/// file under samples/assets is inspected, and every diagnostic the samples produce
/// about a file's damage, size or alpha is held against them.
final class InspectTests: XCTestCase {
    private var samples: URL { CLI.packageRoot.appendingPathComponent("samples") }

    private func assetPaths() throws -> [String] {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: samples.appendingPathComponent("assets").path))
        return enumerator.compactMap { $0 as? String }.map { "assets/" + $0 }.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: samples.appendingPathComponent(path).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    private func inspect(_ paths: [String]) throws -> [String: [String: Any]] {
        let result = try CLI.run(["inspect", "--format", "json"] + paths, in: samples)
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let files = try XCTUnwrap(json["files"] as? [[String: Any]])
        XCTAssertEqual(files.count, paths.count)
        return Dictionary(uniqueKeysWithValues: files.map { ($0["path"] as! String, $0) })
    }

    func testInspectAgreesWithTheRulesOnEverySampleFile() throws {
        let paths = try assetPaths()
        XCTAssertGreaterThanOrEqual(paths.count, 15)
        let facts = try inspect(paths)
        let report = try CLI.run(["validate", "--format", "json", "--root", ".", ".", "invalid"], in: samples)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        var corruptFiles: Set<String> = []
        var checked = 0
        for file in try XCTUnwrap(json["files"] as? [[String: Any]]) {
            let yamlPath = file["path"] as! String
            let lines = try String(contentsOf: samples.appendingPathComponent(yamlPath), encoding: .utf8).components(separatedBy: "\n")
            for diagnostic in file["diagnostics"] as! [[String: Any]] {
                let rule = diagnostic["rule"] as! String, message = diagnostic["message"] as! String
                guard ["corrupt-file", "preview-size", "activity-image"].contains(rule),
                      (diagnostic["keyPath"] as? String)?.hasSuffix("base64") != true else { continue }
                // The referenced path is the value on the diagnostic's line.
                let line = lines[(diagnostic["line"] as! Int) - 1]
                let value = String(line[line.index(line.firstIndex(of: ":")!, offsetBy: 2)...]).trimmingCharacters(in: .whitespaces)
                let asset = try XCTUnwrap(URL(fileURLWithPath: value, relativeTo: samples.appendingPathComponent(yamlPath).deletingLastPathComponent())
                    .standardizedFileURL.path.components(separatedBy: "/samples/").last)
                let fact = try XCTUnwrap(facts[asset], "\(asset) is not under samples/assets")
                checked += 1
                switch rule {
                case "corrupt-file":
                    corruptFiles.insert(asset)
                    let corrupt = try XCTUnwrap(fact["corrupt"] as? String, "inspect finds no damage in \(asset): \(message)")
                    // The message tells inspect's first problem (inspect lists them all).
                    let details = corrupt.firstRange(of: ": ").map { String(corrupt[$0.upperBound...]) } ?? corrupt
                    let first = details.components(separatedBy: "; at byte").first ?? details
                    XCTAssertTrue(message.contains(first), "\(message) vs inspect: \(corrupt)")
                default:
                    if message.contains("size is unknown") {
                        XCTAssertTrue(fact["displayedWidth"] is NSNull, "\(asset): \(message)")
                    } else if let width = fact["displayedWidth"] as? Int, let height = fact["displayedHeight"] as? Int, message.contains(" px") {
                        XCTAssertTrue(message.contains("\(width)x\(height) px"), "\(asset) is \(width)x\(height) as displayed: \(message)")
                    }
                    if message.contains("every pixel is opaque") { XCTAssertEqual(fact["transparency"] as? String, "opaque", asset) }
                    if message.contains("no alpha channel") { XCTAssertEqual(fact["hasAlpha"] as? Bool, false, asset) }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 8)
        // Every file inspect finds damaged is reported by corrupt-file in some sample, and no other.
        let damaged = Set(facts.filter { !($0.value["corrupt"] is NSNull) }.keys)
        XCTAssertEqual(damaged, corruptFiles)
        XCTAssertEqual(damaged.count, 3)
    }

    func testTextOutputAndExitCodes() throws {
        let clean = try CLI.run(["inspect", "assets/save-qr.png"], in: samples)
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, """
        assets/save-qr.png
          type:        public.png (PNG)
          conforms to: public.png → public.image → public.data, public.content → public.item
          extension:   public.png
          file size:   375 bytes (375 read)
          pixels:      180x180 as stored, 180x180 as displayed
          alpha:       alpha channel; some pixels are transparent
          problems:    none

        """)
        let damaged = try CLI.run(["inspect", "assets/broken/bad-ihdr-crc.png"], in: samples)
        XCTAssertEqual(damaged.status, 1)
        XCTAssertTrue(damaged.stdout.contains("problems:    it is a damaged PNG file: at byte 29, the IHDR CRC is"), damaged.stdout)
        let missing = try CLI.run(["inspect", "assets/nope.png"], in: samples)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "sharelint: inspect assets/nope.png: not a readable regular file\n")
        XCTAssertEqual(try CLI.run(["inspect"], in: samples).status, 2)
    }
}
