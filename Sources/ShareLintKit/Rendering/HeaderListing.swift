/// `sharelint header`'s text output: `path[#doc]: title — subtitle`, "no preview (why)",
/// with `--ios all` one line per iOS behaviour where they differ, and what a scan of the
/// poster's mini-program code opens.
public enum HeaderListing {
    /// The listing of every document's header in a run, and the errors of each file.
    public static func render(_ run: LintRun, target: IOSTarget) -> String {
        var out = ""
        for file in run.files {
            for document in file.documents {
                let path = TerminalText.visible(file.path)
                let name = file.documents.count > 1 ? "\(path)#\(document.index)" : path
                let shown = describe(document.header, noPreviewReason: document.noPreviewReason)
                if document.otherTargets.isEmpty {
                    out += "\(name): \(shown)\n"
                } else {
                    out += "\(name):\n  \(target.behaviourLabel): \(shown)\n"
                    for other in document.otherTargets {
                        out += "  \(other.targets): \(describe(other.prediction.header, noPreviewReason: other.prediction.noPreviewReason))\n"
                    }
                }
                if let code = document.miniProgramCode { out += "  mini-program code: \(TerminalText.visible(code.sentence))\n" }
            }
            for diagnostic in file.diagnostics where diagnostic.severity == .error {
                out += "  \(TerminalText.visible(file.path)):\(diagnostic.range.start.line):\(diagnostic.range.start.column): error: "
                    + "\(TerminalText.visible(diagnostic.message)) [\(diagnostic.rule)]\n"
            }
        }
        return out
    }

    /// "title — subtitle", "title", a fetched page, or "no preview (why)".
    public static func describe(_ header: Header?, noPreviewReason: String?) -> String {
        guard let header else {
            return noPreviewReason.map { "no preview (\(TerminalText.visible($0)))" } ?? "no header (the document could not be modeled)"
        }
        let note = header.decidedAtRunTime.map { " (decided at run time: \(TerminalText.visible($0)))" } ?? ""
        if header.style == .fetched, let url = header.fetchedURL, header.title.isEmpty {
            return "the title of the page at \(TerminalText.visible(url)), which iOS fetches — \(TerminalText.visible(header.subtitle))" + note
        }
        let title = TerminalText.visible(header.title), subtitle = TerminalText.visible(header.subtitle)
        if subtitle.isEmpty { return (title.isEmpty ? "(no title)" : title) + note }
        return (title.isEmpty ? "(no title)" : title) + " — " + subtitle + note
    }
}
