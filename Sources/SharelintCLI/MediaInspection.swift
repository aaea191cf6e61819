import ShareLintMessages
import ShareLintKit

/// `sharelint inspect FILE ...`: what sharelint reads in media files, the same facts
/// the rules use (type, pixel size as stored and as displayed, orientation, alpha,
/// damage). Exits 1 when a file is damaged (what `corrupt-file` reports), 2 when a
/// FILE cannot be read.
enum MediaInspection {
    /// The facts of one file.
    struct Facts {
        var path: String
        var size: Int
        var content: SniffedContent?
        var extensionType: String?
        var transparency: PixelTransparency?
        var corruption: Message?
        /// For a share configuration (`*.share.yaml`, `*.share.yml`): what a scan of each
        /// document's mini-program code opens.
        var codes: [(document: Int, code: MiniProgramCodeSummary)] = []
    }

    /// What each document's mini-program code opens, for a file named as a share
    /// configuration: linted as `validate` would with the file's directory as the root.
    static func miniProgramCodes(of path: String, file: any RandomAccessFile) -> [(document: Int, code: MiniProgramCodeSummary)] {
        let name = PathLogic.fileName(of: path)
        let options = LintOptions()
        guard name.hasSuffix(".share.yaml") || name.hasSuffix(".share.yml"), file.size <= options.maxFileSize else { return [] }
        let directory = PathLogic.directory(of: path)
        let report = Linter(options: options).lint(bytes: file.read(at: 0, count: file.size), displayPath: path, directory: directory,
                                                   files: FileInspector(RootedFileSystem(root: directory)))
        return report.documents.compactMap { document in document.miniProgramCode.map { (document.index, $0) } }
    }

    static func facts(of path: String) throws -> Facts {
        guard FileKind.of(path, follow: true) == .file, let file = RootedFileSystem.openRegularFile(path) else {
            throw UsageError(Message(.inspectNotReadable, ["path": path]))
        }
        let content = ContentSniffer.sniff(file: file)
        var extensionType: String?
        if let ext = PathLogic.fileExtension(of: path), case .type(let type) = UTTypeRegistry.system.inferType(forExtension: ext) {
            extensionType = type
        }
        var transparency: PixelTransparency?
        if content?.type == "public.png", content?.hasAlpha == true, content?.problems.isEmpty == true {
            transparency = PNGTransparency.check(file)
        }
        let head = content == nil && file.size > 0 ? file.read(at: 0, count: 8) : nil
        let corruption = CorruptFileRule.problem(fileSize: file.size, content: content, expectedType: extensionType, head: head)
        return Facts(path: path, size: file.size, content: content, extensionType: extensionType, transparency: transparency, corruption: corruption,
                     codes: miniProgramCodes(of: path, file: file))
    }

    static func run(_ paths: [String], json: Bool, io: CommandIO) throws -> Int32 {
        guard !paths.isEmpty else {
            throw UsageError(Message(.inspectOneOrMore))
        }
        let all = try paths.map(facts(of:))
        try SharelintCommand.emit(json ? renderJSON(all, language: io.language) : all.map { renderText($0, language: io.language) }.joined(separator: "\n"), io)
        return all.contains { $0.corruption != nil } ? SharelintCommand.ExitCode.errors : SharelintCommand.ExitCode.clean
    }

    static func transparencyText(_ facts: Facts) -> Message? {
        guard let content = facts.content, let hasAlpha = content.hasAlpha else { return nil }
        guard hasAlpha else { return Message(.inspectNoAlpha) }
        switch facts.transparency {
        case .transparent?: return Message(.inspectAlphaTransparent)
        case .opaque?: return Message(.inspectAlphaOpaque)
        case .unknown(let reason)?: return Message(.inspectAlphaUnchecked, ["reason": reason])
        case nil: return Message(.inspectAlpha)
        }
    }

    static func renderText(_ facts: Facts, language: Language) -> String {
        var lines = [TerminalText.visible(facts.path)]
        let labels: [MessageID] = [.inspectLabelType, .inspectLabelConforms, .inspectLabelExtension, .inspectLabelSize, .inspectLabelPixels,
                                   .inspectLabelOrientation, .inspectLabelAlpha, .inspectLabelNote, .inspectLabelCode, .inspectLabelProblems]
        let width = labels.map { TerminalText.columns(Message($0).text(in: language)) }.max()! + 2
        func add(_ label: Message, _ value: Message) {
            let shown = label.text(in: language) + (language == .english ? ":" : "：")
            lines.append("  " + shown + String(repeating: " ", count: max(1, width - TerminalText.columns(shown))) + TerminalText.visible(value.text(in: language)))
        }
        func add(_ label: MessageID, _ value: Message) { add(Message(label), value) }
        if let content = facts.content {
            add(.inspectLabelType, .verbatim("\(content.type) (\(content.format))"))
            add(.inspectLabelConforms, .verbatim(TypeLookup.chain(content.type)))
        } else {
            add(.inspectLabelType, Message(facts.size == 0 ? .inspectTypeNoneEmpty : .inspectTypeNotRecognized))
        }
        if let ext = facts.extensionType { add(.inspectLabelExtension, .verbatim(ext)) }
        add(.inspectLabelSize, facts.content.map { Message(.inspectSizeRead, ["size": facts.size, "read": $0.bytesRead]) } ?? Message(.inspectSize, ["size": facts.size]))
        if let content = facts.content {
            if let stored = content.dimensions, let shown = content.displayedDimensions {
                add(.inspectLabelPixels, Message(.inspectPixels, ["stored": stored, "shown": shown]))
            } else if let reason = content.sizeUnknownReason, UTTypeRegistry.system.conforms(content.type, to: "public.image") {
                add(.inspectLabelPixels, Message(.inspectPixelsUnknown, ["reason": reason]))
            }
            if let orientation = content.orientation {
                add(.inspectLabelOrientation, Message(.inspectOrientation, ["value": orientation, "name": SniffedContent.orientationName(orientation)]))
            }
            if let alpha = transparencyText(facts) { add(.inspectLabelAlpha, alpha) }
            for note in content.notes { add(.inspectLabelNote, note) }
        }
        for (document, code) in facts.codes {
            add(facts.codes.count > 1 || document > 0 ? Message(.inspectLabelCodeNumber, ["document": document]) : Message(.inspectLabelCode), code.sentence)
        }
        add(.inspectLabelProblems, facts.corruption.map { Message(.inspectIt, ["problem": $0]) } ?? Message(.noneWord))
        return lines.joined(separator: "\n") + "\n"
    }

    static func renderJSON(_ all: [Facts], language: Language) -> String {
        func int(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }
        let files: [JSONValue] = all.map { facts in
            let content = facts.content
            let transparency: JSONValue
            switch facts.transparency {
            case .transparent?: transparency = .string("transparent")
            case .opaque?: transparency = .string("opaque")
            case .unknown?: transparency = .string("unknown")
            case nil: transparency = .null
            }
            var fields: [(String, JSONValue)] = [
                ("path", .string(facts.path)),
                ("size", .int(facts.size)),
                ("type", .optional(content?.type)),
                ("format", .optional(content?.format)),
                ("conformsTo", .array(content.map { UTTypeRegistry.system.ancestorLevels(of: $0.type).flatMap { $0 }.map(JSONValue.string) } ?? [])),
                ("extensionType", .optional(facts.extensionType)),
                ("width", int(content?.width)),
                ("height", int(content?.height)),
                ("displayedWidth", int(content?.displayedWidth)),
                ("displayedHeight", int(content?.displayedHeight)),
                ("orientation", int(content?.orientation)),
                ("hasAlpha", content?.hasAlpha.map(JSONValue.bool) ?? .null),
                ("transparency", transparency),
                ("alpha", .optional(transparencyText(facts)?.text(in: language))),
                ("problems", .array((content?.problems ?? []).map { .object([("offset", .int($0.offset)), ("message", .string($0.text.text(in: language)))]) })),
                ("corrupt", .optional(facts.corruption?.text(in: language))),
                ("notes", .array((content?.notes ?? []).map { .string($0.text(in: language)) })),
                ("bytesRead", int(content?.bytesRead)),
            ]
            if !facts.codes.isEmpty {
                fields.append(("miniProgramCodes", .array(facts.codes.map { document, code in
                    .object([("document", .int(document))] + JSONRenderer.miniProgramCodeFields(code, language: language))
                })))
            }
            return .object(fields)
        }
        return JSONValue.object([("version", .int(1)), ("locale", .string(language.rawValue)), ("files", .array(files))]).serialized(indent: 2) + "\n"
    }
}

private extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
