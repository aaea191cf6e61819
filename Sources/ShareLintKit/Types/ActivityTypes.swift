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

    private static let byShortName: [String: String] = Dictionary(uniqueKeysWithValues: all.map { ($0.shortName, $0.rawValue) })
    private static let rawValues: Set<String> = Set(all.map(\.rawValue))

    /// The raw value for a short name or a raw value of a built-in type; nil otherwise.
    public static func rawValue(for name: String) -> String? {
        if let raw = byShortName[name] { return raw }
        return rawValues.contains(name) ? name : nil
    }
}
