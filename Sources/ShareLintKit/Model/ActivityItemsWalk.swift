/// Every value written on the `activityItems` path, for the rules that apply to both paths
/// (URLs, texts, files, types).
extension ShareConfiguration {
    /// Every activity value with where it stands: plain entries, placeholders, and what
    /// item sources return.
    var activityValues: [ActivityValue] {
        // The `items` path (most configurations) has no activity items: nothing is walked.
        guard !activityItems.isEmpty else { return [] }
        var values: [ActivityValue] = []
        for entry in activityItems {
            if let value = entry.value { values.append(value) }
            guard let source = entry.source else { continue }
            if let placeholder = source.placeholder { values.append(placeholder) }
            for response in source.responses { if let item = response.item { values.append(item) } }
        }
        return values
    }

    /// Every item source.
    var itemSources: [ItemSource] { activityItems.isEmpty ? [] : activityItems.compactMap(\.source) }
}

extension ItemSource {
    /// The default response and every override.
    var responses: [ActivityResponse] { [defaults] + overrides.map(\.response) }
}
