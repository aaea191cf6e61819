/// Every rule sharelint knows, in the order of SPEC §6, then the rules later issues add.
public enum RuleCatalog {
    /// All rules.
    public static let all: [any Rule] = [
        YAMLSyntaxRule(), DuplicateKeyRule(), UnknownKeyRule(), MissingKeyRule(), WrongKindRule(), MergeKeyRule(),
        UndefinedAliasRule(), ImplicitTypeRule(), UnsupportedSchemaVersionRule(), ResourceLimitRule(),
        EmptyConfigurationRule(), InvalidTypeIdentifierRule(), UnknownTypeRule(), DynamicTypeRule(), AbstractTypeRule(),
        ReservedTypeDeclarationRule(), PayloadConflictRule(), PayloadTypeMismatchRule(), TypeNotInferableRule(),
        DuplicateRepresentationRule(), FileNotFoundRule(), PathOutsideRootRule(), ContentTypeMismatchRule(), CorruptFileRule(), ExtensionMismatchRule(),
        InvalidBase64Rule(), InvalidURLRule(),
        InsecureURLRule(), DisallowedURLSchemeRule(), EmptyTextRule(), TextTooLongRule(), PreviewNotImageRule(), PreviewSizeRule(),
        LinkMetadataIncompleteRule(), ActivityTypeSyntaxRule(), ReservedActivityTypeRule(), DuplicateActivityTypeRule(),
        ActivityImageRule(), UnknownActivityTypeRule(), PhotoLibraryUsageRule(), UnusedSuppressionRule(), HeaderMismatchRule(),
        NoHeaderPreviewRule(), PlaceholderMismatchRule(), UnknownOverrideActivityRule(), UnusedOverrideRule(), SubjectWithoutMailRule(),
        WeChatCodeParameterRule(), WeChatCodeSceneRule(), WeChatCodePageRule(), WeChatCodeLimitedRule(), WeChatCodeWidthRule(),
        WeChatCodeImageRule(), WeChatCodeEnvVersionRule(),
        DestinationMismatchRule(), ExcludedThirdPartyTypeRule(), DeprecatedActivityTypeRule(),
        ExcludedNeverOfferedRule(),
    ]

    private static let byID: [RuleID: RuleDescription] = Dictionary(uniqueKeysWithValues: all.map { ($0.description.id, $0.description) })

    /// The description of a rule id, if it exists.
    public static func description(of id: RuleID) -> RuleDescription? { byID[id] }

    /// Every rule id.
    public static var ids: [RuleID] { all.map(\.description.id) }
}
