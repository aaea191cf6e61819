import Foundation
import XCTest

/// Every place in code, tests, scripts and docs that cites a doc resolves: the file exists,
/// an `#anchor` is one of its headings, and a quoted section (`docs/decisions.md, "The
/// header"`) is one of its headings or the bold lead of one of its paragraphs.
final class DocCitationTests: XCTestCase {
    private let root = CLI.packageRoot

    /// The files that may cite docs.
    private func citingFiles() throws -> [URL] {
        var files: [URL] = [root.appendingPathComponent("README.md")]
        for folder in ["Sources", "Tests", "scripts", "docs", "Schemas"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard ["swift", "md", "sh", "py", "lua"].contains(url.pathExtension), !url.path.contains("/Golden/") else { continue }
                files.append(url)
            }
        }
        return files
    }

    /// GitHub's anchor of a heading: lower case, spaces to '-', punctuation but '-' and '_' dropped.
    private func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
            return nil
        })
    }

    func testEveryCitedDocAndSectionExists() throws {
        var headings: [String: [String]] = [:]
        var text: [String: String] = [:]
        func doc(_ name: String) -> String? {
            if let known = text[name] { return known }
            guard let contents = try? String(contentsOf: root.appendingPathComponent("docs").appendingPathComponent(name), encoding: .utf8) else { return nil }
            text[name] = contents
            headings[name] = contents.split(separator: "\n").filter { $0.hasPrefix("#") }
                .map { String($0.drop { $0 == "#" }.dropFirst()) }
            return contents
        }
        var citations = 0, sections = 0
        for file in try citingFiles() {
            let contents = try String(contentsOf: file, encoding: .utf8)
            let name = file.path.replacingOccurrences(of: root.path + "/", with: "")
            guard name != "Tests/SharelintCLITests/DocCitationTests.swift" else { continue }
            for match in contents.matches(of: /docs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/) {
                citations += 1
                let target = String(match.1)
                guard doc(target) != nil else {
                    XCTFail("\(name): docs/\(target) does not exist")
                    continue
                }
                if let wanted = match.2.map(String.init) {
                    XCTAssertTrue(headings[target, default: []].map(anchor).contains(wanted), "\(name): docs/\(target)#\(wanted) is no heading")
                }
            }
            // A quoted section after the file: `docs/x.md, "Section"` or `(docs/x.md: "Section")`.
            // Comment markers at line starts go, so a citation may run across lines.
            let quoted = contents.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.drop { $0 == " " }.drop { $0 == "/" || $0 == "#" }.drop { $0 == " " }) }
                .joined(separator: " ")
            for match in quoted.matches(of: /docs\/([a-z0-9-]+\.md)[,:] "([^"]{3,100})"/) {
                sections += 1
                let target = String(match.1), section = String(match.2)
                guard let body = doc(target) else { continue }
                // A heading may say more after it: "File URLs the system may refuse (iOS 26)".
                let isHeading = headings[target, default: []].contains { $0.contains(section) }
                let isLead = body.contains("**\(section)") || body.contains("**`\(section)")
                XCTAssertTrue(isHeading || isLead, "\(name): docs/\(target), \"\(section)\" is neither a heading nor a bold lead there")
            }
        }
        XCTAssertGreaterThan(citations, 100, "the citations are found")
        XCTAssertGreaterThan(sections, 30, "the quoted sections are found")
    }

    /// A citation of docs/performance.md from code, tests or scripts names its section: the
    /// page is long, and "(docs/performance.md)" alone leaves the reader to search it.
    func testEveryPerformanceCitationNamesItsSection() throws {
        var bare: [String] = []
        for file in try citingFiles() where !file.path.contains("/docs/") && file.pathExtension != "md" {
            let name = file.path.replacingOccurrences(of: root.path + "/", with: "")
            guard name != "Tests/SharelintCLITests/DocCitationTests.swift" else { continue }
            let joined = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .map { String($0.drop { $0 == " " }.drop { $0 == "/" || $0 == "#" }.drop { $0 == " " }) }
                .joined(separator: " ")
            for match in joined.matches(of: /docs\/performance\.md(.{0,3})/) where !match.1.hasPrefix(", \"") && !match.1.hasPrefix("#")
                && !match.1.hasPrefix(": \"") {
                bare.append(name)
            }
        }
        XCTAssertEqual(bare, [], "cite a section: docs/performance.md, \"Section\"")
    }
}
