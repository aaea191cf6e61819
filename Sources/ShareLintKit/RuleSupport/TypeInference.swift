/// Type inference from payloads.
package enum TypeInferenceLogic {
    /// The declared type, else `public.plain-text` for text, `public.url` for url,
    /// the extension's type for file (the sniffed content breaking a tie between
    /// unrelated types); nil when none can be inferred.
    package static func effectiveType(of representation: Representation, registry: UTTypeRegistry, content: SniffedContent?) -> String? {
        if let declared = representation.type?.value { return declared }
        switch representation.payload {
        case .text?: return "public.plain-text"
        case .url?: return "public.url"
        case .file(let path)?:
            guard let ext = PathLogic.fileExtension(of: path.value) else { return nil }
            switch registry.inferType(forExtension: ext) {
            case .type(let identifier): return identifier
            case .ambiguous(let candidates): return tieBreak(candidates, content: content, registry: registry)
            case .none: return nil
            }
        case .base64?, nil: return nil
        }
    }

    /// The candidate the sniffed content belongs to, if exactly one fits.
    package static func tieBreak(_ candidates: [String], content: SniffedContent?, registry: UTTypeRegistry) -> String? {
        guard let content else { return nil }
        let fitting = candidates.filter { registry.conforms(content.type, to: $0) || registry.conforms($0, to: content.type) }
        return fitting.count == 1 ? fitting[0] : nil
    }

    /// Sniffs a `file` (through the inspector's cache) or a `base64` payload.
    package static func content(of representation: Representation, files: FileInspector, directory: String) -> SniffedContent? {
        switch representation.payload {
        case .file(let path)?:
            return files.facts(path.value, relativeTo: directory).content
        case .base64(let data)?:
            // Decoded whole (the YAML file's size limit bounds it), so truncation is seen.
            return Base64.decode(data.value).flatMap(ContentSniffer.sniff)
        default:
            return nil
        }
    }

    /// The registry of a configuration: system types plus its custom declarations
    /// that are valid and not reserved.
    package static func registry(for configuration: ShareConfiguration) -> UTTypeRegistry {
        guard !configuration.types.isEmpty else { return .system }
        var registry = UTTypeRegistry.system
        registry.add(contentsOf: configuration.types.compactMap { entry in
            guard let identifier = entry.identifier?.value, UTTypeRegistry.isValidIdentifier(identifier),
                  !identifier.lowercased().hasPrefix("public."), !UTTypeRegistry.system.contains(identifier) else { return nil }
            return UTTypeDeclaration(identifier, conformsTo: entry.conformsTo.map(\.value),
                                     extensions: entry.extensions.map { $0.value.hasPrefix(".") ? String($0.value.dropFirst()) : $0.value },
                                     mimeTypes: entry.mimeTypes.map(\.value))
        })
        return registry
    }
}
