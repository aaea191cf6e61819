import YAMLSyntax

/// `wechat.miniProgramCode`: how the WeChat mini-program code on a shared poster is
/// made, by one of WeChat's three server APIs (docs/wechat.md cites each fact).
package final class MiniProgramCode: Sendable {
    /// The three code APIs.
    package enum API: String, Sendable, CaseIterable {
        /// `wxacode.getUnlimited`: codes made on demand, unlimited in number, with `scene`.
        case getUnlimited
        /// `wxacode.get`: round codes, limited in number together with createQRCode.
        case get
        /// `wxaapp.createQRCode`: square codes, limited in number together with get.
        case createQRCode

        /// Whether WeChat limits how many codes the API makes (100,000 across get and createQRCode).
        package var isLimited: Bool { self != .getUnlimited }

        /// The API's name in WeChat's documentation.
        package var documentedName: String {
            switch self {
            case .getUnlimited: return "wxacode.getUnlimited"
            case .get: return "wxacode.get"
            case .createQRCode: return "wxaapp.createQRCode"
            }
        }
    }

    /// Where the `miniProgramCode` mapping stands.
    package let range: SourceRange
    /// Where its key stands.
    package let keyRange: SourceRange?
    /// Its key path, `wechat.miniProgramCode`.
    package let path: String
    /// `api`, when it is one of the three APIs.
    package let api: Located<API>?
    /// `page` (getUnlimited).
    package let page: LocatedString?
    /// `path` (get, createQRCode).
    package let codePath: LocatedString?
    /// `scene` (getUnlimited).
    package let scene: LocatedString?
    /// `width` in px.
    package let width: Located<Int>?
    /// `envVersion`: release, trial or develop.
    package let envVersion: LocatedString?
    /// `checkPath`.
    package let checkPath: Located<Bool>?
    /// `image`: the code image as shared.
    package let image: LocatedString?
    /// The keys written, valid or not, with where each key stands.
    package let writtenKeys: [(key: String, range: SourceRange)]

    /// Where a written key stands, if it was written.
    package func keyRange(of key: String) -> SourceRange? {
        writtenKeys.first { $0.key == key }?.range
    }

    /// Creates a `miniProgramCode`.
    package init(range: SourceRange, keyRange: SourceRange?, path: String, api: Located<API>? = nil, page: LocatedString? = nil,
                codePath: LocatedString? = nil, scene: LocatedString? = nil, width: Located<Int>? = nil, envVersion: LocatedString? = nil,
                checkPath: Located<Bool>? = nil, image: LocatedString? = nil, writtenKeys: [(key: String, range: SourceRange)] = []) {
        self.range = range
        self.keyRange = keyRange
        self.path = path
        self.api = api
        self.page = page
        self.codePath = codePath
        self.scene = scene
        self.width = width
        self.envVersion = envVersion
        self.checkPath = checkPath
        self.image = image
        self.writtenKeys = writtenKeys
    }

    /// WeChat's default width, in px, when `width` is not written.
    package static let defaultWidth = 430
    /// The smallest and largest widths WeChat makes, in px.
    package static let widths = 280...1280
    /// The most characters a `scene` holds.
    package static let maxSceneLength = 32
    /// The most bytes a get / createQRCode `path` holds.
    package static let maxPathBytes = 128
    /// The special characters a `scene` may hold besides ASCII digits and letters.
    package static let sceneSpecials = "!#$&'()*+,/:;=?@-._~"

    /// The width the code is made with: `width`, else WeChat's default.
    package var effectiveWidth: Int { width?.value ?? Self.defaultWidth }

    /// Whether a character may stand in a `scene`.
    package static func isSceneCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "0"..."9", "a"..."z", "A"..."Z": return true
        default: return sceneSpecials.unicodeScalars.contains(scalar)
        }
    }
}

extension ShareConfiguration {
    /// `wechat.miniProgramCode`, when written.
    package var miniProgramCode: MiniProgramCode? { wechat?.miniProgramCode }
}

/// `wechat`: WeChat-specific descriptions of what is shared.
package final class WeChatDescription: Sendable {
    /// `miniProgramCode`.
    package let miniProgramCode: MiniProgramCode?

    /// Creates a `wechat`.
    package init(miniProgramCode: MiniProgramCode? = nil) {
        self.miniProgramCode = miniProgramCode
    }
}
