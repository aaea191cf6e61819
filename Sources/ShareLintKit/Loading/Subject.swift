import ShareLintMessages

/// What a loader message names: a value by its key, or an entry by its kind. Kept as a
/// small value (most loads report nothing) and written as a `Message` only for a finding.
indirect enum Subject {
    /// A value by its key: 'title'.
    case key(String)
    /// An entry of a list: an entry of 'conformsTo'.
    case entry(of: Subject)
    case configuration, item, representation, thisItem, thisRepresentation
    case activityItem, thisActivityItem, applicationActivity, activityName, typeDeclaration, parameterName

    var message: Message {
        switch self {
        case .key(let key): return Message(.subjectKey, ["key": key])
        case .entry(let list): return Message(.subjectEntryOf, ["what": list.message])
        case .configuration: return Message(.subjectConfiguration)
        case .item: return Message(.subjectItem)
        case .representation: return Message(.subjectRepresentation)
        case .thisItem: return Message(.subjectThisItem)
        case .thisRepresentation: return Message(.subjectThisRepresentation)
        case .activityItem: return Message(.subjectActivityItem)
        case .thisActivityItem: return Message(.subjectThisActivityItem)
        case .applicationActivity: return Message(.subjectApplicationActivity)
        case .activityName: return Message(.subjectActivityName)
        case .typeDeclaration: return Message(.subjectTypeDeclaration)
        case .parameterName: return Message(.subjectParameterName)
        }
    }
}
