import YAMLSyntax

/// Options of a lint run.
public struct LintOptions: Sendable {
    /// The locale the header is predicted in.
    public var locale: HeaderLocale = .en
    /// The iOS version the header is predicted for (`--ios`).
    package var iosTarget: IOSTarget = .default
    /// Also predict the header for the other behaviours (`--ios all`), kept where they differ.
    package var comparesTargets = false
    /// Severity per rule where it differs from the default; nil turns a rule off.
    public var severityOverrides: [RuleID: Severity?] = [:]
    /// Nesting and alias limits.
    package var yamlLimits = YAMLLimits()
    /// The largest share file read, in bytes (10 MiB).
    public var maxFileSize = 10 * 1024 * 1024
    /// A file larger than this is read in pieces of about this many bytes, each ending
    /// before a `---` line, so the memory a large stream takes stays bounded (1 MiB).
    /// The report is the same as reading it whole.
    package var pieceSize = 1 << 20
    /// The most documents read from one file (10,000); past it one `resource-limit`.
    public var maxDocumentsPerFile = 10_000
    /// The most diagnostics reported for one file (10,000, the first by position); past
    /// it one `resource-limit` says how many more there were.
    public var maxDiagnosticsPerFile = 10_000
    /// The longest title before text-too-long, in characters.
    public var maxTitleLength = 200
    /// The longest message body before text-too-long, in characters.
    public var maxMessageBodyLength = 1000
    /// URL schemes besides http and https allowed in links (registered app schemes).
    public var allowedURLSchemes: Set<String> = []
    /// The app's Info.plist, when given (`--info-plist`).
    package var infoPlist: InfoPlistFacts?
    /// Whether document reports carry the destinations (`sharelint destinations`).
    public var includesDestinations = false
    /// Whether file reports keep the text they were linted from (`FileReport.text`), for
    /// `sharelint preview`'s listing. Such a file is read whole, never in pieces.
    package var keepsText = false

    /// Default options.
    public init() {}

    /// The severity a finding gets, or nil when its rule is off.
    package func severity(for finding: Finding, defaultSeverity: Severity) -> Severity? {
        if let override = severityOverrides[finding.rule] { return override }
        return finding.severity ?? defaultSeverity
    }
}

/// What sharelint reads from the app's Info.plist.
package struct InfoPlistFacts: Sendable, Hashable {
    /// The path as given, for messages.
    package var path: String
    /// The NSPhotoLibraryAddUsageDescription string, if the key is present.
    package var photoLibraryAddUsageDescription: String?
    /// The NSPhotoLibraryUsageDescription string (full Photos access), if the key is present.
    package var photoLibraryUsageDescription: String?

    /// Creates facts.
    package init(path: String, photoLibraryAddUsageDescription: String?, photoLibraryUsageDescription: String? = nil) {
        self.path = path
        self.photoLibraryAddUsageDescription = photoLibraryAddUsageDescription
        self.photoLibraryUsageDescription = photoLibraryUsageDescription
    }

    /// Whether either Photos key has a non-blank string: what
    /// `UISaveToCameraRollActivity _canSaveImages` needs while access is undetermined.
    package var declaresPhotoLibraryUsage: Bool {
        [photoLibraryAddUsageDescription, photoLibraryUsageDescription].contains { $0.map { !HeaderModel.isBlank($0) } ?? false }
    }

    /// Reads an XML or binary property list, or the Info.plist keys an `.xcconfig` or a
    /// `project.pbxproj` generates (`BuildSettingsInfoPlist`).
    package init(path: String, bytes: [UInt8]) throws {
        let strings = BuildSettingsInfoPlist.names(path) ? BuildSettingsInfoPlist.keys(in: bytes, path: path) : try PropertyList.topLevelStrings(bytes)
        self.init(path: path, photoLibraryAddUsageDescription: strings["NSPhotoLibraryAddUsageDescription"] ?? nil,
                  photoLibraryUsageDescription: strings["NSPhotoLibraryUsageDescription"] ?? nil)
    }
}
