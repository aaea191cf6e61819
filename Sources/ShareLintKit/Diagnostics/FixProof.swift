import YAMLSyntax

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
///
/// Fixes are proven as a batch: one lint of the text with all of them applied judges each
/// (every rename of the batch in force), through indexes built once, so proving N fixes
/// costs one pass over both reports and N look-ups.
package enum FixProof {
    /// Rules whose findings follow from right values (what the sheet shows and offers).
    package static let consequences: Set<RuleID> = [.photoLibraryUsage, .noHeaderPreview, .headerMismatch, .destinationMismatch,
                                            .excludedNeverOffered]
    /// Problems a fix must never add anywhere: it would have broken the structure.
    package static let structural: Set<RuleID> = [.yamlSyntax, .duplicateKey, .wrongKind, .payloadConflict, .missingKey]

    /// Whether `after` (the text with this fix applied) proves the fix.
    package static func isSafe(_ fix: Fix, before: FileReport, after: FileReport) -> Bool {
        unsafeFixes([fix], before: before, after: after).isEmpty
    }

    /// The fixes (indexes into `fixes`) that `after`, the text with all of them applied,
    /// does not prove; empty exactly when it proves every one. A fix fails when its
    /// diagnostic is not gone or a new problem stands near it (as `FixProof` says). A new
    /// structural problem fails every fix of its document; only the fixes near it are
    /// named (by key path, or by line for a problem without one: a key repeated by a
    /// rename, a syntax error), all of them when none is: the others are judged again once
    /// those are dropped.
    package static func unsafeFixes(_ fixes: [Fix], before: FileReport, after: FileReport) -> Set<Int> {
        guard !fixes.isEmpty else { return [] }
        let batch = Batch(fixes)
        var unsafe: Set<Int> = []
        // What each fix's rule counts where it stood, and where it stands after.
        var counted: [Name: Int] = [:], earlier: [Name: Int] = [:]
        for d in before.diagnostics {
            counted[Name(d), default: 0] += 1
            earlier[Name(document: d.document, rule: d.rule, keyPath: batch.renamed(d.keyPath, in: d.document)), default: 0] += 1
        }
        var now: [Name: Int] = [:]
        var positions: [Name: [SourcePosition]] = [:]
        for d in after.diagnostics {
            let name = Name(d)
            now[name, default: 0] += 1
            if structural.contains(d.rule) { positions[name, default: []].append(d.range.start) }
        }
        // Gone: fewer of its kind where it stood (others of the rule may share the key path,
        // such as full-width punctuation in one line's flow list).
        for (i, fix) in fixes.enumerated() {
            let d = fix.diagnostic
            if d.rule == .yamlSyntax {
                // libyaml reports its first error only: a fix is gone when no syntax error
                // stands on its line or before it any more (the next may come to light).
                let stays = after.diagnostics.contains {
                    $0.rule == .yamlSyntax && $0.document == d.document && $0.range.start.line <= d.range.start.line
                }
                if stays { unsafe.insert(i) }
                continue
            }
            let at = Name(document: d.document, rule: d.rule, keyPath: batch.fixedKey[i])
            if now[at, default: 0] >= counted[Name(d), default: 0] { unsafe.insert(i) }
        }
        // New: more of a rule at a key path than there was (under the names it has after).
        for (name, count) in now where count > earlier[name, default: 0] && !consequences.contains(name.rule) {
            if structural.contains(name.rule) {
                unsafe.formUnion(batch.near(structural: name, at: positions[name] ?? []))
            } else {
                unsafe.formUnion(batch.near(name))
            }
        }
        return unsafe
    }

    /// The fixes without those that clash with an earlier one: a key renamed to the name
    /// another rename of the same mapping gives, or an activity type fixed to the one
    /// another fix of the same list writes. The first of each group is kept; the others
    /// are judged again once it is applied.
    static func withoutClashes(_ fixes: [Fix]) -> [Fix] {
        var written: Set<Name> = []
        return fixes.filter { fix in
            let d = fix.diagnostic
            guard d.rule == .unknownKey || d.rule == .unknownActivityType else { return true }
            return written.insert(Name(document: d.document, rule: d.rule, keyPath: join(parent(of: d.keyPath), fix.replacement))).inserted
        }
    }

    /// The key path that holds a key path's last key or index ("" for a top-level key).
    package static func parent(of keyPath: String) -> String {
        guard let last = keyPath.lastIndex(where: { $0 == "." || $0 == "[" }) else { return "" }
        return String(keyPath[..<last])
    }

    private static func join(_ parent: String, _ key: String) -> String {
        parent.isEmpty ? key : parent + "." + key
    }

    /// A rule's diagnostics at a key path of a document.
    private struct Name: Hashable {
        var document: Int?
        var rule: RuleID
        var keyPath: String

        init(document: Int?, rule: RuleID, keyPath: String) {
            self.document = document
            self.rule = rule
            self.keyPath = keyPath
        }

        init(_ diagnostic: Diagnostic) {
            self.init(document: diagnostic.document, rule: diagnostic.rule, keyPath: diagnostic.keyPath)
        }
    }

    /// A key path in a document.
    private struct Place: Hashable {
        var document: Int?
        var keyPath: String
    }

    /// A batch of fixes, indexed once: its renames, and each fix by where it stands after.
    private struct Batch {
        let fixes: [Fix]
        /// The key paths renamed by the batch, as written before, to their paths after.
        private var renames: [Place: String] = [:]
        /// Where each fix's value stands after the batch.
        private(set) var fixedKey: [String] = []
        /// The fixes by the key path of their value, and of their entry, after the batch.
        private var byFixedKey: [Place: [Int]] = [:], byEntry: [Place: [Int]] = [:]
        /// The fixes of each document, and of each column of it, in text order, with the
        /// line each starts on after.
        private var byDocument: [Int?: [Located]] = [:], byColumn: [Column: [Located]] = [:]

        /// A fix and the line it starts on after the batch.
        struct Located {
            var fix: Int
            var line: Int
        }

        /// A column of a document.
        struct Column: Hashable {
            var document: Int?
            var column: Int
        }

        init(_ fixes: [Fix]) {
            self.fixes = fixes
            for fix in fixes where fix.diagnostic.rule == .unknownKey {
                let d = fix.diagnostic
                renames[Place(document: d.document, keyPath: d.keyPath)] = join(parent(of: d.keyPath), fix.replacement)
            }
            var addedLines = 0
            for i in fixes.indices.sorted(by: { fixes[$0].bytes.lowerBound < fixes[$1].bytes.lowerBound }) {
                let located = Located(fix: i, line: fixes[i].range.start.line + addedLines), document = fixes[i].diagnostic.document
                byDocument[document, default: []].append(located)
                byColumn[Column(document: document, column: fixes[i].range.start.column), default: []].append(located)
                addedLines += Self.lineBreaks(in: fixes[i].replacement)
            }
            fixedKey = fixes.map { renamed($0.diagnostic.keyPath, in: $0.diagnostic.document) }
            for (i, fix) in fixes.enumerated() {
                let document = fix.diagnostic.document
                byFixedKey[Place(document: document, keyPath: fixedKey[i]), default: []].append(i)
                byEntry[Place(document: document, keyPath: parent(of: fixedKey[i])), default: []].append(i)
            }
        }

        /// A key path as it reads once the batch's renames are made: each prefix ending
        /// before a `.` or `[` (or the whole path) that a fix renames takes its new name,
        /// the longest first (a shorter one is still the start of what it gives).
        func renamed(_ keyPath: String, in document: Int?) -> String {
            guard !renames.isEmpty else { return keyPath }
            let bytes = Array(keyPath.utf8)
            var path = bytes
            var end = bytes.count
            while end > 0 {
                if let new = renames[Place(document: document, keyPath: String(decoding: bytes[..<end], as: UTF8.self))] {
                    path = Array(new.utf8) + path[end...]
                }
                end -= 1
                while end > 0, bytes[end] != UInt8(ascii: "."), bytes[end] != UInt8(ascii: "[") { end -= 1 }
            }
            return path == bytes ? keyPath : String(decoding: path, as: UTF8.self)
        }

        /// Whether a fix is judged by what stands near it: a renamed key only by structure,
        /// and the missing schemaVersion is the whole document's.
        private func judgedNearby(_ i: Int) -> Bool {
            let rule = fixes[i].diagnostic.rule
            return rule != .unsupportedSchemaVersion && rule != .unknownKey
        }

        /// The fixes a problem at this key path stands near: on the fix's value, its entry
        /// or the entry's other values.
        private func nearKeyPath(_ place: Place) -> [Int] {
            byFixedKey[place, default: []] + byEntry[place, default: []]
                + byEntry[Place(document: place.document, keyPath: parent(of: place.keyPath)), default: []]
        }

        /// The fixes a new problem of a rule that is not structural fails.
        func near(_ name: Name) -> [Int] {
            nearKeyPath(Place(document: name.document, keyPath: name.keyPath)).filter(judgedNearby)
        }

        /// The fixes to blame for a new structural problem: those near its key path or
        /// below the key path of one (a renamed key's values), or those on its line, or
        /// the nearest before it (in its column first: a repeated key's first occurrence);
        /// all of the document's when none is.
        func near(structural name: Name, at positions: [SourcePosition]) -> [Int] {
            if !name.keyPath.isEmpty {
                var found = nearKeyPath(Place(document: name.document, keyPath: name.keyPath))
                var prefix = name.keyPath
                while !prefix.isEmpty {
                    prefix = parent(of: prefix)
                    found += byFixedKey[Place(document: name.document, keyPath: prefix), default: []]
                }
                if !found.isEmpty { return found }
            }
            let fixes = byDocument[name.document, default: []]
            var found: [Int] = []
            for position in positions {
                var on = Self.firstIndex(in: fixes, onOrAfter: position.line)
                let first = on
                while on < fixes.count, fixes[on].line == position.line { found.append(fixes[on].fix); on += 1 }
                guard on == first else { continue }
                let column = byColumn[Column(document: name.document, column: position.column), default: []]
                let inColumn = Self.firstIndex(in: column, onOrAfter: position.line)
                if inColumn > 0 { found.append(column[inColumn - 1].fix) } else if first > 0 { found.append(fixes[first - 1].fix) }
            }
            return found.isEmpty ? fixes.map(\.fix) : found
        }

        /// The index of the first fix in a list (in text order) starting on or after a line.
        private static func firstIndex(in list: [Located], onOrAfter line: Int) -> Int {
            var low = 0, high = list.count
            while low < high {
                let middle = (low + high) / 2
                if list[middle].line < line { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// The line breaks a replacement writes (an inserted line has one).
        private static func lineBreaks(in text: String) -> Int {
            var count = 0, afterCR = false
            for scalar in text.unicodeScalars {
                if scalar == "\n" && afterCR { afterCR = false; continue }
                afterCR = scalar == "\r"
                if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) { count += 1 }
            }
            return count
        }
    }
}
