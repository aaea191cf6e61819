/// Step 2's link metadata entries (`HeaderPipeline`).
extension HeaderPipeline {
    /// What the header reads of one `LPLinkMetadata`.
    ///
    /// A value whose fields live in one immutable object its copies share: the items of a
    /// configuration usually show the configuration's link metadata, one copy of its entry
    /// each, and a copy of eleven fields was eleven retains and, when it went, eleven
    /// releases (docs/performance.md, "Rules, header, output" and "The figures behind the
    /// code"). One object per entry made costs less than that. A write to a field makes a new object (the header's
    /// steps make entries and never write one).
    /// An entry made from a document's values (`init(values:)`) keeps the values and reads
    /// them when asked: it is read while their configuration is held.
    package struct Entry: Sendable, Hashable {
        /// The fields, as plain data.
        private struct Fields: Sendable {
            var title, url, originalURL, summary, iconPath, imagePath: String?
            /// The document's values a field was made from, when it was (`init(values:)`):
            /// read as strings only when asked, and as bytes by the summary's steps
            /// (docs/decisions.md, "Long values are kept as bytes, strings made when asked").
            /// A field's string, when set, wins.
            var values = Values()
            var icon, image: Header.IconSource?
            var fileSize: Int?
            var isFromString: Bool
            var file: FileFacts?
        }

        /// The one object an entry's copies share.
        private final class SharedFields: Sendable {
            let fields: Fields
            init(_ fields: Fields) { self.fields = fields }
        }

        /// Fields given as a document's values (`LocatedString`s) rather than strings.
        struct Values {
            var title, url, originalURL, summary: LocatedString?
        }

        private var shared: SharedFields

        /// Writes fields: the entry takes a new object with the change.
        private mutating func change(_ edit: (inout Fields) -> Void) {
            var fields = shared.fields
            edit(&fields)
            shared = SharedFields(fields)
        }

        /// `title`.
        package var title: String? {
            get { shared.fields.title ?? shared.fields.values.title?.value }
            set { change { ($0.title, $0.values.title) = (newValue, nil) } }
        }
        /// `URL`.
        package var url: String? {
            get { shared.fields.url ?? shared.fields.values.url?.value }
            set { change { ($0.url, $0.values.url) = (newValue, nil) } }
        }
        /// `originalURL`.
        package var originalURL: String? {
            get { shared.fields.originalURL ?? shared.fields.values.originalURL?.value }
            set { change { ($0.originalURL, $0.values.originalURL) = (newValue, nil) } }
        }
        /// `summary` (set for string items).
        package var summary: String? {
            get { shared.fields.summary ?? shared.fields.values.summary?.value }
            set { change { ($0.summary, $0.values.summary) = (newValue, nil) } }
        }

        /// Calls `body` with the bytes of `originalURL` (nil when there is none), making no
        /// string for a document's value.
        func withOriginalURL<R>(_ body: (ByteView) -> R) -> R? {
            if let string = shared.fields.originalURL { return string.withBytes(body) }
            return shared.fields.values.originalURL?.withBytes(body)
        }

        /// Calls `body` with the bytes of `originalURL`, else of `URL` (nil when there is
        /// neither), making no string for a document's value.
        func withOriginalURLOrURL<R>(_ body: (ByteView) -> R) -> R? {
            if let answer = withOriginalURL(body) { return answer }
            if let string = shared.fields.url { return string.withBytes(body) }
            return shared.fields.values.url?.withBytes(body)
        }

        /// Whether both entries share one set of fields (copies of one entry, unchanged).
        func sharesFields(with other: Entry) -> Bool { shared === other.shared }
        /// Where `iconProvider` comes from.
        package var icon: Header.IconSource? { get { shared.fields.icon } set { change { $0.icon = newValue } } }
        /// Where `imageProvider` comes from.
        package var image: Header.IconSource? { get { shared.fields.image } set { change { $0.image = newValue } } }
        /// The image file of `icon`, as written (for pictures of the sheet).
        package var iconPath: String? { get { shared.fields.iconPath } set { change { $0.iconPath = newValue } } }
        /// The image file of `image`, as written.
        package var imagePath: String? { get { shared.fields.imagePath } set { change { $0.imagePath = newValue } } }
        /// The file size, for an entry made from a file with file metadata. Never set for
        /// a configuration (its wrappers carry item providers, not files), kept so the
        /// summary subtitle step reads like iOS's.
        package var fileSize: Int? { get { shared.fields.fileSize } set { change { $0.fileSize = newValue } } }
        /// Whether it comes from a string item (step 3 may drop it).
        package var isFromString: Bool { get { shared.fields.isFromString } set { change { $0.isFromString = newValue } } }
        /// For a loaded file URL: its `LPFileMetadata` specialization.
        package var file: FileFacts? { get { shared.fields.file } set { change { $0.file = newValue } } }

        /// Creates an entry.
        package init(title: String? = nil, url: String? = nil, originalURL: String? = nil, summary: String? = nil,
                    icon: Header.IconSource? = nil, image: Header.IconSource? = nil, iconPath: String? = nil, imagePath: String? = nil,
                    fileSize: Int? = nil, isFromString: Bool = false, file: FileFacts? = nil) {
            shared = SharedFields(Fields(title: title, url: url, originalURL: originalURL, summary: summary, iconPath: iconPath,
                                         imagePath: imagePath, icon: icon, image: image, fileSize: fileSize, isFromString: isFromString,
                                         file: file))
        }

        /// An entry of a document's values (what it reads of them is read when asked).
        init(values: Values, icon: Header.IconSource? = nil, image: Header.IconSource? = nil, iconPath: String? = nil,
             imagePath: String? = nil, isFromString: Bool = false) {
            shared = SharedFields(Fields(iconPath: iconPath, imagePath: imagePath, values: values, icon: icon, image: image,
                                         isFromString: isFromString))
        }

        package static func == (a: Entry, b: Entry) -> Bool {
            if a.shared === b.shared { return true }
            let x = a.shared, y = b.shared
            return a.title == b.title && a.url == b.url && a.originalURL == b.originalURL && a.summary == b.summary
                && x.fields.icon == y.fields.icon && x.fields.image == y.fields.image
                && x.fields.iconPath == y.fields.iconPath && x.fields.imagePath == y.fields.imagePath
                && x.fields.fileSize == y.fields.fileSize && x.fields.isFromString == y.fields.isFromString && x.fields.file == y.fields.file
        }

        package func hash(into hasher: inout Hasher) {
            let x = shared
            hasher.combine(title)
            hasher.combine(url)
            hasher.combine(originalURL)
            hasher.combine(summary)
            hasher.combine(x.fields.icon)
            hasher.combine(x.fields.image)
            hasher.combine(x.fields.iconPath)
            hasher.combine(x.fields.imagePath)
            hasher.combine(x.fields.fileSize)
            hasher.combine(x.fields.isFromString)
            hasher.combine(x.fields.file)
        }
    }
}
