/// Step 2's link metadata entries (`HeaderPipeline`).
extension HeaderPipeline {
    /// What the header reads of one `LPLinkMetadata`.
    ///
    /// A value whose fields live in one object its copies share, copied on a write to a
    /// shared one: the items of a configuration usually show the configuration's link
    /// metadata, one copy of its entry each, and a copy of eleven fields was eleven
    /// retains and, when it went, eleven releases (about 3,300 instructions a document;
    /// docs/performance.md). One object per entry made costs less than that.
    /// An entry made from a document's values (`init(values:)`) keeps the values and reads
    /// them when asked: it is read while their configuration is held.
    public struct Entry: Sendable, Hashable {
        private final class Fields: @unchecked Sendable {
            // Written only while the object is its entry's alone (`unique`), so never
            // while shared across threads.
            var title, url, originalURL, summary, iconPath, imagePath: String?
            /// The document's values a field was made from, when it was (`init(values:)`):
            /// read as strings only when asked, and as bytes by the summary's steps
            /// (docs/decisions.md, "A value's bytes"). A field's string, when set, wins.
            var values = Values()
            var icon, image: Header.IconSource?
            var fileSize: Int?
            var isFromString: Bool
            var file: FileFacts?

            init(title: String?, url: String?, originalURL: String?, summary: String?, icon: Header.IconSource?,
                 image: Header.IconSource?, iconPath: String?, imagePath: String?, fileSize: Int?, isFromString: Bool, file: FileFacts?) {
                (self.title, self.url, self.originalURL, self.summary) = (title, url, originalURL, summary)
                (self.icon, self.image, self.iconPath, self.imagePath) = (icon, image, iconPath, imagePath)
                (self.fileSize, self.isFromString, self.file) = (fileSize, isFromString, file)
            }

            func copy() -> Fields {
                let copy = Fields(title: title, url: url, originalURL: originalURL, summary: summary, icon: icon, image: image,
                                  iconPath: iconPath, imagePath: imagePath, fileSize: fileSize, isFromString: isFromString, file: file)
                copy.values = values
                return copy
            }
        }

        /// Fields given as a document's values (`LocatedString`s) rather than strings.
        struct Values {
            var title, url, originalURL, summary: LocatedString?
        }

        private var fields: Fields

        /// The fields, made this entry's own before a write.
        private mutating func unique() -> Fields {
            if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
            return fields
        }

        /// `title`.
        public var title: String? {
            get { fields.title ?? fields.values.title?.value }
            set { let f = unique(); (f.title, f.values.title) = (newValue, nil) }
        }
        /// `URL`.
        public var url: String? {
            get { fields.url ?? fields.values.url?.value }
            set { let f = unique(); (f.url, f.values.url) = (newValue, nil) }
        }
        /// `originalURL`.
        public var originalURL: String? {
            get { fields.originalURL ?? fields.values.originalURL?.value }
            set { let f = unique(); (f.originalURL, f.values.originalURL) = (newValue, nil) }
        }
        /// `summary` (set for string items).
        public var summary: String? {
            get { fields.summary ?? fields.values.summary?.value }
            set { let f = unique(); (f.summary, f.values.summary) = (newValue, nil) }
        }

        /// Calls `body` with the bytes of `originalURL` (nil when there is none), making no
        /// string for a document's value.
        func withOriginalURL<R>(_ body: (ByteView) -> R) -> R? {
            if let string = fields.originalURL { return string.withBytes(body) }
            return fields.values.originalURL?.withBytes(body)
        }

        /// Calls `body` with the bytes of `originalURL`, else of `URL` (nil when there is
        /// neither), making no string for a document's value.
        func withOriginalURLOrURL<R>(_ body: (ByteView) -> R) -> R? {
            if let answer = withOriginalURL(body) { return answer }
            if let string = fields.url { return string.withBytes(body) }
            return fields.values.url?.withBytes(body)
        }

        /// Whether both entries share one set of fields (copies of one entry, unchanged).
        func sharesFields(with other: Entry) -> Bool { fields === other.fields }
        /// Where `iconProvider` comes from.
        public var icon: Header.IconSource? { get { fields.icon } set { unique().icon = newValue } }
        /// Where `imageProvider` comes from.
        public var image: Header.IconSource? { get { fields.image } set { unique().image = newValue } }
        /// The image file of `icon`, as written (for pictures of the sheet).
        public var iconPath: String? { get { fields.iconPath } set { unique().iconPath = newValue } }
        /// The image file of `image`, as written.
        public var imagePath: String? { get { fields.imagePath } set { unique().imagePath = newValue } }
        /// The file size, for an entry made from a file with file metadata. Never set for
        /// a configuration (its wrappers carry item providers, not files), kept so the
        /// summary subtitle step reads like iOS's.
        public var fileSize: Int? { get { fields.fileSize } set { unique().fileSize = newValue } }
        /// Whether it comes from a string item (step 3 may drop it).
        public var isFromString: Bool { get { fields.isFromString } set { unique().isFromString = newValue } }
        /// For a loaded file URL: its `LPFileMetadata` specialization.
        public var file: FileFacts? { get { fields.file } set { unique().file = newValue } }

        /// Creates an entry.
        public init(title: String? = nil, url: String? = nil, originalURL: String? = nil, summary: String? = nil,
                    icon: Header.IconSource? = nil, image: Header.IconSource? = nil, iconPath: String? = nil, imagePath: String? = nil,
                    fileSize: Int? = nil, isFromString: Bool = false, file: FileFacts? = nil) {
            fields = Fields(title: title, url: url, originalURL: originalURL, summary: summary, icon: icon, image: image,
                            iconPath: iconPath, imagePath: imagePath, fileSize: fileSize, isFromString: isFromString, file: file)
        }

        /// An entry of a document's values (what it reads of them is read when asked).
        init(values: Values, icon: Header.IconSource? = nil, image: Header.IconSource? = nil, iconPath: String? = nil,
             imagePath: String? = nil, isFromString: Bool = false) {
            fields = Fields(title: nil, url: nil, originalURL: nil, summary: nil, icon: icon, image: image,
                            iconPath: iconPath, imagePath: imagePath, fileSize: nil, isFromString: isFromString, file: nil)
            fields.values = values
        }

        public static func == (a: Entry, b: Entry) -> Bool {
            if a.fields === b.fields { return true }
            let x = a.fields, y = b.fields
            return a.title == b.title && a.url == b.url && a.originalURL == b.originalURL && a.summary == b.summary
                && x.icon == y.icon && x.image == y.image && x.iconPath == y.iconPath && x.imagePath == y.imagePath
                && x.fileSize == y.fileSize && x.isFromString == y.isFromString && x.file == y.file
        }

        public func hash(into hasher: inout Hasher) {
            let x = fields
            hasher.combine(title)
            hasher.combine(url)
            hasher.combine(originalURL)
            hasher.combine(summary)
            hasher.combine(x.icon)
            hasher.combine(x.image)
            hasher.combine(x.iconPath)
            hasher.combine(x.imagePath)
            hasher.combine(x.fileSize)
            hasher.combine(x.isFromString)
            hasher.combine(x.file)
        }
    }
}
