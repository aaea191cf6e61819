import ShareLintMessages
import YAMLSyntax

// Conditions: an entry (an item, a representation, an activity item, an exclusion, an
// application activity) present only when a boolean parameter is true, or with `not`
// false: `when: $(isMember)`, `when: not $(isMember)`. sharelint checks and predicts each
// variant (docs/format.md, "Conditions").

/// `when:` of an entry.
public struct Condition: Sendable, Hashable {
    /// The boolean parameter it reads.
    public let parameter: String
    /// The value of the parameter for which the entry is present.
    public let presentWhen: Bool
    /// Where `when`'s value stands.
    public let range: SourceRange
    /// The key path of the entry it conditions, such as `items[1]`.
    public let path: String

    /// Creates a condition.
    package init(parameter: String, presentWhen: Bool, range: SourceRange, path: String) {
        self.parameter = parameter
        self.presentWhen = presentWhen
        self.range = range
        self.path = path
    }

    /// `$(name)` or `not $(name)`, as a value of `when` is written; nil for anything else.
    static func parse(_ text: String) -> (name: String, presentWhen: Bool, tokenOffset: Int)? {
        var rest = Substring(text).drop { $0 == " " }
        var presentWhen = true, offset = text.count - rest.count
        if rest.hasPrefix("not ") {
            presentWhen = false
            let after = rest.dropFirst(4)
            rest = after.drop { $0 == " " }
            offset = text.count - rest.count
        }
        while rest.last == " " { rest = rest.dropLast() }
        guard let pieces = ParameterSyntax.pieces(of: String(rest)), pieces.count == 1,
              case .parameter(let name, _) = pieces[0], ParameterUse.token(name) == String(rest) else { return nil }
        return (name, presentWhen, offset)
    }
}

/// One combination of values of the boolean parameters that conditions read: the entries
/// present in it are those whose conditions hold.
public struct Variant: Sendable, Hashable {
    /// The parameters and their values, in the order the conditions first name them.
    public let values: [ParameterValue]

    /// A parameter's value in a variant.
    public struct ParameterValue: Sendable, Hashable {
        /// The parameter's name.
        public let name: String
        /// Its value.
        public let value: Bool
    }

    /// The value of a parameter in this variant, nil when the variant does not set it.
    public func value(of name: String) -> Bool? { values.first { $0.name == name }?.value }

    /// "$(a) is true and $(b) is false".
    package var message: Message {
        Message(.variantValues, ["values": Message.Value.andItems(values.map { value in
            .message(Message(value.value ? .parameterIsTrue : .parameterIsFalse, ["token": ParameterUse.token(value.name)]))
        })])
    }

    /// The most parameters whose every combination is predicted (16 variants).
    static let mostCombined = 4
    /// The most parameters predicted each on its own (two variants each); the others stay
    /// at their examples, so a hostile file with thousands of conditions is read at most
    /// 33 times.
    static let mostOnTheirOwn = 16

    /// The variants of a configuration's conditions on its boolean parameters: every
    /// combination of up to four; else each of the first 16 true and false on its own, the
    /// others at their examples (`isEachOnItsOwn`). Empty without such conditions.
    static func all(for configuration: ShareConfiguration) -> (variants: [Variant], isEachOnItsOwn: Bool) {
        // Only declared booleans vary: a condition on anything else is reported, and its entry kept.
        let booleans = Set(configuration.parameters.filter { $0.kind == .boolean }.map(\.name.value))
        var names: [String] = []
        for condition in configuration.conditions where booleans.contains(condition.parameter) && !names.contains(condition.parameter) {
            names.append(condition.parameter)
        }
        guard !names.isEmpty else { return ([], false) }
        if names.count <= mostCombined {
            let combinations = (0..<(1 << names.count)).map { bits in
                Variant(values: names.indices.map { ParameterValue(name: names[$0], value: bits & (1 << (names.count - 1 - $0)) == 0) })
            }
            return (combinations, false)
        }
        let examples = Dictionary(configuration.parameters.map { ($0.name.value, $0.example?.value == "true") }) { first, _ in first }
        var variants: [Variant] = []
        for name in names.prefix(mostOnTheirOwn) {
            for value in [true, false] {
                let variant = Variant(values: names.map { ParameterValue(name: $0, value: $0 == name ? value : examples[$0] ?? true) })
                if !variants.contains(variant) { variants.append(variant) }
            }
        }
        return (variants, true)
    }
}

extension ShareConfiguration {
    /// Whether a condition reads a declared boolean parameter: then the configuration is
    /// checked and predicted per variant.
    var hasVariants: Bool {
        guard !conditions.isEmpty else { return false }
        let booleans = Set(parameters.lazy.filter { $0.kind == .boolean }.map(\.name.value))
        return conditions.contains { booleans.contains($0.parameter) }
    }
}
