import ShareLintMessages
/// What a scan of the poster's mini-program code leads to, in words: the page it opens,
/// the parameters it carries and the WeChat API that makes it (docs/wechat.md).
/// getUnlimited opens `page` (the home page when it is not written) and hands the page
/// `scene`, which the page reads URL-encoded as its `scene` query parameter; get and
/// createQRCode open `path`, a page with an optional query of its own.
package struct MiniProgramCodeSummary: Sendable, Hashable {
    /// The API's name in WeChat's documentation, such as `wxacode.getUnlimited`.
    package var api: String
    /// The page opened; nil for the mini-program's home page (getUnlimited without `page`).
    package var page: String?
    /// getUnlimited's `scene`, as written.
    package var scene: String?
    /// The query of a get or createQRCode `path` (after `?`), as written.
    package var query: String?
    /// `envVersion` when it is not release: the version a scan opens (trial or develop).
    package var envVersion: String?

    /// The summary of a written `miniProgramCode`; nil when its `api` is missing or
    /// unknown, or a get / createQRCode code has no `path` (both are reported as errors).
    package init?(_ code: MiniProgramCode) {
        guard let api = code.api?.value else { return nil }
        self.api = api.documentedName
        switch api {
        case .getUnlimited:
            page = code.page?.value
            scene = code.scene?.value
        case .get, .createQRCode:
            guard let path = code.codePath?.value else { return nil }
            if let mark = path.firstIndex(of: "?") {
                page = String(path[..<mark])
                query = String(path[path.index(after: mark)...])
            } else {
                page = path
            }
        }
        if let version = code.envVersion?.value, version != "release" { envVersion = version }
    }

    /// What a scan opens: `pages/invite/index?scene=u%3D42`, `pages/index/index?from=store`,
    /// or `the home page with scene=u%3D42` for a getUnlimited code without `page`.
    package var opens: String { opensText.english }

    /// What a scan opens, in any language.
    package var opensText: Message {
        let parameters = scene.map { "scene=" + Self.encodedComponent($0) } ?? query
        guard let page else { return parameters.map { Message(.homePageWith, ["parameters": $0]) } ?? Message(.homePage) }
        return .verbatim(page + (parameters.map { "?" + $0 } ?? ""))
    }

    /// The line the listings and the preview page show:
    /// `opens pages/invite/index?scene=u%3D42%26c%3Dspring (wxacode.getUnlimited)`.
    package var sentence: Message {
        Message(.codeOpens, ["page": opensText, "api": api, "version": envVersion.map { Message(.codeVersion, ["env": $0]) } ?? .empty])
    }

    /// `text` as JavaScript's `encodeURIComponent` writes it, which is how the page
    /// receives `scene` in its query.
    package static func encodedComponent(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                out.append(byte)
            case _ where "-_.!~*'()".utf8.contains(byte):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
