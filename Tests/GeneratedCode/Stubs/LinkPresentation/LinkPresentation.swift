// Test-only stand-in for Apple's LinkPresentation framework, plus the part of
// Foundation's NSItemProvider that swift-corelibs-foundation (Linux) lacks.
//
// It exists so that generated share-sheet code can be compiled and run on
// Linux and so that the tests can record what that code hands iOS. Every
// public declaration below has the shape of Apple's documented Swift
// declaration (the page is cited above it); the bodies only store and record.
// Members marked "test-only: not in ..." are not part of Apple's API.

import Foundation

// MARK: - NSItemProvider (Foundation)

// https://developer.apple.com/documentation/foundation/nsitemproviderrepresentationvisibility
public enum NSItemProviderRepresentationVisibility: Int, Sendable {
    // https://developer.apple.com/documentation/foundation/nsitemproviderrepresentationvisibility/all
    case all = 0
    // https://developer.apple.com/documentation/foundation/nsitemproviderrepresentationvisibility/team
    case team = 1
    // https://developer.apple.com/documentation/foundation/nsitemproviderrepresentationvisibility/group
    // (macOS only in Apple's SDK; kept so that every case can be spelled.)
    case group = 2
    // https://developer.apple.com/documentation/foundation/nsitemproviderrepresentationvisibility/ownprocess
    case ownProcess = 3
}

// https://developer.apple.com/documentation/foundation/nsitemproviderfileoptions
public struct NSItemProviderFileOptions: OptionSet, Sendable {
    public let rawValue: Int

    // https://developer.apple.com/documentation/foundation/nsitemproviderfileoptions/init(rawvalue:)
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    // https://developer.apple.com/documentation/foundation/nsitemproviderfileoptions/openinplace
    public static var openInPlace: NSItemProviderFileOptions { NSItemProviderFileOptions(rawValue: 1) }
}

/// Holds the value a load handler delivers through its completion block.
/// Completion blocks are `@Sendable`, so they cannot capture a local `var`;
/// they write here instead.
private final class DeliveryBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?

    func put(_ value: Value) {
        lock.lock()
        stored = value
        lock.unlock()
    }

    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

// https://developer.apple.com/documentation/foundation/nsitemproviderwriting
public protocol NSItemProviderWriting: NSObjectProtocol {
    // https://developer.apple.com/documentation/foundation/nsitemproviderwriting/writabletypeidentifiersforitemprovider
    static var writableTypeIdentifiersForItemProvider: [String] { get }

    // https://developer.apple.com/documentation/foundation/nsitemproviderwriting/loaddata(withtypeidentifier:foritemprovidercompletionhandler:)
    func loadData(withTypeIdentifier typeIdentifier: String,
                  forItemProviderCompletionHandler completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
}

/// test-only: not in Foundation. Carries an object into a load handler (the stub calls
/// handlers synchronously, on the caller's thread).
private struct ObjectBox: @unchecked Sendable {
    let object: any NSItemProviderWriting
}

// https://developer.apple.com/documentation/foundation/nsitemprovider
// Not Sendable in Apple's SDK either.
open class NSItemProvider: NSObject {
    /// One registered representation, in registration order.
    private enum Representation {
        case data(
            typeIdentifier: String,
            visibility: NSItemProviderRepresentationVisibility,
            loadHandler: @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?)
        case file(
            typeIdentifier: String,
            fileOptions: NSItemProviderFileOptions,
            visibility: NSItemProviderRepresentationVisibility,
            loadHandler: @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress?)
        /// A file handed to `init?(contentsOf:)`; its type is not inferred
        /// here, so it is registered under the type identifier "".
        case contentsOfFile(URL)

        var typeIdentifier: String {
            switch self {
            case .data(let typeIdentifier, _, _): return typeIdentifier
            case .file(let typeIdentifier, _, _, _): return typeIdentifier
            case .contentsOfFile: return ""
            }
        }

        var isFile: Bool {
            switch self {
            case .data: return false
            case .file, .contentsOfFile: return true
            }
        }
    }

    private var representations: [Representation] = []

    // https://developer.apple.com/documentation/foundation/nsitemprovider/init()
    public override init() {
        super.init()
    }

    // https://developer.apple.com/documentation/foundation/nsitemprovider/init(contentsof:)
    public convenience init?(contentsOf fileURL: URL!) {
        guard let fileURL, fileURL.isFileURL else { return nil }
        self.init()
        recordedFileURL = fileURL
        representations.append(.contentsOfFile(fileURL))
    }

    // https://developer.apple.com/documentation/foundation/nsitemprovider/init(object:)
    // Registers the object's writable types, each loaded through the object.
    public convenience init(object: any NSItemProviderWriting) {
        self.init()
        let box = ObjectBox(object: object)
        for type in Swift.type(of: object).writableTypeIdentifiersForItemProvider {
            registerDataRepresentation(forTypeIdentifier: type, visibility: .all) { completion in
                box.object.loadData(withTypeIdentifier: type, forItemProviderCompletionHandler: completion)
            }
        }
    }

    // https://developer.apple.com/documentation/foundation/nsitemprovider/suggestedname
    open var suggestedName: String?

    // https://developer.apple.com/documentation/foundation/nsitemprovider/registeredtypeidentifiers
    open var registeredTypeIdentifiers: [String] {
        representations.map(\.typeIdentifier)
    }

    // https://developer.apple.com/documentation/foundation/nsitemprovider/registerdatarepresentation(fortypeidentifier:visibility:loadhandler:)
    open func registerDataRepresentation(
        forTypeIdentifier typeIdentifier: String,
        visibility: NSItemProviderRepresentationVisibility,
        loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> Progress?
    ) {
        representations.append(.data(typeIdentifier: typeIdentifier, visibility: visibility, loadHandler: loadHandler))
    }

    // https://developer.apple.com/documentation/foundation/nsitemprovider/registerfilerepresentation(fortypeidentifier:fileoptions:visibility:loadhandler:)
    open func registerFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        fileOptions: NSItemProviderFileOptions = [],
        visibility: NSItemProviderRepresentationVisibility,
        loadHandler: @escaping @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> Progress?
    ) {
        representations.append(
            .file(typeIdentifier: typeIdentifier, fileOptions: fileOptions, visibility: visibility, loadHandler: loadHandler))
    }

    // https://developer.apple.com/documentation/foundation/nsitemprovider/loaddatarepresentation(fortypeidentifier:completionhandler:)
    // The stub runs the load handler synchronously, on the calling thread.
    open func loadDataRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
        guard let representation = representation(for: typeIdentifier) else {
            completionHandler(nil, itemUnavailableError())
            return finishedProgress()
        }
        switch representation {
        case .data(_, _, let loadHandler):
            return loadHandler(completionHandler) ?? finishedProgress()
        case .file(_, _, _, let loadHandler):
            let progress = loadHandler { url, _, error in
                guard let url else {
                    completionHandler(nil, error ?? itemUnavailableError())
                    return
                }
                do {
                    completionHandler(try Data(contentsOf: url), nil)
                } catch {
                    completionHandler(nil, error)
                }
            }
            return progress ?? finishedProgress()
        case .contentsOfFile(let url):
            do {
                completionHandler(try Data(contentsOf: url), nil)
            } catch {
                completionHandler(nil, error)
            }
            return finishedProgress()
        }
    }

    // https://developer.apple.com/documentation/foundation/nsitemprovider/loadfilerepresentation(fortypeidentifier:completionhandler:)
    // Like Foundation, hands the completion handler a temporary copy that is
    // deleted when the handler returns. Runs synchronously.
    open func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress {
        guard let representation = representation(for: typeIdentifier) else {
            completionHandler(nil, itemUnavailableError())
            return finishedProgress()
        }
        let name = suggestedName
        switch representation {
        case .data(_, _, let loadHandler):
            let progress = loadHandler { data, error in
                guard let data else {
                    completionHandler(nil, error ?? itemUnavailableError())
                    return
                }
                handOverTemporaryFile(named: name, completionHandler: completionHandler) { try data.write(to: $0) }
            }
            return progress ?? finishedProgress()
        case .file(_, _, _, let loadHandler):
            let progress = loadHandler { url, _, error in
                guard let url else {
                    completionHandler(nil, error ?? itemUnavailableError())
                    return
                }
                handOverTemporaryFile(named: name ?? url.lastPathComponent, completionHandler: completionHandler) {
                    try FileManager.default.copyItem(at: url, to: $0)
                }
            }
            return progress ?? finishedProgress()
        case .contentsOfFile(let url):
            handOverTemporaryFile(named: name ?? url.lastPathComponent, completionHandler: completionHandler) {
                try FileManager.default.copyItem(at: url, to: $0)
            }
            return finishedProgress()
        }
    }

    /// test-only: not in Foundation. Every representation registered, in
    /// registration order; `init?(contentsOf:)` records type "" as a file.
    public var recordedRepresentations: [(typeIdentifier: String, isFile: Bool)] {
        representations.map { (typeIdentifier: $0.typeIdentifier, isFile: $0.isFile) }
    }

    /// test-only: not in Foundation. The URL given to `init?(contentsOf:)`.
    public private(set) var recordedFileURL: URL?

    /// test-only: not in Foundation. Runs the first load handler registered
    /// for `typeIdentifier` synchronously and returns its bytes (for a file
    /// representation, the file's bytes); nil when nothing is registered, the
    /// handler fails, or it does not call its completion block before
    /// returning.
    public func recordedLoadData(typeIdentifier: String) -> Data? {
        guard let representation = representation(for: typeIdentifier) else { return nil }
        switch representation {
        case .data(_, _, let loadHandler):
            let box = DeliveryBox<Data>()
            _ = loadHandler { data, _ in
                if let data { box.put(data) }
            }
            return box.take()
        case .file(_, _, _, let loadHandler):
            let box = DeliveryBox<Data>()
            _ = loadHandler { url, _, _ in
                if let url, let data = try? Data(contentsOf: url) { box.put(data) }
            }
            return box.take()
        case .contentsOfFile(let url):
            return try? Data(contentsOf: url)
        }
    }

    private func representation(for typeIdentifier: String) -> Representation? {
        representations.first { $0.typeIdentifier == typeIdentifier }
    }
}

// Apple's NSItemProviderItemUnavailableError is -1000 in NSItemProviderErrorDomain.
private func itemUnavailableError() -> NSError {
    NSError(domain: "NSItemProviderErrorDomain", code: -1000)
}

private func finishedProgress() -> Progress {
    let progress = Progress(totalUnitCount: 1)
    progress.completedUnitCount = 1
    return progress
}

private func handOverTemporaryFile(
    named name: String?,
    completionHandler: @Sendable (URL?, (any Error)?) -> Void,
    write: (URL) throws -> Void
) {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("NSItemProvider-\(UUID().uuidString)", isDirectory: true)
    let fileName = (name?.isEmpty == false ? name : nil) ?? UUID().uuidString
    let url = directory.appendingPathComponent(fileName)
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write(url)
    } catch {
        try? FileManager.default.removeItem(at: directory)
        completionHandler(nil, error)
        return
    }
    completionHandler(url, nil)
    try? FileManager.default.removeItem(at: directory)
}

// MARK: - LinkPresentation

// https://developer.apple.com/documentation/linkpresentation/lplinkmetadata
// Not Sendable in Apple's SDK either.
open class LPLinkMetadata: NSObject {
    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/originalurl
    open var originalURL: URL?
    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/url
    open var url: URL?
    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/title
    open var title: String?
    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/iconprovider
    open var iconProvider: NSItemProvider?
    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/imageprovider
    open var imageProvider: NSItemProvider?
    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/videoprovider
    open var videoProvider: NSItemProvider?
    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/remotevideourl
    open var remoteVideoURL: URL?

    // https://developer.apple.com/documentation/linkpresentation/lplinkmetadata/init()
    public override init() {
        super.init()
    }
}
