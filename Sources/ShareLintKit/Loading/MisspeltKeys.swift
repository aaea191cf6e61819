import YAMLSyntax

extension Loader {
    /// An unknown key whose nearest allowed key holds keys itself (`metdata` for
    /// `metadata`, `itmes` for `items`): the index of that key in the shape, the pair, and
    /// the key as written.
    typealias MisspeltContainer = (meant: Int, pair: Pair, written: String)

    /// Reads the values of misspelt container keys (reported already) as the keys they
    /// most likely mean, so what they hold is checked now and one fix of the key brings no
    /// new surprise: a meant key that is not written is read from the misspelt one (the
    /// first, when two are); the others' contents are checked against the meant key's
    /// shape without being modeled.
    mutating func readMisspelt(_ containers: [MisspeltContainer], shape: FormatSchema.Shape, into result: inout Fields) {
        for container in containers {
            if !result.isWritten(container.meant) {
                writtenKeys.append(WrittenKey(name: container.meant, length: shape.nameLengths[container.meant], pair: container.pair))
                result.writtenRange = result.writtenRange.lowerBound..<writtenKeys.count
            } else {
                checkContents(of: container.pair.value, as: shape.fields[container.meant].kind,
                              path: result.childPath(container.written), what: .key(container.written))
            }
        }
    }

    /// Checks the keys of a value against `kind` (a mapping's shape, or a list of them),
    /// reporting unknown, missing and wrongly-kinded keys; nothing is modeled.
    mutating func checkContents(of value: NodeRef, as kind: FormatSchema.ValueKind, path: String, what: Subject) {
        switch kind {
        case .object(let shape):
            // A value of another kind: the unknown key's own diagnostic is the message.
            guard doc.kind(value) == .mapping else { return }
            let first = writtenKeys.count
            if let f = fields(value, shape, path: path, what: what) {
                for entry in f.written {
                    let field = shape.fields[entry.name]
                    checkContents(of: entry.pair.value, as: field.kind, path: f.childPath(field.name), what: .key(field.name))
                }
            }
            // Its keys are dropped, so the enclosing mapping's stay one run.
            writtenKeys.removeLast(from: first)
        case .list(let element, _):
            guard case .object = element, doc.kind(value) == .sequence, var cursor = doc.itemCursor(value) else { return }
            var i = 0
            while let node = doc.nextItem(&cursor) {
                checkContents(of: node, as: element, path: Self.elementPath(path, i), what: .entry(of: what))
                i += 1
            }
        default:
            return
        }
    }

    /// Whether a value of this kind holds keys to check (a mapping, or a list of mappings).
    static func holdsKeys(_ kind: FormatSchema.ValueKind) -> Bool {
        switch kind {
        case .object: return true
        case .list(.object, _): return true
        default: return false
        }
    }
}
