/// Every rule's id, once: code names a rule by these constants, never by its string
/// (`RuleIDTests` checks that each rule of the catalogue has one and no other exists).
extension RuleID {
    /// `abstract-type` (TypeRules.swift).
    package static let abstractType: RuleID = "abstract-type"
    /// `activity-image` (ContentRules.swift).
    package static let activityImage: RuleID = "activity-image"
    /// `activity-type-syntax` (ActivityRules.swift).
    package static let activityTypeSyntax: RuleID = "activity-type-syntax"
    /// `content-type-mismatch` (ContentRules.swift).
    package static let contentTypeMismatch: RuleID = "content-type-mismatch"
    /// `corrupt-file` (CorruptFileRule.swift).
    package static let corruptFile: RuleID = "corrupt-file"
    /// `deprecated-activity-type` (DestinationRules.swift).
    package static let deprecatedActivityType: RuleID = "deprecated-activity-type"
    /// `destination-mismatch` (DestinationRules.swift).
    package static let destinationMismatch: RuleID = "destination-mismatch"
    /// `disallowed-url-scheme` (URLRules.swift).
    package static let disallowedURLScheme: RuleID = "disallowed-url-scheme"
    /// `duplicate-activity-type` (ActivityRules.swift).
    package static let duplicateActivityType: RuleID = "duplicate-activity-type"
    /// `duplicate-key` (StructuralRules.swift).
    package static let duplicateKey: RuleID = "duplicate-key"
    /// `duplicate-representation` (TypeRules.swift).
    package static let duplicateRepresentation: RuleID = "duplicate-representation"
    /// `dynamic-type` (TypeRules.swift).
    package static let dynamicType: RuleID = "dynamic-type"
    /// `empty-configuration` (ConfigurationRules.swift).
    package static let emptyConfiguration: RuleID = "empty-configuration"
    /// `empty-text` (TextRules.swift).
    package static let emptyText: RuleID = "empty-text"
    /// `excluded-never-offered` (DestinationRules.swift).
    package static let excludedNeverOffered: RuleID = "excluded-never-offered"
    /// `excluded-third-party-type` (DestinationRules.swift).
    package static let excludedThirdPartyType: RuleID = "excluded-third-party-type"
    /// `extension-mismatch` (ContentRules.swift).
    package static let extensionMismatch: RuleID = "extension-mismatch"
    /// `file-not-found` (FileRules.swift).
    package static let fileNotFound: RuleID = "file-not-found"
    /// `full-width-punctuation` (PunctuationRules.swift).
    package static let fullWidthPunctuation: RuleID = "full-width-punctuation"
    /// `header-mismatch` (ConfigurationRules.swift).
    package static let headerMismatch: RuleID = "header-mismatch"
    /// `implicit-type` (StructuralRules.swift).
    package static let implicitType: RuleID = "implicit-type"
    /// `insecure-url` (URLRules.swift).
    package static let insecureURL: RuleID = "insecure-url"
    /// `invalid-base64` (FileRules.swift).
    package static let invalidBase64: RuleID = "invalid-base64"
    /// `invalid-type-identifier` (TypeRules.swift).
    package static let invalidTypeIdentifier: RuleID = "invalid-type-identifier"
    /// `invalid-url` (URLRules.swift).
    package static let invalidURL: RuleID = "invalid-url"
    /// `link-metadata-incomplete` (ConfigurationRules.swift).
    package static let linkMetadataIncomplete: RuleID = "link-metadata-incomplete"
    /// `merge-key` (StructuralRules.swift).
    package static let mergeKey: RuleID = "merge-key"
    /// `missing-key` (StructuralRules.swift).
    package static let missingKey: RuleID = "missing-key"
    /// `no-header-preview` (ConfigurationRules.swift).
    package static let noHeaderPreview: RuleID = "no-header-preview"
    /// `parameter-kind` (ParameterRules.swift).
    package static let parameterKind: RuleID = "parameter-kind"
    /// `path-outside-root` (FileRules.swift).
    package static let pathOutsideRoot: RuleID = "path-outside-root"
    /// `payload-conflict` (StructuralRules.swift).
    package static let payloadConflict: RuleID = "payload-conflict"
    /// `payload-type-mismatch` (TypeRules.swift).
    package static let payloadTypeMismatch: RuleID = "payload-type-mismatch"
    /// `photo-library-usage` (ConfigurationRules.swift).
    package static let photoLibraryUsage: RuleID = "photo-library-usage"
    /// `placeholder-mismatch` (ActivityItemsRules.swift).
    package static let placeholderMismatch: RuleID = "placeholder-mismatch"
    /// `preview-not-image` (ContentRules.swift).
    package static let previewNotImage: RuleID = "preview-not-image"
    /// `preview-size` (ContentRules.swift).
    package static let previewSize: RuleID = "preview-size"
    /// `reserved-activity-type` (ActivityRules.swift).
    package static let reservedActivityType: RuleID = "reserved-activity-type"
    /// `reserved-type-declaration` (TypeRules.swift).
    package static let reservedTypeDeclaration: RuleID = "reserved-type-declaration"
    /// `resource-limit` (StructuralRules.swift).
    package static let resourceLimit: RuleID = "resource-limit"
    /// `subject-without-mail` (ActivityItemsRules.swift).
    package static let subjectWithoutMail: RuleID = "subject-without-mail"
    /// `text-too-long` (TextRules.swift).
    package static let textTooLong: RuleID = "text-too-long"
    /// `type-not-inferable` (TypeRules.swift).
    package static let typeNotInferable: RuleID = "type-not-inferable"
    /// `typographic-quotes` (PunctuationRules.swift).
    package static let typographicQuotes: RuleID = "typographic-quotes"
    /// `undeclared-parameter` (ParameterRules.swift).
    package static let undeclaredParameter: RuleID = "undeclared-parameter"
    /// `undefined-alias` (StructuralRules.swift).
    package static let undefinedAlias: RuleID = "undefined-alias"
    /// `unknown-activity-type` (ActivityRules.swift).
    package static let unknownActivityType: RuleID = "unknown-activity-type"
    /// `unknown-key` (StructuralRules.swift).
    package static let unknownKey: RuleID = "unknown-key"
    /// `unknown-override-activity` (ActivityItemsRules.swift).
    package static let unknownOverrideActivity: RuleID = "unknown-override-activity"
    /// `unknown-type` (TypeRules.swift).
    package static let unknownType: RuleID = "unknown-type"
    /// `unsupported-schema-version` (StructuralRules.swift).
    package static let unsupportedSchemaVersion: RuleID = "unsupported-schema-version"
    /// `unused-override` (ActivityItemsRules.swift).
    package static let unusedOverride: RuleID = "unused-override"
    /// `unused-parameter` (ParameterRules.swift).
    package static let unusedParameter: RuleID = "unused-parameter"
    /// `unused-suppression` (Diagnostics/Suppressions.swift).
    package static let unusedSuppression: RuleID = "unused-suppression"
    /// `wechat-code-env-version` (WeChatRules.swift).
    package static let wechatCodeEnvVersion: RuleID = "wechat-code-env-version"
    /// `wechat-code-image` (WeChatRules.swift).
    package static let wechatCodeImage: RuleID = "wechat-code-image"
    /// `wechat-code-limited` (WeChatRules.swift).
    package static let wechatCodeLimited: RuleID = "wechat-code-limited"
    /// `wechat-code-page` (WeChatRules.swift).
    package static let wechatCodePage: RuleID = "wechat-code-page"
    /// `wechat-code-parameter` (WeChatRules.swift).
    package static let wechatCodeParameter: RuleID = "wechat-code-parameter"
    /// `wechat-code-scene` (WeChatRules.swift).
    package static let wechatCodeScene: RuleID = "wechat-code-scene"
    /// `wechat-code-width` (WeChatRules.swift).
    package static let wechatCodeWidth: RuleID = "wechat-code-width"
    /// `wrong-kind` (StructuralRules.swift).
    package static let wrongKind: RuleID = "wrong-kind"
    /// `yaml-syntax` (StructuralRules.swift).
    package static let yamlSyntax: RuleID = "yaml-syntax"

    /// Every constant above, in order.
    package static let all: [RuleID] = [
        .abstractType, .activityImage, .activityTypeSyntax, .contentTypeMismatch,
        .corruptFile, .deprecatedActivityType, .destinationMismatch, .disallowedURLScheme,
        .duplicateActivityType, .duplicateKey, .duplicateRepresentation, .dynamicType,
        .emptyConfiguration, .emptyText, .excludedNeverOffered, .excludedThirdPartyType,
        .extensionMismatch, .fileNotFound, .fullWidthPunctuation, .headerMismatch,
        .implicitType, .insecureURL, .invalidBase64, .invalidTypeIdentifier,
        .invalidURL, .linkMetadataIncomplete, .mergeKey, .missingKey,
        .noHeaderPreview, .parameterKind, .pathOutsideRoot, .payloadConflict, .payloadTypeMismatch,
        .photoLibraryUsage, .placeholderMismatch, .previewNotImage, .previewSize,
        .reservedActivityType, .reservedTypeDeclaration, .resourceLimit, .subjectWithoutMail,
        .textTooLong, .typeNotInferable, .typographicQuotes, .undeclaredParameter, .undefinedAlias,
        .unknownActivityType, .unknownKey, .unknownOverrideActivity, .unknownType,
        .unsupportedSchemaVersion, .unusedOverride, .unusedParameter, .unusedSuppression, .wechatCodeEnvVersion, .wechatCodeImage,
        .wechatCodeLimited, .wechatCodePage, .wechatCodeParameter, .wechatCodeScene,
        .wechatCodeWidth, .wrongKind, .yamlSyntax,
    ]
}
