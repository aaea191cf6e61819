import YAMLSyntax

extension Loader {
    /// The checked keys of one mapping (a handful, so looked up by comparison).
    ///
    /// It names its shape and the loader's written keys without holding them
    /// (`UncountedReference`): a reference held would be retained and released for every
    /// mapping and every copy (about 40 reference-count operations a document, each an
    /// atomic instruction that costs more time than its count of instructions says;
    /// docs/performance.md, "Rules that keep it fast"). That is
    /// safe because a `Fields` never outlives what it names: it is made only by
    /// `Loader.fields` and used only while the loader runs, the written keys are the
    /// loader's own (`writtenKeys`, held for the whole load), and every shape is one of
    /// `FormatSchema`'s static shapes, which live for the process.
    struct Fields {
        private let shapeRef: UncountedReference<FormatSchema.Shape>
        private let keysRef: UncountedReference<WrittenKeys>
        /// This mapping's keys are `writtenKeys[writtenRange]`.
        var writtenRange: Range<Int>
        var path: String
        /// The mapping's node (its range is asked of the document only for a message).
        var node: NodeRef
        /// The allowed keys that unknown keys of this mapping were probably meant to be, a
        /// bit per index in the shape (a set of strings made `Fields?` a generic destroy).
        var meant: UInt64 = 0

        init(shape: FormatSchema.Shape, keys: WrittenKeys, writtenRange: Range<Int>, path: String, node: NodeRef) {
            shapeRef = UncountedReference(shape)
            keysRef = UncountedReference(keys)
            self.writtenRange = writtenRange
            self.path = path
            self.node = node
        }

        /// The allowed keys written, in order.
        var written: [WrittenKey] { keysRef.read { keys in writtenRange.map { keys[$0] } } }

        /// Whether the key named at `name` in the shape is written (no array is made).
        func isWritten(_ name: Int) -> Bool {
            keysRef.read { keys in writtenRange.contains { keys[$0].name == name } }
        }

        /// Whether an unknown key of this mapping was probably meant to be one of `names`.
        func meantAny(of names: [String]) -> Bool {
            shapeRef.read { shape in
                shape.names.indices.contains { $0 < 64 && meant & (1 << UInt64($0)) != 0 && names.contains(shape.names[$0]) }
            }
        }

        func childPath(_ key: String) -> String {
            if path.isEmpty { return key }
            // Paths every document of a stream has are literals, not joined each time.
            switch (path, key) {
            case ("metadata", "linkPresentation"): return "metadata.linkPresentation"
            case ("expect", "header"): return "expect.header"
            case ("expect", "destinations"): return "expect.destinations"
            default: return path + "." + key
            }
        }

        /// The pair of the payload key at `kind` in `Loader.payloadKeys` (text, url, file,
        /// base64), found by its index in the shape (no string compared).
        func payloadPair(_ kind: Int) -> Pair? {
            let name = shapeRef.read { Int($0.payloadIndexes[kind]) }
            guard name >= 0 else { return nil }
            return keysRef.read { keys in
                for i in writtenRange where keys[i].name == name { return keys[i].pair }
                return nil
            }
        }

        subscript(_ key: String) -> Pair? {
            // Lengths first: most keys differ in length, and that test is free.
            let length = key.utf8.count
            return keysRef.read { keys in
                shapeRef.read { shape in
                    for i in writtenRange {
                        let entry = keys[i]
                        if entry.length == length && shape.names[entry.name] == key { return entry.pair }
                    }
                    return nil
                }
            }
        }
    }
}
