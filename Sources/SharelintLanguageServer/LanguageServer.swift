import ShareLintMessages
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ShareLintKit

/// `sharelint lsp`: a Language Server Protocol server over standard input and output.
/// One thread: it waits for input with `poll`, handles every complete message, then lints
/// the documents whose debounce delay has passed and, every two seconds, checks the files
/// the open documents refer to. State is the open documents only, so memory stays flat
/// over a long session.
package final class LanguageServer {
    /// JSON-RPC and LSP error codes.
    enum ErrorCode {
        static let parseError = -32700
        static let invalidRequest = -32600
        static let methodNotFound = -32601
        static let invalidParams = -32602
        static let serverNotInitialized = -32002
    }

    /// An error answered to a request.
    struct ResponseError: Error {
        var code: Int
        var message: String
    }

    /// One open document.
    final class OpenDocument {
        let uri: String
        let path: String?
        /// Whether the document is a share configuration (others are left alone).
        var isShareConfiguration = true
        var version: Int
        var text: TextDocument
        /// Set when the document is over the size limit (`text` is then empty).
        var oversized: OversizedDocument?
        /// The size limit that applies to the document, as of its last lint.
        var sizeLimit = LintOptions().maxFileSize
        /// When the debounce delay of the last change ends (nanoseconds, monotonic); nil when linted.
        var due: UInt64?
        var report: FileReport? {
            didSet { quickFixes = nil }
        }
        /// The fixes of `report`'s first round (`FixRounds.round`), once asked for.
        var quickFixes: [Fix]?
        /// The iOS version the last lint predicted for.
        var target = IOSTarget.default
        /// The language of its messages and hover.
        var language = Language.english
        var published: String?
        var publishedVersion: Int?
        var watched: [String: FileStamp] = [:]

        init(uri: String, path: String?, version: Int, text: TextDocument) {
            self.uri = uri
            self.path = path
            self.version = version
            self.text = text
        }
    }

    private enum State { case waiting, running, shutDown }

    private let reader: MessageReader
    private let writer: MessageWriter
    private let log: (String) -> Void
    /// The version `initialize` reports.
    private let version: String
    private var linting: DocumentLinting
    private var state = State.waiting
    private(set) var encoding = PositionEncoding.utf16
    private var documents: [String: OpenDocument] = [:]
    private var lastFileCheck: UInt64 = 0
    private var shownSetupProblems: Set<String> = []
    /// The delay between the last change and the lint, in milliseconds.
    private var debounceMilliseconds = 150
    /// How often the files open documents refer to are checked, in milliseconds.
    private var fileCheckMilliseconds = 2000

    init(options: Options, input fd: Int32, write: @escaping (String) -> Void, log: @escaping (String) -> Void) {
        reader = MessageReader(fd: fd, maxContentLength: Self.maxContentLength(options))
        writer = MessageWriter(write: write)
        self.log = log
        version = options.version
        linting = DocumentLinting(serverOptions: options, currentDirectory: RootedFileSystem.currentDirectory())
    }

    /// The largest `maxFileSize` the server takes (1 GiB): documents are held whole.
    package static let maxDocumentLimit = 1 << 30

    /// Messages may carry a whole share file, escaped: twice the file size limit, plus room
    /// (the limit taken at most `maxDocumentLimit`, so this cannot overflow).
    static func maxContentLength(_ options: Options) -> Int {
        2 * min(options.maxFileSize ?? LintOptions().maxFileSize, maxDocumentLimit) + (1 << 20)
    }

    /// Serves until `exit` or the end of input; returns the exit code (0 after shutdown, else 1).
    func run() -> Int32 {
        while true {
            while let event = reader.next() {
                if let code = handle(event) { return code }
            }
            if reader.atEnd {
                log("sharelint lsp: the input ended\(state == .shutDown ? "" : " without shutdown")\n")
                return state == .shutDown ? 0 : 1
            }
            lintDueDocuments()
            checkWatchedFiles()
            if reader.waitForInput(milliseconds: waitTime()) { reader.fill() }
        }
    }

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// Until the next debounce deadline or file check; forever when nothing is open.
    private func waitTime() -> Int32 {
        let now = Self.now()
        var deadline: UInt64?
        for document in documents.values { if let due = document.due { deadline = min(deadline ?? due, due) } }
        if !documents.isEmpty { deadline = min(deadline ?? .max, lastFileCheck + UInt64(fileCheckMilliseconds) * 1_000_000) }
        guard let deadline else { return -1 }
        if deadline <= now { return 0 }
        return Int32(min(UInt64(Int32.max), (deadline - now) / 1_000_000 + 1))
    }

    // MARK: - Messages

    private func handle(_ event: MessageReader.Event) -> Int32? {
        switch event {
        case .framingError(let message):
            log("sharelint lsp: \(message)\n")
            sendError(id: .null, code: ErrorCode.parseError, message: message)
            return nil
        case .message(let body):
            let message: JSONValue
            do {
                message = try JSONParser.parse(body)
            } catch {
                sendError(id: .null, code: ErrorCode.parseError, message: "the message is not JSON: \(error)")
                return nil
            }
            return handle(message)
        }
    }

    private func handle(_ message: JSONValue) -> Int32? {
        guard case .object = message else {
            sendError(id: .null, code: ErrorCode.invalidRequest, message: "a message must be a JSON object (batches are not part of LSP)")
            return nil
        }
        let id = message["id"]
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (none need an answer) or nonsense.
            if id == nil || (message["result"] == nil && message["error"] == nil) {
                sendError(id: id ?? .null, code: ErrorCode.invalidRequest, message: "a message needs a method (or is a response)")
            }
            return nil
        }
        let params = message["params"] ?? .null
        if let id {
            switch id {
            case .int, .string: break
            default:
                sendError(id: .null, code: ErrorCode.invalidRequest, message: "a request id must be a number or a string")
                return nil
            }
            do {
                let result = try request(method, params: params)
                writer.send(.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]))
            } catch let error as ResponseError {
                sendError(id: id, code: error.code, message: error.message)
            } catch {
                sendError(id: id, code: ErrorCode.invalidRequest, message: "\(error)")
            }
            return nil
        }
        return notification(method, params: params)
    }

    private func sendError(id: JSONValue, code: Int, message: String) {
        writer.send(.object([("jsonrpc", .string("2.0")), ("id", id),
                             ("error", .object([("code", .int(code)), ("message", .string(message))]))]))
    }

    private func notify(_ method: String, _ params: JSONValue) {
        writer.send(.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]))
    }

    /// LSP's MessageType.
    private enum MessageType: Int { case error = 1, warning = 2 }

    /// A message for the client's log (`window/logMessage`), also written to standard error
    /// (with control characters shown as escapes).
    private func logMessage(_ type: MessageType, _ message: String) {
        log("sharelint lsp: \(TerminalText.visible(message))\n")
        notify("window/logMessage", .object([("type", .int(type.rawValue)), ("message", .string("sharelint: " + message))]))
    }

    private func request(_ method: String, params: JSONValue) throws -> JSONValue {
        switch state {
        case .waiting:
            guard method == "initialize" else {
                throw ResponseError(code: ErrorCode.serverNotInitialized, message: "the server is not initialized: send initialize first")
            }
            return initialize(params)
        case .shutDown:
            throw ResponseError(code: ErrorCode.invalidRequest, message: "the server is shut down: only exit is accepted")
        case .running:
            break
        }
        switch method {
        case "initialize":
            throw ResponseError(code: ErrorCode.invalidRequest, message: "initialize was already received")
        case "shutdown":
            state = .shutDown
            documents.removeAll()
            return .null
        case "textDocument/hover":
            let (document, position) = try locate(params)
            guard document.isShareConfiguration, document.oversized == nil else { return .null }
            lintNow(document)
            return Hover(document: document, encoding: encoding).hover(at: position) ?? .null
        case "textDocument/completion":
            let (document, position) = try locate(params)
            guard document.isShareConfiguration, document.oversized == nil else { return .array([]) }
            return Completion(document: document, encoding: encoding, root: linting.root(forDocumentAt: document.path)).items(at: position)
        case "textDocument/codeAction":
            let document = try openDocument(params)
            guard let range = LSPRange(params["range"]) else { throw ResponseError(code: ErrorCode.invalidParams, message: "codeAction needs a range") }
            guard document.oversized == nil else { return .array([]) }
            lintNow(document)
            let linting = linting, path = document.path
            return CodeActions(document: document, encoding: encoding) { linting.lint(.bytes($0), path: path).report }.actions(in: range)
        default:
            throw ResponseError(code: ErrorCode.methodNotFound, message: "unknown method '\(method)'")
        }
    }

    private func notification(_ method: String, params: JSONValue) -> Int32? {
        if method == "exit" { return state == .shutDown ? 0 : 1 }
        guard state == .running else { return nil }
        switch method {
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
            break
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
                log("sharelint lsp: didOpen without textDocument.uri and text\n")
                return nil
            }
            let path = uri.hasPrefix("file:") ? FileURI.path(of: uri) : nil
            let document = OpenDocument(uri: uri, path: path, version: item["version"]?.intValue ?? 0, text: TextDocument(""))
            document.sizeLimit = linting.maxFileSize(forDocumentAt: path)
            document.setText(text, limit: document.sizeLimit)
            document.isShareConfiguration = linting.isShareConfiguration(path: path)
            documents[uri] = document
            lintNow(document)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] else {
                log("sharelint lsp: didChange for a document that is not open\n")
                return nil
            }
            let version = params["textDocument"]?["version"]?.intValue
            if let version, version <= document.version, document.version != 0 {
                log("sharelint lsp: didChange with version \(version) after \(document.version) is applied in the order received\n")
            }
            switch document.apply(params["contentChanges"]?.arrayValue ?? [], limit: document.sizeLimit, encoding: encoding) {
            case .applied:
                break
            case .refused(let reason):
                logMessage(.error, "didChange for \(uri) refused, the document is unchanged: \(reason)")
                return nil
            case .partlyApplied(let reason):
                logMessage(.warning, "didChange for \(uri): \(reason)")
            }
            if let version { document.version = version }
            document.due = Self.now() + UInt64(debounceMilliseconds) * 1_000_000
        case "textDocument/didSave":
            // Saving may follow changes to the files it refers to: check them again now.
            if let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri] { document.due = Self.now() }
        case "textDocument/didClose":
            if let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents.removeValue(forKey: uri) {
                // Clear the closed document's diagnostics, as other linters do.
                notify("textDocument/publishDiagnostics", .object([("uri", .string(document.uri)), ("diagnostics", .array([]))]))
            }
        case "workspace/didChangeWatchedFiles":
            for document in documents.values { document.due = Self.now() }
        default:
            if !method.hasPrefix("$/") { log("sharelint lsp: notification '\(method)' ignored\n") }
        }
        return nil
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        // The client lists encodings in its order of preference; UTF-16 is the default.
        encoding = offered.lazy.compactMap(PositionEncoding.init(rawValue:)).first ?? .utf16
        var folders = (params["workspaceFolders"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.flatMap(FileURI.path(of:)) }
        if folders.isEmpty, let root = params["rootUri"]?.stringValue.flatMap(FileURI.path(of:)) { folders = [root] }
        if folders.isEmpty, let root = params["rootPath"]?.stringValue { folders = [root] }
        linting.workspaceFolders = folders
        linting.clientLocale = params["locale"]?.stringValue
        if let options = params["initializationOptions"] {
            if let value = options["debounceMilliseconds"]?.intValue { debounceMilliseconds = min(max(0, value), 10_000) }
            if let value = options["fileCheckMilliseconds"]?.intValue { fileCheckMilliseconds = min(max(100, value), 600_000) }
        }
        state = .running
        lastFileCheck = Self.now()
        return .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))]))])),
                ("hoverProvider", .bool(true)),
                ("completionProvider", .object([("triggerCharacters", .array(["/", ".", "-"].map(JSONValue.string))), ("resolveProvider", .bool(false))])),
                ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
            ])),
            ("serverInfo", .object([("name", .string("sharelint")), ("version", .string(version))])),
        ])
    }

    private func openDocument(_ params: JSONValue) throws -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw ResponseError(code: ErrorCode.invalidParams, message: "the request needs textDocument.uri")
        }
        guard let document = documents[uri] else {
            throw ResponseError(code: ErrorCode.invalidParams, message: "the document \(uri) is not open")
        }
        return document
    }

    private func locate(_ params: JSONValue) throws -> (OpenDocument, LSPPosition) {
        let document = try openDocument(params)
        guard let position = LSPPosition(params["position"]) else {
            throw ResponseError(code: ErrorCode.invalidParams, message: "the request needs a position")
        }
        return (document, position)
    }

    // MARK: - Linting

    private func lintDueDocuments() {
        let now = Self.now()
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
            if let due = document.due, due <= now { lintNow(document) }
        }
    }

    /// Lints a document whose text changed (or when asked to) and publishes what changed.
    private func lintNow(_ document: OpenDocument) {
        guard document.due != nil || document.report == nil else { return }
        document.due = nil
        guard document.isShareConfiguration else { return }
        let outcome = linting.lint(document.oversized.map { .oversized(byteCount: $0.byteCount, limit: $0.limit) } ?? .bytes(document.text.bytes),
                                   path: document.path)
        document.report = outcome.report
        document.target = outcome.target
        document.language = outcome.language
        document.sizeLimit = outcome.maxFileSize
        // The limit may have been lowered (`.sharelint.yml` changed).
        document.dropText(over: document.sizeLimit)
        document.watched = Dictionary(outcome.watched.map { ($0, FileStamp.of($0)) }, uniquingKeysWith: { a, _ in a })
        if shownSetupProblems.count > 100 { shownSetupProblems.removeAll() }
        for problem in outcome.setupProblems where shownSetupProblems.insert(problem).inserted {
            notify("window/showMessage", .object([("type", .int(1)), ("message", .string("sharelint: " + problem))]))
        }
        publish(document)
    }

    private func publish(_ document: OpenDocument) {
        let diagnostics = (document.report?.diagnostics ?? []).map { LSPDiagnostics.json($0, in: document.text, encoding: encoding, language: document.language) }
        let list = JSONValue.array(diagnostics).serialized()
        // Each new version is published; a check of the files that changes nothing is not.
        guard list != document.published || document.version != document.publishedVersion else { return }
        document.published = list
        document.publishedVersion = document.version
        notify("textDocument/publishDiagnostics", .object([("uri", .string(document.uri)), ("version", .int(document.version)),
                                                         ("diagnostics", .array(diagnostics))]))
    }

    /// Re-lints documents whose assets, Info.plist or `.sharelint.yml` changed on disk.
    private func checkWatchedFiles() {
        let now = Self.now()
        guard now >= lastFileCheck + UInt64(fileCheckMilliseconds) * 1_000_000 else { return }
        lastFileCheck = now
        for document in documents.values where document.due == nil {
            if document.watched.contains(where: { FileStamp.of($0.key) != $0.value }) { document.due = now }
        }
    }
}
