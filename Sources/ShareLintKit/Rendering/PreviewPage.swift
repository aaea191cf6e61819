import ShareLintMessages
/// `sharelint preview`: one self-contained HTML page that draws, per document, the share
/// sheet the target iOS will show (the header and the activity rows, the built-in activities
/// with glyphs of our own), in light and dark appearance at iPhone and iPad widths, in the
/// run's language, with the document's diagnostics linked to its source lines. A file or
/// document YAML could not read is drawn as that, with its first error, not as a sheet.
/// No script, no font, no request: a Content-Security-Policy forbids everything but inline
/// styles, inline SVG and `data:` images, so the page cannot load anything even if a
/// string tried. A file's source listing opens by its address (`#f0-src`, or a line's
/// `#f0-L3`) with CSS `:target`, so a reload (`--watch`) keeps it open.
///
/// The page is made in pieces, in order, for the caller to write as they come: `start()`,
/// one `imageRule` per distinct image (each image's bytes appear once in the page, as a
/// CSS class every element showing it uses), `bodyStart()`, one `section` per file, `end()`.
package struct PreviewPage: Sendable {
    /// One document drawn.
    package struct Document: Sendable {
        /// Its index in the stream.
        package var index: Int
        /// `name`, if any.
        package var name: String?
        /// The header, nil for no preview.
        package var header: Header?
        /// Why there is no preview; nil with no header either: the document could not be read.
        package var noPreviewReason: Message?
        /// Under a summary of types or no preview: why, and what to add (`HeaderAdvice`).
        package var advice: Message?
        /// The number of the header's image (`imageRule`), when it is a readable image inside the root.
        package var iconImage: Int?
        /// The share row (app row), in the sheet's order.
        package var shareRow: [Activity]
        /// The action list, in the sheet's order.
        package var actionList: [Activity]
        /// What a scan of the poster's mini-program code opens, when the document says.
        package var miniProgramCode: MiniProgramCodeSummary?
        /// Which parameters' examples are drawn (`DocumentReport.examplesNote`).
        package var examplesNote: Message?
        /// With conditions: which variant is drawn.
        package var variantNote: Message?

        /// Creates a document.
        package init(index: Int, name: String?, header: Header?, noPreviewReason: Message?, iconImage: Int?,
                    shareRow: [Activity], actionList: [Activity], miniProgramCode: MiniProgramCodeSummary? = nil, advice: Message? = nil,
                    examplesNote: Message? = nil, variantNote: Message? = nil) {
            self.examplesNote = examplesNote
            self.variantNote = variantNote
            self.miniProgramCode = miniProgramCode
            self.advice = advice
            self.index = index
            self.name = name
            self.header = header
            self.noPreviewReason = noPreviewReason
            self.iconImage = iconImage
            self.shareRow = shareRow
            self.actionList = actionList
        }
    }

    /// One activity drawn in a row.
    package struct Activity: Sendable, Hashable {
        /// The title under or beside its icon.
        package var title: String
        /// Its activity type, for the page's data attributes.
        package var activityType: String
        /// Whether the app or the system decides at run time whether it shows.
        package var decidedAtRunTime: Bool
        /// The number of a custom activity's image (`imageRule`).
        package var image: Int?
        /// A custom activity's SF Symbol name: drawn as a neutral glyph (the symbols are
        /// Apple's, and not in sharelint).
        package var symbol: String?

        /// Creates an activity.
        package init(title: String, activityType: String, decidedAtRunTime: Bool, image: Int? = nil, symbol: String? = nil) {
            self.symbol = symbol
            self.title = title
            self.activityType = activityType
            self.decidedAtRunTime = decidedAtRunTime
            self.image = image
        }
    }

    /// One share file drawn.
    package struct File: Sendable {
        /// The path as reported.
        package var path: String
        /// Its lines as linted, for the listing the diagnostics link to (none for a file not read).
        package var lines: [String]
        /// Its documents.
        package var documents: [Document]
        /// Its diagnostics.
        package var diagnostics: [Diagnostic]

        /// Creates a file.
        package init(path: String, lines: [String], documents: [Document], diagnostics: [Diagnostic]) {
            self.path = path
            self.lines = lines
            self.documents = documents
            self.diagnostics = diagnostics
        }
    }

    /// The iOS version drawn.
    package var target: IOSTarget
    /// The language of the page's words (the activities' titles come in it already).
    package var language: Language

    /// Creates a page renderer.
    package init(target: IOSTarget, language: Language = .english) {
        self.target = target
        self.language = language
    }

    private func say(_ message: Message) -> String { escape(message.text(in: language)) }

    /// The page up to the images' rules: the head, its policy and the style sheet, left open;
    /// with `reloadsEverySecond` a meta refresh (no script) reloads it each second.
    package func start(reloadsEverySecond: Bool = false) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        \(reloadsEverySecond ? "<meta http-equiv=\"refresh\" content=\"1\">\n" : "")\
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>sharelint preview</title>
        <style>\(Self.style)

        """
    }

    /// The style rule of image number `number`: class `img-N` draws it (after the style
    /// sheet, so it wins over a box's background color); nil when the bytes are not an
    /// image browsers draw.
    package static func imageRule(_ number: Int, bytes: [UInt8]) -> String? {
        dataURI(bytes).map { ".img-\(number) { background-image: url(\"\($0)\"); }\n" }
    }

    /// The end of the head and the start of the body, up to the first file.
    package func bodyStart() -> String {
        """
        </style>
        </head>
        <body>
        \(ActivityGlyphs.sprite)\
        <h1>\(say(Message(.pageHeading))) <small>\(say(Message(.pagePrediction, ["target": "\(target)"])))</small></h1>

        """
    }

    /// One file's section: its documents' sheets and diagnostics, then its listing.
    package func section(_ file: File, fileIndex: Int) -> String {
        var out = "<section class=\"file\" id=\"f\(fileIndex)\">\n<h2>\(escape(file.path))</h2>\n"
        for document in file.documents {
            out += self.document(document, file: file, fileIndex: fileIndex)
        }
        // A file with no document (not read, or empty) still shows why.
        if file.documents.isEmpty {
            if let first = file.diagnostics.first(where: { $0.severity == .error }) { out += unreadable(.couldNotReadFile, first, fileIndex: fileIndex) }
            out += diagnosticList(file.diagnostics, fileIndex: fileIndex)
        }
        out += listing(file, fileIndex: fileIndex)
        out += "</section>\n"
        return out
    }

    /// The end of the page.
    package func end() -> String {
        "</body>\n</html>\n"
    }

    private func document(_ document: Document, file: File, fileIndex: Int) -> String {
        let label = document.name.map { escape($0) } ?? say(Message(.documentNumber, ["index": document.index]))
        var out = "<article class=\"document\" data-document=\"\(document.index)\">\n<h3>\(label)</h3>\n"
        let diagnostics = file.diagnostics.filter { $0.document == document.index || ($0.document == nil && document.index == 0) }
        // Nothing modeled: the document is drawn as unread, with the error that says why.
        if document.header == nil, document.noPreviewReason == nil, let first = diagnostics.first(where: { $0.severity == .error }) {
            return out + unreadable(.couldNotReadDocument, first, fileIndex: fileIndex) + diagnosticList(diagnostics, fileIndex: fileIndex) + "</article>\n"
        }
        out += "<div class=\"devices\">\n"
        for device in ["iphone", "ipad"] {
            out += "<figure class=\"sheet \(device)\" data-device=\"\(device)\">\n"
            out += header(document)
            out += row(document.shareRow)
            out += list(document.actionList)
            out += "<figcaption>\(device == "iphone" ? "iPhone" : "iPad")</figcaption>\n</figure>\n"
        }
        out += "</div>\n"
        if let advice = document.advice { out += "<p class=\"advice\">\(say(advice))</p>\n" }
        if let note = document.examplesNote { out += "<p class=\"advice\">\(say(note))</p>\n" }
        if let note = document.variantNote { out += "<p class=\"advice\">\(say(note))</p>\n" }
        if let code = document.miniProgramCode { out += "<p class=\"mini-program-code\">\(say(Message(.miniProgramCodeLine, ["sentence": code.sentence])))</p>\n" }
        return out + diagnosticList(diagnostics, fileIndex: fileIndex) + "</article>\n"
    }

    /// A file or document sharelint could not read, in place of a sheet: what it says is the
    /// reader's, not iOS's.
    private func unreadable(_ what: MessageID, _ first: Diagnostic, fileIndex: Int) -> String {
        let line = first.range.start.line
        return "<div class=\"unreadable\"><p class=\"title\">\(say(Message(what)))</p><p><a href=\"#f\(fileIndex)-L\(line)\">\(line):\(first.range.start.column)</a> "
            + "\(escape(first.message(in: language))) <code>\(escape(first.rule.rawValue))</code></p></div>\n"
    }

    private func diagnosticList(_ diagnostics: [Diagnostic], fileIndex: Int) -> String {
        var out = "<ul class=\"diagnostics\">\n"
        if diagnostics.isEmpty { out += "<li class=\"clean\">\(say(Message(.noProblems)))</li>\n" }
        for diagnostic in diagnostics {
            let line = diagnostic.range.start.line
            out += "<li class=\"\(diagnostic.severity.rawValue)\"><a href=\"#f\(fileIndex)-L\(line)\">\(line):\(diagnostic.range.start.column)</a> "
            out += "<span class=\"severity\">\(say(diagnostic.severity.word))</span> \(escape(diagnostic.message(in: language))) <code>\(escape(diagnostic.rule.rawValue))</code></li>\n"
        }
        return out + "</ul>\n"
    }

    private func header(_ document: Document) -> String {
        guard let header = document.header else {
            // No metadata: iOS still draws the header's frame with a stock icon and no text.
            let reason = say(document.noPreviewReason ?? Message(.noPreviewShown))
            return "<header class=\"header no-preview\" data-style=\"none\" title=\"\(reason)\"><span class=\"icon stock\"></span><div class=\"texts\"><p class=\"note\">"
                + say(Message(.noPreviewColon, ["reason": document.noPreviewReason ?? Message(.noPreviewShown)])) + "</p></div><span class=\"close\">×</span></header>\n"
        }
        let icon: String
        if let number = document.iconImage {
            icon = "<span class=\"icon picture img-\(number)\" aria-hidden=\"true\" data-source=\"\(header.icon?.rawValue ?? "")\"></span>"
        } else if header.icon == .text {
            icon = "<span class=\"icon symbol\" data-source=\"text\">✎</span>"
        } else {
            icon = "<span class=\"icon stock\" data-source=\"\(header.icon?.rawValue ?? "stock")\"></span>"
        }
        let title = header.style == .fetched ? "<span class=\"unknown\">\(say(Message(.pageOwnTitle)))</span>" : escape(header.title)
        // iOS 26: a header that rests on a file URL the system may refuse says so, with the other outcome.
        let note = header.decidedAtRunTimeNote.map { "<p class=\"note\">\(say(Message(.decidedAtRunTimeColon, ["note": $0])))</p>" } ?? ""
        return """
        <header class="header" data-style="\(header.style.rawValue)">\(icon)<div class="texts"><p class="title" data-title="\(escape(header.title))">\(title)</p><p class="subtitle">\(escape(header.subtitle))</p>\(note)</div><span class="close">×</span></header>

        """
    }

    private func row(_ activities: [Activity]) -> String {
        guard !activities.isEmpty else { return "" }
        var out = "<ol class=\"share-row\">"
        for activity in activities {
            let image = activity.image.map { "<span class=\"picture img-\($0)\" aria-hidden=\"true\"></span>" }
                ?? symbolGlyph(activity)
                ?? BuiltInActivity(named: activity.activityType).flatMap(ActivityGlyphs.use(for:))
                ?? "<span class=\"glyph\">\(escape(String(activity.title.prefix(1))))</span>"
            out += "<li data-activity=\"\(escape(activity.activityType))\"\(activity.decidedAtRunTime ? " class=\"runtime\"" : "")><span class=\"app\">\(image)</span><span class=\"label\">\(escape(activity.title))</span></li>"
        }
        return out + "</ol>\n"
    }

    /// A neutral glyph for an SF Symbol, named in its title.
    private func symbolGlyph(_ activity: Activity) -> String? {
        activity.symbol.map { "<span class=\"symbol\" title=\"\(escape($0))\" aria-hidden=\"true\"></span>" }
    }

    private func list(_ activities: [Activity]) -> String {
        guard !activities.isEmpty else { return "" }
        var out = "<ol class=\"action-list\">"
        for activity in activities {
            let image = activity.image.map { "<span class=\"picture img-\($0)\" aria-hidden=\"true\"></span>" }
                ?? symbolGlyph(activity)
                ?? BuiltInActivity(named: activity.activityType).flatMap(ActivityGlyphs.use(for:)) ?? ""
            let badge = activity.decidedAtRunTime ? "<span class=\"badge\">\(say(Message(.availabilityRunTime)))</span>" : ""
            out += "<li data-activity=\"\(escape(activity.activityType))\"\(activity.decidedAtRunTime ? " class=\"runtime\"" : "")><span class=\"label\">\(escape(activity.title))</span>\(badge)<span class=\"action-icon\">\(image)</span></li>"
        }
        return out + "</ol>\n"
    }

    /// The file's lines, opened by the link above them (`#fN-src`) or a diagnostic's line
    /// link (`#fN-L3`), closed by its own link back to the file: the address says what is
    /// open, so a reload keeps it. One line per line: the spans are blocks, with no line
    /// break between them.
    private func listing(_ file: File, fileIndex: Int) -> String {
        guard !file.lines.isEmpty else { return "" }
        let marked = Set(file.diagnostics.map(\.range.start.line))
        var out = "<p class=\"source-link\"><a href=\"#f\(fileIndex)-src\">\(say(Message(.showSource, ["path": file.path])))</a></p>\n"
        out += "<div class=\"source\" id=\"f\(fileIndex)-src\"><p><a href=\"#f\(fileIndex)\">\(say(Message(.hideSource)))</a></p><pre>"
        for (i, line) in file.lines.enumerated() {
            let number = i + 1
            out += "<span id=\"f\(fileIndex)-L\(number)\"\(marked.contains(number) ? " class=\"marked\"" : "")><b>\(number)</b>\(escape(line))</span>"
        }
        return out + "</pre></div>\n"
    }

    /// Escapes text for HTML content and attribute values; control characters (but tab) and
    /// bidi overrides are shown as visible code points so nothing can reorder or hide text.
    package func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // The characters TerminalText escapes (controls, bidi controls, line
                // separators) are shown as code points here too.
                if TerminalText.isUnsafe(scalar) {
                    out += "&lt;U+" + String(scalar.value, radix: 16, uppercase: true) + "&gt;"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A `data:` URI of image bytes, nil when the bytes are not a kind browsers draw.
    package static func dataURI(_ bytes: [UInt8]) -> String? {
        guard let type = ContentSniffer.sniff(bytes)?.type else { return nil }
        let mime: String
        switch type {
        case "public.png": mime = "image/png"
        case "public.jpeg": mime = "image/jpeg"
        case "com.compuserve.gif": mime = "image/gif"
        case "org.webmproject.webp": mime = "image/webp"
        case "com.microsoft.bmp": mime = "image/bmp"
        default: return nil
        }
        return "data:\(mime);base64," + Base64.encode(bytes)
    }

    static let style = """
    :root { color-scheme: light dark; --bg: #f2f2f7; --sheet: #ffffff; --group: #f2f2f7; --text: #000000; --secondary: #6e6e73;
      --separator: rgba(60,60,67,0.29); --page: #e5e5ea; --accent: #007aff; }
    @media (prefers-color-scheme: dark) { :root { --bg: #000000; --sheet: #1c1c1e; --group: #2c2c2e; --text: #ffffff;
      --secondary: #98989f; --separator: rgba(84,84,88,0.6); --page: #111111; --accent: #0a84ff; } }
    body { margin: 0; padding: 16px; background: var(--page); color: var(--text);
      font: 15px -apple-system, "SF Pro Text", "Helvetica Neue", "PingFang SC", "Noto Sans CJK SC", sans-serif; }
    h1 { font-size: 20px; } h1 small { font-weight: normal; color: var(--secondary); }
    h2 { font-size: 16px; font-family: ui-monospace, Menlo, monospace; overflow-wrap: anywhere; }
    h3 { font-size: 15px; margin: 8px 0; overflow-wrap: anywhere; }
    .devices { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
    .sheet { margin: 0; background: var(--bg); border-radius: 12px; padding: 12px 0; box-shadow: 0 4px 24px rgba(0,0,0,.2); overflow: hidden; }
    .sheet.iphone { width: 390px; } .sheet.ipad { width: 540px; }
    figcaption { text-align: center; color: var(--secondary); font-size: 12px; padding-top: 8px; }
    .header { display: flex; align-items: center; gap: 12px; padding: 4px 16px 12px; border-bottom: 0.5px solid var(--separator); min-width: 0; }
    .icon { width: 48px; height: 48px; border-radius: 10px; flex: none; object-fit: cover; background: var(--group); display: inline-flex;
      align-items: center; justify-content: center; font-size: 24px; color: var(--secondary); }
    .icon.stock::after { content: ""; width: 28px; height: 28px; border-radius: 7px; background: linear-gradient(var(--accent), #5ac8fa); }
    .texts { flex: 1; min-width: 0; }
    .texts p { margin: 0; }
    .title { font-weight: 600; font-size: 15px; line-height: 20px; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical;
      overflow: hidden; overflow-wrap: anywhere; max-height: 40px; }
    .subtitle { color: var(--secondary); font-size: 13px; line-height: 18px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .unknown, .note { color: var(--secondary); font-style: italic; font-weight: normal; font-size: 13px; overflow-wrap: anywhere; }
    .close { flex: none; width: 30px; height: 30px; border-radius: 15px; background: var(--group); color: var(--secondary);
      display: inline-flex; align-items: center; justify-content: center; }
    .share-row { list-style: none; display: flex; gap: 14px; margin: 0; padding: 14px 16px; overflow: hidden; border-bottom: 0.5px solid var(--separator); }
    .share-row li { width: 64px; flex: none; text-align: center; font-size: 11px; }
    .share-row .app { display: flex; width: 60px; height: 60px; margin: 0 auto 4px; border-radius: 14px; background: var(--sheet);
      align-items: center; justify-content: center; overflow: hidden; }
    .picture { display: block; background-size: 100% 100%; background-repeat: no-repeat; }
    .icon.picture { background-size: cover; background-position: center; }
    .share-row .app .picture { width: 60px; height: 60px; }
    .glyph { font-size: 24px; color: var(--accent); }
    .symbol { display: inline-block; width: 22px; height: 22px; border: 2px solid var(--accent); border-radius: 6px; box-sizing: border-box; }
    .sprite { position: absolute; width: 0; height: 0; overflow: hidden; }
    .share-row .app svg.tile { width: 60px; height: 60px; display: block; }
    .action-icon svg { width: 22px; height: 22px; display: block; color: var(--text); }
    .action-icon svg.tile { width: 26px; height: 26px; }
    .advice { font-size: 13px; color: var(--secondary); max-width: 820px; overflow-wrap: anywhere; }
    .unreadable { background: var(--sheet); border: 2px dashed #ff3b30; border-radius: 12px; padding: 12px 16px; max-width: 540px; overflow-wrap: anywhere; }
    .unreadable p { margin: 4px 0; } .unreadable .title { font-weight: 600; }
    .unreadable a, .source a, .source-link a { color: var(--accent); }
    .share-row .label { display: block; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .action-list { list-style: none; margin: 12px 16px 0; padding: 0; background: var(--sheet); border-radius: 10px; overflow: hidden; }
    .action-list li { display: flex; align-items: center; gap: 8px; padding: 11px 16px; border-bottom: 0.5px solid var(--separator); min-width: 0; }
    .action-list li:last-child { border-bottom: none; }
    .action-list .label { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .action-icon .picture { width: 22px; height: 22px; }
    .runtime { opacity: .6; }
    .badge { font-size: 11px; color: var(--secondary); border: 1px solid var(--separator); border-radius: 6px; padding: 0 4px; flex: none; }
    .diagnostics { font-size: 13px; padding-left: 20px; overflow-wrap: anywhere; }
    .diagnostics .error .severity { color: #ff3b30; } .diagnostics .warning .severity { color: #ff9500; } .diagnostics .info .severity { color: var(--accent); }
    .diagnostics a { color: var(--accent); font-family: ui-monospace, Menlo, monospace; }
    .source { display: none; } .source:target, .source:has(span:target) { display: block; }
    .source pre { font-size: 12px; line-height: 1.35; background: var(--sheet); padding: 8px; overflow-x: auto; margin: 0; }
    .source span { display: block; white-space: pre; min-height: 1.35em; } .source b { display: inline-block; width: 3em; color: var(--secondary); font-weight: normal; }
    .source .marked { background: rgba(255,149,0,.2); } .source span:target { background: rgba(255,59,48,.3); }
    """
}
