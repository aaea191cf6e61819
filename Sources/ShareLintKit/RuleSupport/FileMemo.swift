import ShareLintMessages
import YAMLSyntax

/// What the documents of one file ask again and again, kept for the whole file: a path's
/// facts, a PNG's transparency, and the system registry's facts of a type identifier. A file is linted on one
/// thread and its directory is fixed, so an answer is found by the question's bytes alone,
/// without the run-wide cache's lock and its hashing of directory and path (`FileInspector`;
/// docs/performance.md, "The figures behind the code"), and the documents of a stream,
/// which name the same few types, look each type up in the registry once for the file.
/// Keys are compared as bytes (`PathBytes`), like the run-wide cache's keys. Not
/// `Sendable`: made, used and dropped by the thread that lints the file.
final class FileMemo {
    /// The run-wide cache asked for a path seen first.
    let files: FileInspector
    /// The directory of the file's documents, which their paths are relative to.
    let directory: String

    private var paths = BytesKeyedTable<PathMemo>()
    /// Facts in the system registry only: a document that declares types has its own registry.
    private var systemTypes = BytesKeyedTable<TypeFacts>()
    /// By resolved path.
    private var transparencies = BytesKeyedTable<PixelTransparency>()

    /// The exclusion rule's answers, by activity and question: plain values found by
    /// comparison (a stream's documents ask a few), the words of each "not offered" apart,
    /// so walking the answers retains nothing.
    private var exclusionAnswers: [(activity: BuiltInActivity, question: DestinationModel.DecisionsQuestion, reason: Int)] = []
    private var exclusionReasons: [Message] = []

    /// The keys of a document's mappings while the loader reads it (emptied for each).
    let writtenKeys = WrittenKeys()

    /// Whether photo-library-usage has given its note without an Info.plist in this file.
    private var photoLibraryNoteGiven = false

    /// True the first time it is asked in a file (photo-library-usage's one note without
    /// an Info.plist), false after.
    func firstPhotoLibraryNote() -> Bool {
        defer { photoLibraryNoteGiven = true }
        return !photoLibraryNoteGiven
    }

    init(files: FileInspector, directory: String) {
        self.files = files
        self.directory = directory
    }

    /// What the file's documents ask of `path`, written in one of them.
    func path(_ path: String) -> PathMemo {
        paths.value(for: path) { PathMemo(facts: files.facts(path, relativeTo: directory)) }
    }

    /// `path(_:)` for a path value of a document, found by its bytes (its string is made
    /// only for a path the file has not named before).
    func path(_ path: LocatedString) -> PathMemo {
        path.withBytes { bytes in paths.value(forUTF8: bytes) { PathMemo(facts: files.facts(path.value, relativeTo: directory)) } }
    }

    /// The facts of `path`, written in one of the file's documents.
    func facts(_ path: String) -> FileFacts {
        self.path(path).facts
    }

    /// Whether any pixel of a PNG is transparent (`FileInspector.transparency(ofPNG:)`,
    /// whose run-wide cache takes a lock and hashes the path with SipHash).
    func transparency(ofPNG resolved: String) -> PixelTransparency {
        transparencies.value(for: resolved) { files.transparency(ofPNG: resolved) }
    }

    /// Why `activity` is not offered for `question`, nil when it is (or is decided at run
    /// time); `make` answers the first time it is asked.
    func notOffered(_ activity: BuiltInActivity, _ question: DestinationModel.DecisionsQuestion,
                    _ make: () -> Message?) -> Message? {
        for known in exclusionAnswers where known.activity == activity && known.question == question {
            return known.reason < 0 ? nil : exclusionReasons[known.reason]
        }
        let reason = make()
        // Bounded: a file whose documents ask ever new questions keeps the first 64 answers.
        guard exclusionAnswers.count < 64 else { return reason }
        var index = -1
        if let reason {
            index = exclusionReasons.count
            exclusionReasons.append(reason)
        }
        exclusionAnswers.append((activity, question, index))
        return reason
    }

    /// The lists of the file's last document's rule context, given back when that context
    /// went, and emptied (`emptyKeptLists`) for the next one.
    private var keptLists = ContextLists()

    /// Empty lists for a document's rule context, in the memory of the last document's.
    func emptyLists() -> ContextLists {
        var lists = ContextLists()
        swap(&lists, &keptLists)
        lists.removeAll()
        return lists
    }

    /// Keeps the lists of a context that goes, for the file's next document.
    func keepForReuse(_ lists: ContextLists) {
        keptLists = lists
    }

    /// Empties the kept lists, once the context that held them is gone: the values they
    /// held go with their document.
    func emptyKeptLists() {
        keptLists.removeAll()
    }

    /// The system registry's facts of a type identifier.
    func systemTypeFacts(_ type: String) -> TypeFacts {
        systemTypes.value(for: type) { TypeFacts(type: type, declaration: UTTypeRegistry.system.declaration(for: type)?.withOwnArrays) }
    }
}

extension UTTypeDeclaration {
    /// A copy whose lists have storage of their own. The system registry's are read by
    /// every `--jobs` worker, and the rules that read a declaration count references to
    /// its lists (eight a file, against a count line the other core wrote last:
    /// docs/performance.md, "Rules that keep it fast"); a file's copy is counted by its own thread only.
    var withOwnArrays: UTTypeDeclaration {
        var copy = self
        copy.conformsTo = conformsTo.map { $0 }
        copy.extensions = extensions.map { $0 }
        copy.mimeTypes = mimeTypes.map { $0 }
        return copy
    }
}

/// What the documents of one file ask of one path written in them: its facts, and the
/// verdict of a rule that reads nothing else of the document than the path, its facts and
/// the system registry (so kept only for documents that declare no types). A stream's
/// documents name the same few files. Like `FileMemo`, asked on one thread only (not
/// `Sendable`).
final class PathMemo {
    let facts: FileFacts
    /// `ActivityImageRule`'s problems with the path as an activity image.
    var activityImageProblems: [Message]?
    /// `PreviewNotImageRule`'s verdict: why the file is not an image, nil when it is one
    /// (the outer nil: not asked yet).
    var whyNotAnImage: Message??

    init(facts: FileFacts) {
        self.facts = facts
    }
}

/// A type identifier's declaration and provider bits in a registry (an object: found with
/// one retain, not a copy of the declaration's arrays).
final class TypeFacts {
    let type: String
    let declaration: UTTypeDeclaration?
    /// Whether `declaration` is set, read without copying it out.
    let isDeclared: Bool
    /// Worked out when first asked for (some types are only asked whether declared).
    private var bits: ActivityItemTypes?

    init(type: String, declaration: UTTypeDeclaration?) {
        self.type = type
        self.declaration = declaration
        isDeclared = declaration != nil
    }

    /// The provider bits in `registry`, the registry the facts come from.
    func bits(in registry: UTTypeRegistry) -> ActivityItemTypes {
        if let bits { return bits }
        let bits = ActivityItemTypes.providerBits(of: type, registry: registry)
        self.bits = bits
        return bits
    }
}
