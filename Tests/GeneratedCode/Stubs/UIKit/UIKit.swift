// Test-only stand-in for the part of Apple's UIKit that generated share-sheet
// code uses, so that the code can be compiled and run on Linux and the tests
// can record what it hands iOS.
//
// Every public declaration below has the shape of Apple's documented Swift
// declaration (the page is cited above it): labels, types, optionality,
// `open`/`class`, and `@MainActor` / `Sendable` / `@Sendable` only where
// Apple's current SDK has them. The bodies are ours; they only store and
// record. Members marked "test-only: not in UIKit" are not part of Apple's
// API; they expose what UIKit keeps to itself so the recorder can read it.
//
// Objective-C `optional` protocol requirements cannot exist on Linux. Each one
// is declared here as an ordinary requirement with a default implementation in
// a protocol extension that returns what UIKit does when the method is absent.

// UIKit re-exports Foundation, as Apple's module does (`import UIKit` alone reaches `Bundle`).
@_exported import Foundation
import LinkPresentation

// MARK: - Traits and images

// https://developer.apple.com/documentation/uikit/uitraitcollection
// Not main-actor isolated; Sendable (NS_SWIFT_SENDABLE) since the iOS 17 SDK.
open class UITraitCollection: NSObject, @unchecked Sendable {
    // https://developer.apple.com/documentation/uikit/uitraitcollection/init()
    public override init() {
        super.init()
    }
}

// https://developer.apple.com/documentation/uikit/uiimage
// Not main-actor isolated; Sendable (NS_SWIFT_SENDABLE) since the iOS 17 SDK.
open class UIImage: NSObject, NSItemProviderWriting, @unchecked Sendable {
    /// test-only: not in UIKit. How the image was made: "named:NAME",
    /// "systemName:NAME", "file:PATH", "data:COUNT bytes" or "empty".
    public let recordedSource: String
    /// test-only: not in UIKit. The bytes the image was made from (a file's or data's);
    /// the stub decodes and encodes nothing, so `pngData()` and `jpegData(compressionQuality:)`
    /// give them back.
    public private(set) var recordedData: Data?

    // https://developer.apple.com/documentation/uikit/uiimage/init()
    public override init() {
        recordedSource = "empty"
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiimage/pngdata()
    open func pngData() -> Data? { recordedData }

    // https://developer.apple.com/documentation/uikit/uiimage/jpegdata(compressionquality:)
    open func jpegData(compressionQuality: CGFloat) -> Data? { recordedData }

    // https://developer.apple.com/documentation/uikit/uiimage/init(named:in:compatiblewith:)
    // Like UIKit, nil unless the bundle (the main bundle when nil) holds a
    // resource of that name; the stub has no asset catalogs.
    public init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard UIImage.bundle(bundle ?? Bundle.main, hasResourceNamed: name) else { return nil }
        recordedSource = "named:\(name)"
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiimage/init(named:)
    // Looks in the main bundle, as UIKit does.
    public init?(named name: String) {
        guard UIImage.bundle(Bundle.main, hasResourceNamed: name) else { return nil }
        recordedSource = "named:\(name)"
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiimage/init(systemname:)
    // The stub has no symbol catalogue, so every name succeeds and is recorded.
    public init?(systemName name: String) {
        recordedSource = "systemName:\(name)"
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiimage/init(contentsoffile:)
    // Like UIKit, nil unless a file exists at the path.
    public init?(contentsOfFile path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        recordedSource = "file:\(path)"
        recordedData = FileManager.default.contents(atPath: path)
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiimage/init(data:)
    // The stub decodes nothing; empty data (never an image) gives nil.
    public init?(data: Data) {
        guard !data.isEmpty else { return nil }
        recordedSource = "data:\(data.count) bytes"
        recordedData = data
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiimage/writabletypeidentifiersforitemprovider
    // UIImage conforms to NSItemProviderWriting (an extension in UIKit); the stub writes PNG.
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.png"] }

    public func loadData(withTypeIdentifier typeIdentifier: String,
                         forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress? {
        completionHandler(recordedData, nil)
        return nil
    }

    private static func bundle(_ bundle: Bundle, hasResourceNamed name: String) -> Bool {
        if let resourceURL = bundle.resourceURL,
           FileManager.default.fileExists(atPath: resourceURL.appendingPathComponent(name).path) {
            return true
        }
        return bundle.url(forResource: name, withExtension: nil) != nil
    }
}

// MARK: - Responders and view controllers

// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder: NSObject {
    // https://developer.apple.com/documentation/uikit/uiresponder/init()
    public override init() {
        super.init()
    }
}

// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {
    // https://developer.apple.com/documentation/uikit/uiviewcontroller/init(nibname:bundle:)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    // https://developer.apple.com/documentation/objectivec/nsobject/init()
    // UIViewController() is init(nibName: nil, bundle: nil), as in UIKit.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }
}

// MARK: - Activities

// https://developer.apple.com/documentation/uikit/uiactivity
// Not main-actor isolated: Apple's declaration is `class UIActivity` (compare
// `@MainActor class UIViewController`).
open class UIActivity: NSObject {
    // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct
    public struct ActivityType: Hashable, Equatable, RawRepresentable, Sendable {
        public let rawValue: String

        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/init(rawvalue:)
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/init(_:)
        public init(_ rawValue: String) {
            self.rawValue = rawValue
        }

        // Raw values as in iOS (e.g. ShareSheet's built-in activity order in
        // the iOS 18.2 image); note Tencent Weibo's is ".TencentWeibo".
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/posttofacebook
        public static let postToFacebook = ActivityType("com.apple.UIKit.activity.PostToFacebook")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/posttotwitter
        public static let postToTwitter = ActivityType("com.apple.UIKit.activity.PostToTwitter")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/posttoweibo
        public static let postToWeibo = ActivityType("com.apple.UIKit.activity.PostToWeibo")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/message
        public static let message = ActivityType("com.apple.UIKit.activity.Message")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/mail
        public static let mail = ActivityType("com.apple.UIKit.activity.Mail")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/print
        public static let print = ActivityType("com.apple.UIKit.activity.Print")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/copytopasteboard
        public static let copyToPasteboard = ActivityType("com.apple.UIKit.activity.CopyToPasteboard")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/assigntocontact
        public static let assignToContact = ActivityType("com.apple.UIKit.activity.AssignToContact")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/savetocameraroll
        public static let saveToCameraRoll = ActivityType("com.apple.UIKit.activity.SaveToCameraRoll")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/addtoreadinglist
        public static let addToReadingList = ActivityType("com.apple.UIKit.activity.AddToReadingList")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/posttoflickr
        public static let postToFlickr = ActivityType("com.apple.UIKit.activity.PostToFlickr")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/posttovimeo
        public static let postToVimeo = ActivityType("com.apple.UIKit.activity.PostToVimeo")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/posttotencentweibo
        public static let postToTencentWeibo = ActivityType("com.apple.UIKit.activity.TencentWeibo")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/airdrop
        public static let airDrop = ActivityType("com.apple.UIKit.activity.AirDrop")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/openinibooks
        public static let openInIBooks = ActivityType("com.apple.UIKit.activity.OpenInIBooks")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/markupaspdf
        public static let markupAsPDF = ActivityType("com.apple.UIKit.activity.MarkupAsPDF")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/shareplay
        public static let sharePlay = ActivityType("com.apple.UIKit.activity.SharePlay")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/collaborationinvitewithlink
        public static let collaborationInviteWithLink = ActivityType("com.apple.UIKit.activity.CollaborationInviteWithLink")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/collaborationcopylink
        public static let collaborationCopyLink = ActivityType("com.apple.UIKit.activity.CollaborationCopyLink")
        // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.struct/addtohomescreen
        public static let addToHomeScreen = ActivityType("com.apple.UIKit.activity.AddToHomeScreen")
    }

    // https://developer.apple.com/documentation/uikit/uiactivity/category
    public enum Category: Int, Sendable {
        // https://developer.apple.com/documentation/uikit/uiactivity/category/action
        case action = 0
        // https://developer.apple.com/documentation/uikit/uiactivity/category/share
        case share = 1
    }

    // https://developer.apple.com/documentation/uikit/uiactivity/init()
    public override init() {
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiactivity/activitycategory
    // UIKit's default is .action.
    open class var activityCategory: UIActivity.Category { .action }

    // https://developer.apple.com/documentation/uikit/uiactivity/activitytype-swift.property
    open var activityType: UIActivity.ActivityType? { nil }

    // https://developer.apple.com/documentation/uikit/uiactivity/activitytitle
    open var activityTitle: String? { nil }

    // https://developer.apple.com/documentation/uikit/uiactivity/activityimage
    open var activityImage: UIImage? { nil }

    // https://developer.apple.com/documentation/uikit/uiactivity/canperform(withactivityitems:)
    // UIKit's default is false.
    open func canPerform(withActivityItems activityItems: [Any]) -> Bool { false }

    // https://developer.apple.com/documentation/uikit/uiactivity/prepare(withactivityitems:)
    open func prepare(withActivityItems activityItems: [Any]) {}

    // https://developer.apple.com/documentation/uikit/uiactivity/activityviewcontroller
    open var activityViewController: UIViewController? { nil }

    // https://developer.apple.com/documentation/uikit/uiactivity/perform()
    open func perform() {}

    // https://developer.apple.com/documentation/uikit/uiactivity/activitydidfinish(_:)
    open func activityDidFinish(_ completed: Bool) {
        recordedDidFinish = completed
    }

    /// test-only: not in UIKit. The value last passed to `activityDidFinish(_:)`.
    public private(set) var recordedDidFinish: Bool?
}

// MARK: - Activity items configuration

// https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationmetadatakey
public struct UIActivityItemsConfigurationMetadataKey: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationmetadatakey/init(rawvalue:)
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationmetadatakey/init(_:)
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationmetadatakey/title
    public static let title = UIActivityItemsConfigurationMetadataKey("title")
    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationmetadatakey/messagebody
    public static let messageBody = UIActivityItemsConfigurationMetadataKey("messageBody")
    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationmetadatakey/linkpresentationmetadata
    public static let linkPresentationMetadata = UIActivityItemsConfigurationMetadataKey("linkPresentationMetadata")
    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationmetadatakey/sharerecipients
    public static let shareRecipients = UIActivityItemsConfigurationMetadataKey("shareRecipients")
}

// https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationpreviewintent
public struct UIActivityItemsConfigurationPreviewIntent: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationpreviewintent/init(rawvalue:)
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationpreviewintent/init(_:)
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationpreviewintent/fullsize
    public static let fullSize = UIActivityItemsConfigurationPreviewIntent("fullSize")
    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationpreviewintent/thumbnail
    public static let thumbnail = UIActivityItemsConfigurationPreviewIntent("thumbnail")
}

// https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationinteraction
public struct UIActivityItemsConfigurationInteraction: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationinteraction/init(rawvalue:)
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationinteraction/init(_:)
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationinteraction/share
    public static let share = UIActivityItemsConfigurationInteraction("share")
    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationinteraction/copy
    public static let copy = UIActivityItemsConfigurationInteraction("copy")
}

// https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading
@MainActor
public protocol UIActivityItemsConfigurationReading: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/itemprovidersforactivityitemsconfiguration
    var itemProvidersForActivityItemsConfiguration: [NSItemProvider] { get }

    // The members below are `optional` in UIKit; see the defaults in the extension.

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/activityitemsconfigurationsupports(interaction:)
    func activityItemsConfigurationSupports(interaction: UIActivityItemsConfigurationInteraction) -> Bool

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/activityitemsconfigurationmetadata(key:)
    func activityItemsConfigurationMetadata(key: UIActivityItemsConfigurationMetadataKey) -> Any?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/activityitemsconfigurationmetadataforitem(at:key:)
    func activityItemsConfigurationMetadataForItem(at index: Int, key: UIActivityItemsConfigurationMetadataKey) -> Any?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/activityitemsconfigurationpreviewforitem(at:intent:suggestedsize:)
    func activityItemsConfigurationPreviewForItem(
        at index: Int, intent: UIActivityItemsConfigurationPreviewIntent, suggestedSize: CGSize
    ) -> NSItemProvider?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/applicationactivitiesforactivityitemsconfiguration
    var applicationActivitiesForActivityItemsConfiguration: [UIActivity]? { get }
}

// Defaults standing in for the `optional` requirements above: what UIKit
// does when a conforming object does not implement them.
extension UIActivityItemsConfigurationReading {
    // UIKit: "If not implemented, defaults to YES."
    public func activityItemsConfigurationSupports(interaction: UIActivityItemsConfigurationInteraction) -> Bool {
        true
    }

    // Absent: no metadata.
    public func activityItemsConfigurationMetadata(key: UIActivityItemsConfigurationMetadataKey) -> Any? {
        nil
    }

    // Absent: no per-item metadata.
    public func activityItemsConfigurationMetadataForItem(
        at index: Int, key: UIActivityItemsConfigurationMetadataKey
    ) -> Any? {
        nil
    }

    // Absent: no preview.
    public func activityItemsConfigurationPreviewForItem(
        at index: Int, intent: UIActivityItemsConfigurationPreviewIntent, suggestedSize: CGSize
    ) -> NSItemProvider? {
        nil
    }

    // Absent: no application activities.
    public var applicationActivitiesForActivityItemsConfiguration: [UIActivity]? {
        nil
    }
}

// https://developer.apple.com/documentation/uikit/uiactivityitemsconfiguration
@MainActor
open class UIActivityItemsConfiguration: NSObject, UIActivityItemsConfigurationReading {
    private let itemProviders: [NSItemProvider]

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfiguration/init(itemproviders:)
    public init(itemProviders: [NSItemProvider]) {
        self.itemProviders = itemProviders
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfiguration/localobject
    open var localObject: Any?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfiguration/metadataprovider
    open var metadataProvider: ((UIActivityItemsConfigurationMetadataKey) -> Any?)?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfiguration/peritemmetadataprovider
    open var perItemMetadataProvider: ((Int, UIActivityItemsConfigurationMetadataKey) -> Any?)?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfiguration/previewprovider
    open var previewProvider: ((Int, UIActivityItemsConfigurationPreviewIntent, CGSize) -> NSItemProvider?)?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfiguration/applicationactivitiesprovider
    open var applicationActivitiesProvider: (() -> [UIActivity])?

    // UIActivityItemsConfigurationReading, answered from the properties above
    // as UIKit's implementation does.

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/itemprovidersforactivityitemsconfiguration
    open var itemProvidersForActivityItemsConfiguration: [NSItemProvider] {
        itemProviders
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/activityitemsconfigurationmetadata(key:)
    open func activityItemsConfigurationMetadata(key: UIActivityItemsConfigurationMetadataKey) -> Any? {
        metadataProvider?(key)
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/activityitemsconfigurationmetadataforitem(at:key:)
    open func activityItemsConfigurationMetadataForItem(
        at index: Int, key: UIActivityItemsConfigurationMetadataKey
    ) -> Any? {
        perItemMetadataProvider?(index, key)
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/activityitemsconfigurationpreviewforitem(at:intent:suggestedsize:)
    open func activityItemsConfigurationPreviewForItem(
        at index: Int, intent: UIActivityItemsConfigurationPreviewIntent, suggestedSize: CGSize
    ) -> NSItemProvider? {
        previewProvider?(index, intent, suggestedSize)
    }

    // https://developer.apple.com/documentation/uikit/uiactivityitemsconfigurationreading/applicationactivitiesforactivityitemsconfiguration
    open var applicationActivitiesForActivityItemsConfiguration: [UIActivity]? {
        applicationActivitiesProvider?()
    }
}

// MARK: - Activity item sources

// https://developer.apple.com/documentation/uikit/uiactivityitemsource
// Not main-actor isolated: Apple's declaration is
// `protocol UIActivityItemSource : NSObjectProtocol`.
public protocol UIActivityItemSource: NSObjectProtocol {
    // https://developer.apple.com/documentation/uikit/uiactivityitemsource/activityviewcontrollerplaceholderitem(_:)
    func activityViewControllerPlaceholderItem(_ activityViewController: UIActivityViewController) -> Any

    // https://developer.apple.com/documentation/uikit/uiactivityitemsource/activityviewcontroller(_:itemforactivitytype:)
    func activityViewController(
        _ activityViewController: UIActivityViewController,
        itemForActivityType activityType: UIActivity.ActivityType?
    ) -> Any?

    // The members below are `optional` in UIKit; see the defaults in the extension.

    // https://developer.apple.com/documentation/uikit/uiactivityitemsource/activityviewcontroller(_:subjectforactivitytype:)
    func activityViewController(
        _ activityViewController: UIActivityViewController,
        subjectForActivityType activityType: UIActivity.ActivityType?
    ) -> String

    // https://developer.apple.com/documentation/uikit/uiactivityitemsource/activityviewcontroller(_:datatypeidentifierforactivitytype:)
    func activityViewController(
        _ activityViewController: UIActivityViewController,
        dataTypeIdentifierForActivityType activityType: UIActivity.ActivityType?
    ) -> String

    // https://developer.apple.com/documentation/uikit/uiactivityitemsource/activityviewcontroller(_:thumbnailimageforactivitytype:suggestedsize:)
    func activityViewController(
        _ activityViewController: UIActivityViewController,
        thumbnailImageForActivityType activityType: UIActivity.ActivityType?,
        suggestedSize size: CGSize
    ) -> UIImage?

    // https://developer.apple.com/documentation/uikit/uiactivityitemsource/activityviewcontrollerlinkmetadata(_:)
    func activityViewControllerLinkMetadata(_ activityViewController: UIActivityViewController) -> LPLinkMetadata?
}

// Defaults standing in for the `optional` requirements above: what UIKit
// does when a source does not implement them.
extension UIActivityItemSource {
    // Absent: no subject.
    public func activityViewController(
        _ activityViewController: UIActivityViewController,
        subjectForActivityType activityType: UIActivity.ActivityType?
    ) -> String {
        ""
    }

    // Absent: UIKit uses the item's own type; the stub returns "" (unknown).
    public func activityViewController(
        _ activityViewController: UIActivityViewController,
        dataTypeIdentifierForActivityType activityType: UIActivity.ActivityType?
    ) -> String {
        ""
    }

    // Absent: no thumbnail.
    public func activityViewController(
        _ activityViewController: UIActivityViewController,
        thumbnailImageForActivityType activityType: UIActivity.ActivityType?,
        suggestedSize size: CGSize
    ) -> UIImage? {
        nil
    }

    // Absent: no link metadata.
    public func activityViewControllerLinkMetadata(_ activityViewController: UIActivityViewController) -> LPLinkMetadata? {
        nil
    }
}

// MARK: - The share sheet

// https://developer.apple.com/documentation/uikit/uiactivityviewcontroller
// Main-actor isolated through UIViewController.
open class UIActivityViewController: UIViewController {
    // https://developer.apple.com/documentation/uikit/uiactivityviewcontroller/completionwithitemshandler-swift.typealias
    public typealias CompletionWithItemsHandler = (UIActivity.ActivityType?, Bool, [Any]?, (any Error)?) -> Void

    // https://developer.apple.com/documentation/uikit/uiactivityviewcontroller/init(activityitems:applicationactivities:)
    public init(activityItems: [Any], applicationActivities: [UIActivity]?) {
        recordedActivityItems = activityItems
        recordedApplicationActivities = applicationActivities ?? []
        super.init(nibName: nil, bundle: nil)
    }

    // https://developer.apple.com/documentation/uikit/uiactivityviewcontroller/init(activityitemsconfiguration:)
    // Records the configuration; recordedActivityItems and
    // recordedApplicationActivities stay empty (read them from the configuration).
    public convenience init(activityItemsConfiguration: any UIActivityItemsConfigurationReading) {
        self.init(activityItems: [], applicationActivities: nil)
        recordedConfiguration = activityItemsConfiguration
    }

    // https://developer.apple.com/documentation/uikit/uiactivityviewcontroller/excludedactivitytypes
    open var excludedActivityTypes: [UIActivity.ActivityType]?

    // https://developer.apple.com/documentation/uikit/uiactivityviewcontroller/completionwithitemshandler-swift.property
    open var completionWithItemsHandler: UIActivityViewController.CompletionWithItemsHandler?

    /// test-only: not in UIKit. The `activityItems` given to
    /// `init(activityItems:applicationActivities:)`, in order.
    public private(set) var recordedActivityItems: [Any]

    /// test-only: not in UIKit. The `applicationActivities` given to
    /// `init(activityItems:applicationActivities:)` ([] for nil).
    public private(set) var recordedApplicationActivities: [UIActivity]

    /// test-only: not in UIKit. The configuration given to
    /// `init(activityItemsConfiguration:)`.
    public private(set) var recordedConfiguration: (any UIActivityItemsConfigurationReading)?
}

// MARK: - Printing

// https://developer.apple.com/documentation/uikit/uiprintformatter
// Not main-actor isolated: Apple's declaration is `class UIPrintFormatter`.
open class UIPrintFormatter: NSObject {
    // https://developer.apple.com/documentation/uikit/uiprintformatter/init()
    public override init() {
        super.init()
    }
}

// https://developer.apple.com/documentation/uikit/uisimpletextprintformatter
open class UISimpleTextPrintFormatter: UIPrintFormatter {
    // https://developer.apple.com/documentation/uikit/uisimpletextprintformatter/init(text:)
    public init(text: String) {
        self.text = text
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uisimpletextprintformatter/text
    open var text: String?
}

// https://developer.apple.com/documentation/uikit/uimarkuptextprintformatter
open class UIMarkupTextPrintFormatter: UIPrintFormatter {
    // https://developer.apple.com/documentation/uikit/uimarkuptextprintformatter/init(markuptext:)
    public init(markupText: String) {
        self.markupText = markupText
        super.init()
    }

    // https://developer.apple.com/documentation/uikit/uimarkuptextprintformatter/markuptext
    open var markupText: String?
}
