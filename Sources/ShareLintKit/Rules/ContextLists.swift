/// The lists a `RuleContext` makes for its document, in one object the file's next
/// document reuses (`FileMemo.emptyLists`): made anew, they were eight arrays allocated and
/// freed per document (docs/performance.md, round 12). Filled while the context is made,
/// then only read through it; emptied when the context goes (`RuleContext.deinit`), so
/// the values they held (the document's strings, its model) go with their document, as
/// before. One thread, no overlapping access: the properties skip the dynamic exclusivity
/// check, like the model's.
final class ContextLists: @unchecked Sendable {
    @exclusivity(unchecked) var representations: [(item: Item, representation: Representation)] = []
    @exclusivity(unchecked) var typeReferences: [LocatedString] = []
    @exclusivity(unchecked) var urls: [LocatedString] = []
    @exclusivity(unchecked) var urlParts: [URLParts?] = []
    @exclusivity(unchecked) var texts: [TextEntry] = []
    @exclusivity(unchecked) var exclusions: [Exclusion] = []
    @exclusivity(unchecked) var referencedPaths: [ReferencedPath] = []
    @exclusivity(unchecked) var filePathSlots: [Int] = []

    /// A list longer than this is freed, not kept for the next document (what a file
    /// keeps stays bounded after a document of 200,000 items).
    private static let keptCapacity = 1_024

    /// Empties every list, keeping the memory of those that stayed small.
    func removeAll() {
        func empty<T>(_ list: inout [T]) {
            guard list.capacity <= Self.keptCapacity else { return list = [] }
            // Last to first, each destroyed by code made for its type: `removeAll` went
            // through the runtime's destroy for any type, a call per element.
            while list.popLast() != nil {}
        }
        empty(&representations)
        empty(&typeReferences)
        empty(&urls)
        empty(&urlParts)
        empty(&texts)
        empty(&exclusions)
        empty(&referencedPaths)
        empty(&filePathSlots)
    }
}
