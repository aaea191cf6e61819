/// The paths the loader gives its diagnostics for list entries: made once for the first
/// indexes of the top-level lists, which every document of a stream has.
extension Loader {
    /// `path[i]`, with one concatenation for the first indexes (an interpolation takes
    /// several allocations), and none for the first entries of the top-level lists, whose
    /// paths are made once (`items[0]`: every document of a stream has them).
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

    private static let itemPaths = indexSuffixes.map { "items" + $0 }
    private static let activityPaths = indexSuffixes.map { "applicationActivities" + $0 }
    private static let activityItemPaths = indexSuffixes.map { "activityItems" + $0 }
    /// `items[i].metadata` and `items[i].previews` for the first items, made once.
    static let itemMetadataPaths = itemPaths.map { $0 + ".metadata" }
    static let itemPreviewsPaths = itemPaths.map { $0 + ".previews" }

    /// `path.key` for a child of the item at `index`, made once for the first items.
    static func itemChildPath(_ f: Fields, _ table: [String], index: Int, _ key: String) -> String {
        index < itemPaths.count && f.path == itemPaths[index] ? table[index] : f.childPath(key)
    }

    /// `[i]`, made once for the first indexes.
    static func indexSuffix(_ i: Int) -> String {
        i < indexSuffixes.count ? indexSuffixes[i] : "[\(i)]"
    }

    private static let indexSuffixes = (0..<16).map { "[\($0)]" }
}
