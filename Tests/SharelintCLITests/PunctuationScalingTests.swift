import Foundation
import XCTest

/// Full-width punctuation at scale: a line of a million `，` after Chinese text (each was
/// read back to its line's start), a flow list of 100,000 slips on one line (each counted
/// its column from the line's start), and 20,000 keys followed by `：` and a letter (each
/// diagnostic's position was mapped back through every insertion).
final class PunctuationScalingTests: HostileInputCase {
    func testManySlipsAreLinear() throws {
        try write("commas.share.yaml", "schemaVersion: 1\nitems:\n  - text: 扫码" + String(repeating: "，进入", count: 1_000_000) + "\n")
        try write("flow.share.yaml", "schemaVersion: 1\nitems:\n  - text: a\nexcludedActivityTypes: [airDrop" + String(repeating: "，print", count: 100_000) + "]\n")
        var keys = "schemaVersion: 1\nitems:\n"
        for i in 0..<20_000 { keys += "  - type：public.pgn\n    text：扫码\(i)\n" }
        try write("keys.share.yaml", keys)
        let commas = try measure(["validate", "--color", "never", "commas.share.yaml"])
        XCTAssertEqual(commas.status, 0, String(commas.stdout.prefix(400)))
        let flow = try measure(["validate", "--color", "never", "--format", "github", "flow.share.yaml"])
        XCTAssertTrue(flow.stdout.contains("title=full-width-punctuation::"), String(flow.stdout.prefix(400)))
        let many = try measure(["validate", "--color", "never", "--format", "github", "keys.share.yaml"])
        // The last line's value, after the inserted space, is reported where it is written.
        XCTAssertTrue(many.stdout.contains("line=5,col=10,endLine=5,endColumn=20,title=unknown-type::"), String(many.stdout.prefix(600)))
    }
}
