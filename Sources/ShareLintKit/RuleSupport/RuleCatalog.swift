/// Every rule sharelint knows, in the order of docs/rules.md.
public enum RuleCatalog {
    /// All rules, in the order `visitAll` visits them.
    package static let all: [any Rule] = {
        var collector = RuleCollector()
        visitAll(&collector)
        return collector.rules
    }()

    /// Visits every rule of the catalog, in its order: the one list of them. A visitor of
    /// a known type gets each rule as its own type, so a call it makes is a direct call,
    /// not a call through the `any Rule` box (what `Linter` runs rules with).
    static func visitAll<V: RuleVisitor>(_ visitor: inout V) {
        visitor.visit(YAMLSyntaxRule())
        visitor.visit(DuplicateKeyRule())
        visitor.visit(UnknownKeyRule())
        visitor.visit(MissingKeyRule())
        visitor.visit(WrongKindRule())
        visitor.visit(MergeKeyRule())
        visitor.visit(UndefinedAliasRule())
        visitor.visit(ImplicitTypeRule())
        visitor.visit(UnsupportedSchemaVersionRule())
        visitor.visit(ResourceLimitRule())
        visitor.visit(EmptyConfigurationRule())
        visitor.visit(UndeclaredParameterRule())
        visitor.visit(UnusedParameterRule())
        visitor.visit(ParameterKindRule())
        visitor.visit(InvalidTypeIdentifierRule())
        visitor.visit(UnknownTypeRule())
        visitor.visit(DynamicTypeRule())
        visitor.visit(AbstractTypeRule())
        visitor.visit(ReservedTypeDeclarationRule())
        visitor.visit(PayloadConflictRule())
        visitor.visit(PayloadTypeMismatchRule())
        visitor.visit(TypeNotInferableRule())
        visitor.visit(DuplicateRepresentationRule())
        visitor.visit(FileNotFoundRule())
        visitor.visit(PathOutsideRootRule())
        visitor.visit(ContentTypeMismatchRule())
        visitor.visit(CorruptFileRule())
        visitor.visit(ExtensionMismatchRule())
        visitor.visit(InvalidBase64Rule())
        visitor.visit(InvalidURLRule())
        visitor.visit(InsecureURLRule())
        visitor.visit(DisallowedURLSchemeRule())
        visitor.visit(EmptyTextRule())
        visitor.visit(TextTooLongRule())
        visitor.visit(PreviewNotImageRule())
        visitor.visit(PreviewSizeRule())
        visitor.visit(LinkMetadataIncompleteRule())
        visitor.visit(ActivityTypeSyntaxRule())
        visitor.visit(ReservedActivityTypeRule())
        visitor.visit(DuplicateActivityTypeRule())
        visitor.visit(ActivityImageRule())
        visitor.visit(UnknownActivityTypeRule())
        visitor.visit(PhotoLibraryUsageRule())
        visitor.visit(UnusedSuppressionRule())
        visitor.visit(HeaderMismatchRule())
        visitor.visit(NoHeaderPreviewRule())
        visitor.visit(PlaceholderMismatchRule())
        visitor.visit(UnknownOverrideActivityRule())
        visitor.visit(UnusedOverrideRule())
        visitor.visit(SubjectWithoutMailRule())
        visitor.visit(WeChatCodeParameterRule())
        visitor.visit(WeChatCodeSceneRule())
        visitor.visit(WeChatCodePageRule())
        visitor.visit(WeChatCodeLimitedRule())
        visitor.visit(WeChatCodeWidthRule())
        visitor.visit(WeChatCodeImageRule())
        visitor.visit(WeChatCodeEnvVersionRule())
        visitor.visit(DestinationMismatchRule())
        visitor.visit(ExcludedThirdPartyTypeRule())
        visitor.visit(DeprecatedActivityTypeRule())
        visitor.visit(ExcludedNeverOfferedRule())
        visitor.visit(FullWidthPunctuationRule())
        visitor.visit(TypographicQuotesRule())
    }

    private static let byID: [RuleID: RuleDescription] = Dictionary(uniqueKeysWithValues: all.map { ($0.description.id, $0.description) })

    /// The description of a rule id, if it exists.
    package static func description(of id: RuleID) -> RuleDescription? { byID[id] }

    /// Every rule id.
    package static var ids: [RuleID] { all.map(\.description.id) }
}

/// Something done with each rule of the catalog (`RuleCatalog.visitAll`).
protocol RuleVisitor {
    mutating func visit<R: Rule>(_ rule: R)
}

/// Collects the catalog's rules into `RuleCatalog.all`.
private struct RuleCollector: RuleVisitor {
    var rules: [any Rule] = []
    mutating func visit<R: Rule>(_ rule: R) { rules.append(rule) }
}

/// Runs the catalog's rules on one configuration, each by a direct call.
struct CatalogCheck: RuleVisitor {
    let context: RuleContext
    var findings: Findings
    mutating func visit<R: Rule>(_ rule: R) { rule.check(context, &findings) }
}
