import ShareLintMessages

/// `sharelint header`'s text output: `path[#doc]: title — subtitle`, "no preview (why)",
/// with `--ios all` one line per iOS behaviour where they differ, under a summary of types
/// or no preview the reason and what to add (`HeaderAdvice`), and what a scan of the
/// poster's mini-program code opens.
package enum HeaderListing {
    /// The listing of every document's header in a run, and the errors of each file.
    package static func render(_ run: LintRun, target: IOSTarget, language: Language = .english) -> String {
        var out = ""
        for file in run.files {
            for document in file.documents {
                let path = TerminalText.visible(file.path)
                let name = file.documents.count > 1 ? "\(path)#\(document.index)" : path
                let shown = describe(document.header, noPreviewReason: document.noPreviewReasonText, language: language)
                if let variants = distinctVariants(document) {
                    out += "\(name):\n"
                    for variant in variants {
                        let described = describe(variant.header, noPreviewReason: variant.noPreviewReasonText, language: language)
                        out += "  " + TerminalText.visible(variant.variant.message.text(in: language)) + ": \(described)\n"
                    }
                } else if document.otherTargets.isEmpty {
                    out += "\(name): \(shown)\n"
                } else {
                    out += "\(name):\n  \(target.behaviourLabel): \(shown)\n"
                    for other in document.otherTargets {
                        let described = describe(other.prediction.header, noPreviewReason: other.prediction.noPreviewReasonText, language: language)
                        out += "  \(other.targets): \(described)\n"
                    }
                }
                if let advice = document.headerAdvice { out += "  " + TerminalText.visible(advice.text(in: language)) + "\n" }
                if let note = document.examplesNote { out += "  " + TerminalText.visible(note.text(in: language)) + "\n" }
                if let note = document.variantsNote { out += "  " + TerminalText.visible(note.text(in: language)) + "\n" }
                if let code = document.miniProgramCode {
                    out += "  " + TerminalText.visible(Message(.miniProgramCodeLine, ["sentence": code.sentence]).text(in: language)) + "\n"
                }
            }
            for diagnostic in file.diagnostics where diagnostic.severity == .error {
                out += "  \(TerminalText.visible(file.path)):\(diagnostic.range.start.line):\(diagnostic.range.start.column): "
                    + severityPrefix(.error, language: language) + "\(TerminalText.visible(diagnostic.message(in: language))) [\(diagnostic.rule)]\n"
            }
        }
        return out
    }

    /// A document's variants when their headers differ; nil without conditions or when every
    /// variant shows the same header.
    package static func distinctVariants(_ document: DocumentReport) -> [VariantReport]? {
        guard let first = document.variants.first else { return nil }
        let differ = document.variants.contains { $0.header != first.header || $0.noPreviewReasonText != first.noPreviewReasonText }
        return differ ? document.variants : nil
    }

    /// "error: ", "错误：": a severity before a message.
    package static func severityPrefix(_ severity: Severity, language: Language) -> String {
        severity.word.text(in: language) + (language == .english ? ": " : "：")
    }

    /// "title — subtitle", "title", a fetched page, or "no preview (why)".
    package static func describe(_ header: Header?, noPreviewReason: Message?, language: Language = .english) -> String {
        TerminalText.visible(describing(header, noPreviewReason: noPreviewReason).text(in: language))
    }

    /// The header in words, in any language.
    static func describing(_ header: Header?, noPreviewReason: Message?) -> Message {
        guard let header else {
            return noPreviewReason.map { Message(.noPreviewBecause, ["reason": $0]) } ?? Message(.noHeaderModeled)
        }
        let note = header.decidedAtRunTimeNote.map { Message(.decidedAtRunTimeSuffix, ["note": $0]) } ?? .empty
        if header.style == .fetched, let url = header.fetchedURL, header.title.isEmpty {
            return Message(.listingWithNote, ["text": Message(.fetchedPage, ["url": url, "subtitle": header.subtitle]), "note": note])
        }
        let title = header.title.isEmpty ? Message(.noTitleParens) : Message.verbatim(header.title)
        if header.subtitle.isEmpty { return Message(.listingWithNote, ["text": title, "note": note]) }
        return Message(.listingWithNote, ["text": Message(.titleDashSubtitle, ["title": title, "subtitle": header.subtitle]), "note": note])
    }
}
