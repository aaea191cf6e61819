import ShareLintMessages
/// A referenced file that does not exist (or is not a regular file).
package struct FileNotFoundRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .fileNotFound, severity: .error,
        summary: "A referenced file does not exist, or is not a regular file.",
        rationale: "The app bundles the files a configuration names; a missing one makes the item provider fail at share time. Paths are relative to the configuration file's directory. The device's file system tells names that differ only in case apart, so `Poster.png` does not find `poster.png` there even where the Mac's does.",
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - file: ↓assets/poster.png\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - file: ↓assets/Mp-Poster.png\n", files: ["assets/mp-poster.png": ExampleFiles.png(width: 64, height: 64)]),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: assets/poster.png\n", files: ["assets/poster.png": ExampleFiles.png(width: 64, height: 64)])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for referenced in context.referencedPaths {
            let path = referenced.path, role = referenced.role.message
            switch referenced.facts.resolution {
            case .notFound:
                let names = context.files.namesBeside(path.value, relativeTo: context.directory, limit: Suggestions.comparisonBudget)
                let written = PathLogic.fileName(of: path.value)
                let folder = PathLogic.directory(of: path.value)
                // The whole path to write, as the author wrote the folder.
                func whole(_ name: String) -> String { path.value.contains("/") ? PathLogic.join(folder, name) : name }
                let sameButCase = names.filter { $0.lowercased() == written.lowercased() }
                let near = sameButCase.count == 1 ? sameButCase[0] : sameButCase.isEmpty ? nearestName(to: written, in: names) : nil
                let hint: Message
                if let near {
                    hint = near.lowercased() == written.lowercased()
                        ? Message(.didYouMeanCase, ["suggestion": whole(near)])
                        : Message(.didYouMean, ["suggestion": whole(near)])
                } else if sameButCase.count > 1 {
                    hint = Message(.namesDifferInCase, ["count": sameButCase.count, "names": sameButCase.sorted().prefix(3).map { "'\(whole($0))'" }])
                } else {
                    hint = Self.imagesBeside(names, written: written).map { images in
                        let shown = images.prefix(4).map { "'\(whole($0))'" }
                        return images.count > 4 ? Message(.folderHoldsMore, ["names": shown, "more": images.count - 4]) : Message(.folderHolds, ["names": shown])
                    } ?? .empty
                }
                findings.report(description.id, Message(.fileNotFound, ["role": role, "path": path.value, "hint": hint]),
                                at: path, suggestion: near.map(whole))
            case .notAFile(let kind):
                findings.report(description.id, Message(.notAFile, ["role": role, "path": path.value, "kind": kind]), at: path)
            case .file, .outsideRoot:
                break
            }
        }
    }

    /// The image files among a folder's names (by extension), sorted, when the missing
    /// name is an image's: what the author may have meant to name.
    static func imagesBeside(_ names: [String], written: String) -> [String]? {
        let images: Set<String> = ["png", "jpg", "jpeg", "heic", "heif", "gif", "webp", "tif", "tiff", "bmp"]
        func isImage(_ name: String) -> Bool { PathLogic.fileExtension(of: name).map { images.contains($0.lowercased()) } ?? false }
        guard isImage(written) else { return nil }
        let found = names.filter(isImage).sorted()
        return found.isEmpty ? nil : found
    }

    /// The name among a folder's names nearest to the missing one: one a typo away (an
    /// edit per six characters: `poster-large.png` is not `poster-thumb.png`).
    private func nearestName(to written: String, in names: [String]) -> String? {
        let name = Array(written.lowercased().unicodeScalars)
        guard !names.isEmpty, !name.isEmpty else { return nil }
        var comparisons = 0
        return Suggestions.closest(to: name, in: names.lazy.map { ($0, Array($0.lowercased().unicodeScalars)) },
                                   allowed: { word, _ in max(1, word / 6) }, comparisons: &comparisons).match?.name
    }
}

/// An absolute path, or one that resolves outside the root.
package struct PathOutsideRootRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .pathOutsideRoot, severity: .error,
        summary: "A path is absolute or resolves (after `..` and symlinks) outside the root.",
        rationale: "Configurations must be self-contained: a path outside the repository works on one machine only, and sharelint never reads outside the root.",
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - file: ↓../../etc/passwd\n    type: public.plain-text\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - file: ↓/Users/me/poster.png\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: assets/../poster.png\n", files: ["poster.png": ExampleFiles.png(width: 64, height: 64)])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for referenced in context.referencedPaths {
            if case .outsideRoot(let reason) = referenced.facts.resolution {
                findings.report(description.id, Message(.outsideRoot, ["role": referenced.role.message, "reason": reason]), at: referenced.path)
            }
        }
    }
}

/// A `base64` payload that does not decode.
package struct InvalidBase64Rule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .invalidBase64, severity: .error,
        summary: "A `base64` payload is not valid standard base64.",
        rationale: "The bytes are decoded when the item is shared; invalid base64 shares nothing.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: com.compuserve.gif\n    base64: ↓R0lGODlhAQABAAAAADs\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n")])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        for (_, representation) in context.representations {
            guard case .base64(let data)? = representation.payload, let problem = Base64.problem(in: data.value) else { continue }
            findings.report(description.id, Message(.base64DoesNotDecode, ["problem": problem]), at: data)
        }
    }
}
