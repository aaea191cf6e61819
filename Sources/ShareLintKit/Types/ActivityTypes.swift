/// The built-in `UIActivity.ActivityType` values.
package enum BuiltInActivityTypes {
    /// The prefix every built-in raw value starts with.
    package static let rawPrefix = "com.apple.UIKit.activity."

    /// Swift short names and their raw values, in the order. The raw values are
    /// written out whole: a literal string is never reference-counted, where one made by
    /// joining `rawPrefix` once was shared by every `--jobs` worker, and each copy of it
    /// a write to memory both cores held (docs/performance.md, "Rules that keep it fast").
    package static let all: [(shortName: String, rawValue: String)] = [
        ("postToFacebook", "com.apple.UIKit.activity.PostToFacebook"),
        ("postToTwitter", "com.apple.UIKit.activity.PostToTwitter"),
        ("postToWeibo", "com.apple.UIKit.activity.PostToWeibo"),
        ("message", "com.apple.UIKit.activity.Message"),
        ("mail", "com.apple.UIKit.activity.Mail"),
        ("print", "com.apple.UIKit.activity.Print"),
        ("copyToPasteboard", "com.apple.UIKit.activity.CopyToPasteboard"),
        ("assignToContact", "com.apple.UIKit.activity.AssignToContact"),
        ("saveToCameraRoll", "com.apple.UIKit.activity.SaveToCameraRoll"),
        ("addToReadingList", "com.apple.UIKit.activity.AddToReadingList"),
        ("postToFlickr", "com.apple.UIKit.activity.PostToFlickr"),
        ("postToVimeo", "com.apple.UIKit.activity.PostToVimeo"),
        ("postToTencentWeibo", "com.apple.UIKit.activity.TencentWeibo"),
        ("airDrop", "com.apple.UIKit.activity.AirDrop"),
        ("openInIBooks", "com.apple.UIKit.activity.OpenInIBooks"),
        ("markupAsPDF", "com.apple.UIKit.activity.MarkupAsPDF"),
        ("sharePlay", "com.apple.UIKit.activity.SharePlay"),
        ("collaborationInviteWithLink", "com.apple.UIKit.activity.CollaborationInviteWithLink"),
        ("collaborationCopyLink", "com.apple.UIKit.activity.CollaborationCopyLink"),
        ("addToHomeScreen", "com.apple.UIKit.activity.AddToHomeScreen"),
    ]

    /// Short names to their raw values, and raw values to nil (the name is its own).
    private static let byName = ASCIIKeyTable(all.map { (key: $0.shortName, value: Optional($0.rawValue)) }
                                              + all.map { (key: $0.rawValue, value: String?.none) })

    /// The raw value for a short name or a raw value of a built-in type (that name as
    /// written); nil otherwise.
    package static func rawValue(for name: String) -> String? {
        guard let raw = byName.value(for: name) else { return nil }
        return raw ?? name
    }
}
