import ShareLintMessages
import YAMLSyntax

/// A referenced file or base64 payload that is empty, truncated or damaged.
package struct CorruptFileRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .corruptFile, severity: .error,
        summary: "A referenced file or base64 payload is empty, truncated or damaged: a bad signature or header (PNG IHDR fields and CRC), an impossible size, or a file that changed while it was read.",
        rationale: "iOS cannot decode a damaged file: the item, its preview or the activity icon stays blank, or the receiving app rejects it. Each finding names the byte offset of the first problem and what was expected there (`sharelint inspect FILE` lists every problem), so the file can be re-exported.",
        triggering: [
            RuleExample("# poster.png is empty (0 bytes)\nschemaVersion: 1\nitems:\n  - file: ↓poster.png\n    previews:\n      thumbnail: ↓poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n",
                        files: ["poster.png": []]),
            RuleExample("# damaged.png: colour type 7 in its IHDR (and so a wrong CRC); notes.jpg: text\nschemaVersion: 1\nitems:\n  - file: ↓damaged.png\n  - type: public.jpeg\n    file: ↓notes.jpg\nexcludedActivityTypes: [saveToCameraRoll]\n",
                        files: ["damaged.png": Array(ExampleFiles.png(width: 32, height: 32).enumerated().map { $0.offset == 25 ? 7 : $0.element }),
                                "notes.jpg": Array("just some text\n".utf8)]),
        ],
        nonTriggering: [RuleExample("# poster.png: a whole 120x120 PNG\nschemaVersion: 1\nitems:\n  - file: poster.png\n    previews:\n      thumbnail: poster.png\nexcludedActivityTypes: [saveToCameraRoll]\n",
                                    files: ["poster.png": ExampleFiles.png(width: 120, height: 120)])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        // The declared types of representations' files, by position: built when a first
        // file needs a closer look (a whole file of a known format, the usual case, does not).
        var declared: [SourcePosition: String]?
        for referenced in context.referencedPaths {
            let path = referenced.path, facts = referenced.facts
            guard case .file(let resolved, let size) = facts.resolution else { continue }
            if size > 0, let content = facts.content, content.problems.isEmpty { continue }
            if declared == nil {
                var types: [SourcePosition: String] = [:]
                for (_, representation) in context.representations {
                    if case .file(let file)? = representation.payload, let type = representation.type?.value { types[file.range.start] = type }
                }
                declared = types
            }
            let expectedType = declared?[path.range.start] ?? PathLogic.fileExtension(of: path.value).flatMap { ext -> String? in
                if case .type(let type) = context.registry.inferType(forExtension: ext) { return type }
                return nil
            }
            let head = facts.content == nil && size > 0 ? context.files.head(ofResolved: resolved, limit: 8) : nil
            if size > 0, let content = facts.content, !content.problems.isEmpty {
                findings.report(description.id, Message(.damagedFile, ["role": referenced.role.message, "path": path.value, "format": content.format,
                                                                     "problems": Self.list(content.problems, firstOnly: true)]), at: path)
            } else if let problem = Self.problem(fileSize: size, content: facts.content, expectedType: expectedType, head: head) {
                findings.report(description.id, Message(.corruptFile, ["role": referenced.role.message, "path": path.value, "problem": problem]), at: path)
            }
        }
        for (_, representation) in context.representations {
            guard case .base64(let data)? = representation.payload, let content = context.content(of: representation) else { continue }
            guard !content.problems.isEmpty else { continue }
            findings.report(description.id, Message(.damagedBase64, ["format": content.format, "problems": Self.list(content.problems, firstOnly: true)]), at: data)
        }
    }

    /// What is wrong with a file, as the end of a sentence that starts with its name
    /// ("is empty (0 bytes): expected PNG data"); nil when nothing is. `expectedType` is
    /// the declared type, or the extension's; `head` the first bytes of unrecognized content.
    package static func problem(fileSize: Int, content: SniffedContent?, expectedType: String?, head: [UInt8]?) -> Message? {
        if fileSize > 0, let content {
            return content.problems.isEmpty ? nil : Message(.isDamagedFile, ["format": content.format, "problems": list(content.problems)])
        }
        let expected = expectedType.flatMap(ContentSniffer.expectedSignature(of:))
        if fileSize == 0 { return Message(.isEmptyZeroBytes, ["expected": expected.map { Message(.expectedData, ["format": $0.format]) } ?? .empty]) }
        guard let expected, let head else { return nil }
        return Message(.isNotFormatData, ["format": expected.format, "signature": expected.signature,
                                          "found": ContentSniffer.describe(ByteReader(head), at: 0, count: 8)])
    }

    /// "at byte 25, colour type 7 …; at byte 29, the IHDR CRC …"; with `firstOnly`,
    /// "at byte 25, colour type 7 … (and 1 more problem)".
    static func list(_ problems: [ContentProblem], firstOnly: Bool = false) -> Message {
        let told = firstOnly ? Array(problems.prefix(1)) : problems
        let more = problems.count - told.count
        let moreText = more == 0 ? Message.empty : more == 1 ? Message(.andMoreProblem) : Message(.andMoreProblems, ["count": more])
        return Message(.problemList, ["problems": Message.Value.clauses(told.map { Message(.atByte, ["offset": $0.offset, "problem": $0.text]).messageValue }),
                                      "more": moreText])
    }
}
