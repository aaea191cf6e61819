/// When `--fix` may apply a fix: linting the fixed text must show the fixed diagnostic
/// gone and the new value valid where it stands, with no new diagnostic on it, on its
/// entry (the mapping or list that holds it) or on the entry's other values, and no new
/// structural problem anywhere (for a renamed key: known there, repeating none). A type fix that contradicts the file's content
/// (`content-type-mismatch` on the type) or a list fix that repeats an entry
/// (`duplicate-activity-type`) fails this and stays a suggestion. What a right value
/// rightly makes true elsewhere (a type fixed to an image makes Save Image offered, so
/// `photo-library-usage`) is a consequence: reported, not held against the fix. Values
/// below a renamed key are checked for the first time once it is right; what they show
/// is theirs, not the fix's.
public enum FixProof {
    /// Rules whose findings follow from right values (what the sheet shows and offers).
    public static let consequences: Set<RuleID> = ["photo-library-usage", "no-header-preview", "header-mismatch", "destination-mismatch",
                                            "excluded-never-offered"]
    /// Problems a fix must never add anywhere: it would have broken the structure.
    public static let structural: Set<RuleID> = ["yaml-syntax", "duplicate-key", "wrong-kind", "payload-conflict", "missing-key"]

    /// Whether `after` (the text with this fix, and maybe others, applied) proves the fix.
    public static func isSafe(_ fix: Fix, before: FileReport, after: FileReport) -> Bool {
        let diagnostic = fix.diagnostic
        let key = diagnostic.keyPath
        let entry = parent(of: key)
        let fixedKey = diagnostic.rule == "unknown-key" ? join(entry, fix.replacement) : key
        // Gone: fewer of its kind where it stood (others of the rule may share the key path,
        // such as full-width punctuation in one line's flow list).
        func count(_ report: FileReport, at keyPath: String) -> Int {
            report.diagnostics.count { $0.rule == diagnostic.rule && $0.keyPath == keyPath && $0.document == diagnostic.document }
        }
        guard count(after, at: fixedKey) < count(before, at: key) else { return false }
        // What was there before, under the names it has after the fix.
        var earlier: [String: Int] = [:]
        for d in before.diagnostics where d.document == diagnostic.document {
            earlier[d.rule.rawValue + " " + renamed(d.keyPath, from: key, to: fixedKey), default: 0] += 1
        }
        // A renamed key is valid where it stands when it is known there and repeats no
        // key (structural); what its value shows once checked is the value's. The
        // missing schemaVersion is the whole document's: only the structure is checked.
        let nearOnly = diagnostic.rule != "unsupported-schema-version" && diagnostic.rule != "unknown-key"
        for d in after.diagnostics where d.document == diagnostic.document && !consequences.contains(d.rule) {
            let near = nearOnly && (d.keyPath == fixedKey || d.keyPath == entry || parent(of: d.keyPath) == entry)
            guard near || structural.contains(d.rule) else { continue }
            let name = d.rule.rawValue + " " + d.keyPath
            guard let count = earlier[name], count > 0 else { return false }
            earlier[name] = count - 1
        }
        return true
    }

    /// The key path that holds a key path's last key or index ("" for a top-level key).
    public static func parent(of keyPath: String) -> String {
        guard let last = keyPath.lastIndex(where: { $0 == "." || $0 == "[" }) else { return "" }
        return String(keyPath[..<last])
    }

    private static func join(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : parent + "." + key
    }

    /// A key path below `old` as it reads once `old` is renamed to `new`.
    private static func renamed(_ keyPath: String, from old: String, to new: String) -> String {
        guard old != new, keyPath.hasPrefix(old) else { return keyPath }
        let rest = keyPath.dropFirst(old.count)
        return rest.isEmpty || rest.first == "." || rest.first == "[" ? new + rest : keyPath
    }
}
