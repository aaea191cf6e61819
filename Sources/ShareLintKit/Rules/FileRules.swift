/// A referenced file that does not exist (or is not a regular file).
public struct FileNotFoundRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "file-not-found", severity: .error,
        summary: "A referenced file does not exist, or is not a regular file.",
        rationale: "The app bundles the files a configuration names; a missing one makes the item provider fail at share time.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: ↓assets/poster.png\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: assets/poster.png\n", files: ["assets/poster.png": ExampleFiles.png(width: 64, height: 64)])])

    public func check(_ context: RuleContext, _ findings: inout Findings) {
        for referenced in context.referencedPaths {
            let path = referenced.path, role = referenced.role.rawValue
            switch referenced.facts.resolution {
            case .notFound:
                findings.report(description.id, "\(role) '\(path.value)' does not exist (paths are relative to this file's directory)", at: path)
            case .notAFile(let kind):
                findings.report(description.id, "\(role) '\(path.value)' is \(kind), not a file", at: path)
            case .file, .outsideRoot:
                break
            }
        }
    }
}

/// An absolute path, or one that resolves outside the root.
public struct PathOutsideRootRule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "path-outside-root", severity: .error,
        summary: "A path is absolute or resolves (after `..` and symlinks) outside the root.",
        rationale: "Configurations must be self-contained: a path outside the repository works on one machine only, and sharelint never reads outside the root.",
        triggering: [
            RuleExample("schemaVersion: 1\nitems:\n  - file: ↓../../etc/passwd\n    type: public.plain-text\n"),
            RuleExample("schemaVersion: 1\nitems:\n  - file: ↓/Users/me/poster.png\n"),
        ],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - file: assets/../poster.png\n", files: ["poster.png": ExampleFiles.png(width: 64, height: 64)])])

    public func check(_ context: RuleContext, _ findings: inout Findings) {
        for referenced in context.referencedPaths {
            if case .outsideRoot(let reason) = referenced.facts.resolution {
                findings.report(description.id, "\(referenced.role.rawValue) \(reason)", at: referenced.path)
            }
        }
    }
}

/// A `base64` payload that does not decode.
public struct InvalidBase64Rule: Rule {
    public init() {}
    public static let description = RuleDescription(
        id: "invalid-base64", severity: .error,
        summary: "A `base64` payload is not valid standard base64.",
        rationale: "The bytes are decoded when the item is shared; invalid base64 shares nothing.",
        triggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: com.compuserve.gif\n    base64: ↓R0lGODlhAQABAAAAADs\n")],
        nonTriggering: [RuleExample("schemaVersion: 1\nitems:\n  - type: com.compuserve.gif\n    base64: R0lGODlhAQABAAAAADs=\n")])

    public func check(_ context: RuleContext, _ findings: inout Findings) {
        for (_, representation) in context.representations {
            guard case .base64(let data)? = representation.payload, let problem = Base64.problem(in: data.value) else { continue }
            findings.report(description.id, "the base64 payload does not decode: \(problem)", at: data)
        }
    }
}
