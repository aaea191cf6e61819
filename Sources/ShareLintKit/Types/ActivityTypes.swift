/// The built-in `UIActivity.ActivityType` values of §3.3.
public enum BuiltInActivityTypes {
    /// The prefix every built-in raw value starts with.
    public static let rawPrefix = "com.apple.UIKit.activity."

    /// Swift short names and their raw values, in the order of §3.3.
    public static let all: [(shortName: String, rawValue: String)] = [
        ("postToFacebook", "PostToFacebook"), ("postToTwitter", "PostToTwitter"), ("postToWeibo", "PostToWeibo"),
        ("message", "Message"), ("mail", "Mail"), ("print", "Print"), ("copyToPasteboard", "CopyToPasteboard"),
        ("assignToContact", "AssignToContact"), ("saveToCameraRoll", "SaveToCameraRoll"),
        ("addToReadingList", "AddToReadingList"), ("postToFlickr", "PostToFlickr"), ("postToVimeo", "PostToVimeo"),
        ("postToTencentWeibo", "TencentWeibo"), ("airDrop", "AirDrop"), ("openInIBooks", "OpenInIBooks"),
        ("markupAsPDF", "MarkupAsPDF"), ("sharePlay", "SharePlay"),
        ("collaborationInviteWithLink", "CollaborationInviteWithLink"), ("collaborationCopyLink", "CollaborationCopyLink"),
        ("addToHomeScreen", "AddToHomeScreen"),
    ].map { ($0.0, rawPrefix + $0.1) }

    /// Short names to their raw values, and raw values to nil (the name is its own).
    private static let byName = ASCIIKeyTable(all.map { (key: $0.shortName, value: Optional($0.rawValue)) }
                                              + all.map { (key: $0.rawValue, value: String?.none) })

    /// The raw value for a short name or a raw value of a built-in type (that name as
    /// written); nil otherwise.
    public static func rawValue(for name: String) -> String? {
        guard let raw = byName.value(for: name) else { return nil }
        return raw ?? name
    }
}
