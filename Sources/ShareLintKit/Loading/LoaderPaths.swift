/// The paths the loader gives its diagnostics for list entries: made once, or written out,
/// for the first indexes of the top-level lists, which every document of a stream has.
extension Loader {
    /// `path[i]`, with one concatenation for the first indexes (an interpolation takes
    /// several allocations), and none for the first entries of the top-level lists, whose
    /// paths are made once or written out (`items[0]`: every document of a stream has them).
    static func elementPath(_ path: String, _ i: Int) -> String {
        if i < indexSuffixes.count {
            switch path {
            case "items": return itemPaths[i]
            case "applicationActivities": return activityPaths[i]
            case "activityItems": return activityItemPaths[i]
            default: break
            }
        }
        return path + indexSuffix(i)
    }

    // The paths longer than 15 bytes are written out as literals
    // (`LoaderKeyTests.testListPathsAreTheirJoins` checks them): a literal string is never
    // reference-counted, while one made once at run time was shared by every `--jobs`
    // worker, and each value's copy of it was a write to memory both cores held
    // (docs/performance.md, "Loading").
    /// `items[i]` fits in a string's inline storage (15 bytes): made at run time, it has no
    /// storage to count.
    static let itemPaths = indexSuffixes.map { "items" + $0 }
    static let activityPaths = [
        "applicationActivities[0]", "applicationActivities[1]", "applicationActivities[2]", "applicationActivities[3]",
        "applicationActivities[4]", "applicationActivities[5]", "applicationActivities[6]", "applicationActivities[7]",
        "applicationActivities[8]", "applicationActivities[9]", "applicationActivities[10]", "applicationActivities[11]",
        "applicationActivities[12]", "applicationActivities[13]", "applicationActivities[14]", "applicationActivities[15]",
    ]
    static let activityItemPaths = [
        "activityItems[0]", "activityItems[1]", "activityItems[2]", "activityItems[3]",
        "activityItems[4]", "activityItems[5]", "activityItems[6]", "activityItems[7]",
        "activityItems[8]", "activityItems[9]", "activityItems[10]", "activityItems[11]",
        "activityItems[12]", "activityItems[13]", "activityItems[14]", "activityItems[15]",
    ]
    /// `items[i].metadata` and `items[i].previews` for the first items.
    static let itemMetadataPaths = [
        "items[0].metadata", "items[1].metadata", "items[2].metadata", "items[3].metadata",
        "items[4].metadata", "items[5].metadata", "items[6].metadata", "items[7].metadata",
        "items[8].metadata", "items[9].metadata", "items[10].metadata", "items[11].metadata",
        "items[12].metadata", "items[13].metadata", "items[14].metadata", "items[15].metadata",
    ]
    static let itemPreviewsPaths = [
        "items[0].previews", "items[1].previews", "items[2].previews", "items[3].previews",
        "items[4].previews", "items[5].previews", "items[6].previews", "items[7].previews",
        "items[8].previews", "items[9].previews", "items[10].previews", "items[11].previews",
        "items[12].previews", "items[13].previews", "items[14].previews", "items[15].previews",
    ]

    /// `path.key` for a child of the item at `index`, made once for the first items.
    static func itemChildPath(_ f: Fields, _ table: [String], index: Int, _ key: String) -> String {
        index < itemPaths.count && f.path == itemPaths[index] ? table[index] : f.childPath(key)
    }

    /// `[i]`, made once for the first indexes.
    static func indexSuffix(_ i: Int) -> String {
        i < indexSuffixes.count ? indexSuffixes[i] : "[\(i)]"
    }

    static let indexSuffixes = (0..<16).map { "[\($0)]" }
}
