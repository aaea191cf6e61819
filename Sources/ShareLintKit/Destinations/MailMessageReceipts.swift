import ShareLintMessages
/// What Mail and Messages build from the prepared items: subject, body and attachments
/// (docs/destinations.md cites `UIMailActivity` and `UIMessageActivity
/// -prepareWithActivityItems:`: what they do with strings, URLs, images and files is the
/// same in iOS 18.2 and 26.1; 26.1's Mail also tests attributed strings for HTML).
extension DestinationModel {
    /// One prepared item: the matched item and the value the activity receives.
    typealias Prepared = (item: MatchedItem, value: MatchedItem.LoadedValue)

    /// `_UIActivityItemsGetStringsAndURLs`: the strings and the non-file URLs (as text), in
    /// order, each once (`containsObject:`): a repeated string is dropped.
    static func stringsAndURLs(_ prepared: [Prepared]) -> [(item: MatchedItem, text: String)] {
        var seen: Set<String> = [], out: [(item: MatchedItem, text: String)] = []
        for (item, value) in prepared {
            let text: String
            switch value {
            case .string(let string): text = string
            case .url(let url) where !isFileURL(url): text = url
            default: continue
            }
            if seen.insert(text).inserted { out.append((item, text)) }
        }
        return out
    }

    /// `_UIActivityUTIForURL` gives `public.plain-text` for a `.txt` (and `.log`) file: both
    /// activities attach the file and put its text in the separate content text
    /// (`setContentText:`), not in the body. The UTI is compared for equality (read).
    static func isPlainTextFile(_ type: String?) -> Bool { type?.lowercased() == "public.plain-text" }

    /// `UIMailActivity -prepareWithActivityItems:`: subject from the first string or URL item
    /// that has one, then from the other items in order; body: the first string that
    /// `-_isHTML:` finds HTML in, alone, as HTML, else the strings and non-file URLs joined
    /// with "\n" (`mailBody`); attachments: the images first (`_UIActivityItemsGetImages`,
    /// named `Image-N.png` or `.jpg`), then the files in order (a plain-text file also as
    /// content text).
    func mailReceipt(_ prepared: [Prepared], _ context: Context) -> Destination.Receipt {
        let texts = Self.stringsAndURLs(prepared)
        var receipt = Destination.Receipt(subject: context.subject(for: BuiltInActivity.mail.activityType, askingFirst: texts.map(\.item)))
        let body = Self.mailBody(texts.map(\.text))
        (receipt.body, receipt.isHTML) = (body.text, body.isHTML)
        if let html = body.htmlIndex {
            for (i, text) in texts.enumerated() where i != html {
                receipt.items.append("\(text.item.label): not in the body, which is \(texts[html].item.label)'s HTML alone (UIMailActivity -_isHTML:)")
            }
        }
        var imageNumber = 1
        for (item, value) in prepared {
            guard case .image(let path) = value else { continue }
            receipt.attachments.append(Self.imageAttachment(item, path: path, number: &imageNumber, context: context))
        }
        for (item, value) in prepared {
            switch value {
            case .string, .image: continue
            case .url(let url):
                guard Self.isFileURL(url) else { continue }
                receipt.attachments.append(Self.attachment(item, type: "public.file-url", path: url))
            case .file(let type), .fileURL(_, let type?):
                receipt.attachments.append(Self.attachment(item, type: type, path: value.path))
                if Self.isPlainTextFile(type) { receipt.items.append("\(item.label): its text also goes to Mail as content text, not into the body (a plain-text file)") }
            case .fileURL(let path, nil): receipt.attachments.append(Self.attachment(item, type: "public.data", path: path))
            case .data(_, let type): Self.attachData(item, type: type, to: &receipt, in: "Mail")
            case .printFormatter: continue
            case .unknown: receipt.items.append("\(item.label): of a type sharelint cannot tell")
            }
        }
        return receipt
    }

    /// `UIMailActivity -prepareWithActivityItems:`, the body of a message sent from an account
    /// (the same in 18.2, inline, and 26.1): the first string in which `-_isHTML:` finds
    /// `<html` becomes the whole body, as HTML (`setMessageBody:isHTML:` with YES), and the
    /// loop stops: the other strings and URLs are left out of it (Mail keeps them only as
    /// content text and URLs, outside the message); without one, the strings and URLs joined
    /// with "\n", as plain text. (26.1 also tests an attributed string's text, which the format
    /// has none of.)
    static func mailBody(_ texts: [String]) -> (text: String?, isHTML: Bool, htmlIndex: Int?) {
        if let html = texts.firstIndex(where: isHTML) { return (texts[html], true, html) }
        return (texts.isEmpty ? nil : texts.joined(separator: "\n"), false, nil)
    }

    /// `UIMailActivity -_isHTML:` (26.1; inline in 18.2's `-prepareWithActivityItems:`):
    /// `rangeOfString:@"<html" options:NSCaseInsensitiveSearch range:(0, MIN(length, 1024))`
    /// found something: `<html`, in any case, lying wholly within the first 1,024 UTF-16
    /// units (a leading doctype or comment is fine; `<htmlx` counts too: no tag boundary).
    static func isHTML(_ text: String) -> Bool {
        let needle = Array("<html".utf16)
        var window: [UInt16] = []
        window.reserveCapacity(min(1024, text.utf16.count))
        for unit in text.utf16.prefix(1024) {
            // ASCII case folding is all NSCaseInsensitiveSearch does for these five characters.
            window.append(unit >= 0x41 && unit <= 0x5A ? unit + 0x20 : unit)
        }
        guard window.count >= needle.count else { return false }
        for start in 0...(window.count - needle.count) where window[start] == needle[0] {
            if window[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// `UIMessageActivity -prepareWithActivityItems:`: body: the strings and non-file URLs
    /// (`_UIActivityItemsGetStringsAndURLs`), a URL equal to the link metadata's `originalURL`
    /// or `URL` made a rich link, the rest joined with " "; attachments in item order
    /// (`_UIActivityItemsGetAttachments`: files, and images named `Image-N.png` or `.jpg`);
    /// subject: the first item's that has one, in item order.
    func messageReceipt(_ prepared: [Prepared], _ context: Context) -> Destination.Receipt {
        var receipt = Destination.Receipt(subject: context.subject(for: BuiltInActivity.message.activityType, askingFirst: []))
        let linkURLs = Self.linkURLs(of: context.configuration)
        var text: [String] = []
        for (item, string) in Self.stringsAndURLs(prepared) {
            // +[NSURL URLWithString:] with a scheme and a host, not a file URL.
            if let parts = URLParts(string), !parts.host.isEmpty, parts.scheme != "file", linkURLs.contains(string) {
                receipt.items.append("\(item.label): a rich link to \(string)")
                receipt.summary.append(Message(.receivesRichLink, ["url": string]))
            } else {
                text.append(string)
            }
        }
        receipt.body = text.isEmpty ? nil : text.joined(separator: " ")
        var imageNumber = 1
        for (item, value) in prepared {
            switch value {
            case .string: continue
            case .url(let url):
                guard Self.isFileURL(url) else { continue }
                receipt.attachments.append(Self.attachment(item, type: "public.file-url", path: url))
            case .file(let type), .fileURL(_, let type?):
                receipt.attachments.append(Self.attachment(item, type: type, path: value.path))
                if Self.isPlainTextFile(type) { receipt.items.append("\(item.label): its text also goes to Messages as content text, not into the body (a plain-text file)") }
            case .fileURL(let path, nil): receipt.attachments.append(Self.attachment(item, type: "public.data", path: path))
            case .image(let path): receipt.attachments.append(Self.imageAttachment(item, path: path, number: &imageNumber, context: context))
            case .data(_, let type): Self.attachData(item, type: type, to: &receipt, in: "Messages")
            case .printFormatter: continue
            case .unknown: receipt.items.append("\(item.label): of a type sharelint cannot tell")
            }
        }
        if receipt.subject != nil { receipt.items.append("note: the subject shows only when the Messages subject field is on") }
        return receipt
    }

    /// An NSData in Mail or Messages: attached with its type when ImageIO reads the bytes as
    /// an image (a raw NSData has no type identifier: `_UIActivityItemMapping
    /// +_dataTypeIdentifierForActivityItem:activityType:` asks only item sources), else left out.
    static func attachData(_ item: MatchedItem, type: String?, to receipt: inout Destination.Receipt, in activity: String) {
        if let type, UTTypeRegistry.system.conforms(type, to: "public.image") {
            receipt.attachments.append(Destination.Attachment(item: item.label, type: type, name: nil))
        } else {
            receipt.items.append("\(item.label): not attached (an NSData of no type: \(activity) attaches only data it can type)")
        }
    }

    /// A UIImage attached by Mail or Messages: `Image-N.png` when its size in points is at
    /// most 512 wide and under 512 high (`v68 < 512.0 && v67 <= 512.0`: a 512x512 image is
    /// already a JPEG; which side is the strict one is inferred from the decompiler's
    /// register order), else `Image-N.jpg` (JPEG at 0.8). N counts the unnamed images from 1.
    /// Without a known size the name stays unknown.
    static func imageAttachment(_ item: MatchedItem, path: String, number: inout Int, context: Context) -> Destination.Attachment {
        guard let size = context.imageSizes[path] else { return Destination.Attachment(item: item.label, type: "public.image", name: nil) }
        let isPNG = size.width <= 512 && size.height < 512
        defer { number += 1 }
        return Destination.Attachment(item: item.label, type: isPNG ? "public.png" : "public.jpeg",
                                      name: "Image-\(number)." + (isPNG ? "png" : "jpg"))
    }

    /// A UIImage's size in points: the file's pixels divided by the scale its name gives
    /// (`@2x`, `@3x`; `UIImage(contentsOfFile:)` reads the suffix: inferred).
    static func pointSize(pixels: (width: Int, height: Int), path: String) -> (width: Double, height: Double) {
        let name = PathLogic.fileName(of: path)
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        return (Double(pixels.width) / scale, Double(pixels.height) / scale)
    }
}

extension ItemSource {
    /// What `activityViewController:itemForActivityType:` returns: nil for an activity it
    /// withholds the item from, else the `forActivity` entry's `item`, else the source's
    /// `item`, else its placeholder.
    func item(for activityType: String) -> ActivityValue? {
        let response = response(for: activityType)
        if response.withheld { return nil }
        return response.item ?? defaults.item ?? placeholder
    }

    /// Whether its `forActivity` entry for an activity withholds the item.
    func withholds(_ activityType: String) -> Bool {
        response(for: activityType).withheld
    }

    /// What `activityViewController:subjectForActivityType:` returns: the `forActivity`
    /// entry's `subject`, else the source's.
    func subject(for activityType: String) -> LocatedString? {
        response(for: activityType).subject ?? defaults.subject
    }
}
