import ShareLintMessages
// Rules for `wechat.miniProgramCode`: the parameters of WeChat's code APIs
// (wxacode.getUnlimited, wxacode.get, wxaapp.createQRCode). docs/wechat.md cites the
// documentation behind every limit.

/// Rule examples: `code.jpg` shared as an image item, and a code block given line by line.
private enum WeChatExamples {
    static let poster = ExampleFiles.jpeg(width: 430, height: 430)

    /// A configuration sharing `code.jpg` (430x430 px) with the given code block lines
    /// (written at the block's indentation).
    static func source(_ lines: [String], item: String = "  - file: code.jpg") -> String {
        "schemaVersion: 1\nitems:\n\(item)\nexcludedActivityTypes: [saveToCameraRoll]\nwechat:\n  miniProgramCode:\n"
            + lines.map { "    " + $0 + "\n" }.joined()
    }

    static func example(_ lines: [String], item: String = "  - file: code.jpg", files: [String: [UInt8]]? = nil) -> RuleExample {
        RuleExample(source(lines, item: item), files: files ?? ["code.jpg": poster])
    }

    static let unlimited = ["api: getUnlimited", "page: pages/invite/index", "scene: u=42&c=spring", "image: code.jpg"]
}

/// A value as messages quote it: at most 40 characters, then an ellipsis.
func quotedExcerpt(_ value: String) -> String {
    let limit = 40
    guard value.unicodeScalars.count > limit else { return "'\(value)'" }
    return "'" + String(String.UnicodeScalarView(value.unicodeScalars.prefix(limit))) + "…'"
}

extension MiniProgramCode.API {
    /// How messages name the API: `getUnlimited (wxacode.getUnlimited)`.
    var named: String { "\(rawValue) (\(documentedName))" }
}

/// A parameter the chosen API does not take, or a required one that is missing.
package struct WeChatCodeParameterRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .wechatCodeParameter, severity: .error,
        summary: "A mini-program code parameter the chosen API does not take, or a required one missing (`scene` for getUnlimited, `path` for get and createQRCode).",
        rationale: "WeChat's three code APIs take different parameters: getUnlimited opens `page` with the parameters in `scene`; get and createQRCode open `path`, which carries its own query; only getUnlimited checks the page (`checkPath`), and createQRCode cannot open a trial or develop version. A parameter the API does not take is dropped or refused when the backend makes the code.",
        triggering: [
            WeChatExamples.example(["api: ↓getUnlimited", "page: pages/invite/index", "image: code.jpg"]),
            WeChatExamples.example(["api: get", "path: pages/invite/index", "↓page: pages/invite/index", "↓scene: u=42", "image: code.jpg"]),
            WeChatExamples.example(["api: createQRCode", "path: pages/invite/index", "↓envVersion: release", "↓checkPath: true", "image: code.jpg"]),
        ],
        nonTriggering: [
            WeChatExamples.example(WeChatExamples.unlimited),
            WeChatExamples.example(["api: get", "path: pages/invite/index", "envVersion: release", "image: code.jpg"]),
        ])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let code = context.configuration.miniProgramCode, let api = code.api else { return }
        func notTaken(_ key: String, _ why: MessageID, suggestion: String? = nil) {
            guard let range = code.keyRange(of: key) else { return }
            findings.report(description.id, Message(.apiTakesNo, ["api": api.value.named, "key": key, "why": Message(why)]), at: range,
                            path: code.path + "." + key, suggestion: suggestion)
        }
        func missing(_ key: String, _ why: MessageID) {
            guard code.keyRange(of: key) == nil else { return }
            findings.report(description.id, Message(.apiNeeds, ["api": api.value.named, "key": key, "why": Message(why)]), at: api)
        }
        switch api.value {
        case .getUnlimited:
            missing("scene", .whySceneParameters)
            notTaken("path", .whyOpensPage, suggestion: "page")
        case .get, .createQRCode:
            missing("path", .whyPathPage)
            notTaken("page", .whyOpensPath, suggestion: "path")
            notTaken("scene", .whyParametersInQuery)
            notTaken("checkPath", .whyOnlyUnlimitedChecks)
            if api.value == .createQRCode {
                notTaken("envVersion", .whyAlwaysReleased)
            }
        }
    }
}

/// A `scene` WeChat refuses: too long, empty, or with characters it does not take.
package struct WeChatCodeSceneRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .wechatCodeScene, severity: .error,
        summary: "A getUnlimited `scene` is empty, longer than 32 characters, or holds characters other than digits, ASCII letters and `!#$&'()*+,/:;=?@-._~` (no `%`, so no URL-encoded Chinese).",
        rationale: "wxacode.getUnlimited refuses a scene of more than 32 visible characters or with other characters than digits, ASCII letters and `!#$&'()*+,/:;=?@-._~`, so Chinese characters are refused. `%` is not allowed either, so Chinese text cannot be URL-encoded into it: pass an id (u=42) that the page looks up, or another encoding of ASCII letters and digits.",
        triggering: [
            WeChatExamples.example(["api: getUnlimited", "page: pages/invite/index", "scene: ↓\"u=42&c=春季\"", "image: code.jpg"]),
            WeChatExamples.example(["api: getUnlimited", "page: pages/invite/index", "scene: ↓u%3D42", "image: code.jpg"]),
            WeChatExamples.example(["api: getUnlimited", "page: pages/invite/index", "scene: ↓user=1234567890&campaign=spring2026", "image: code.jpg"]),
        ],
        nonTriggering: [
            WeChatExamples.example(WeChatExamples.unlimited),
            WeChatExamples.example(["api: getUnlimited", "scene: \"a1!#$&'()*+,/:;=?@-._~\"", "image: code.jpg"]),
        ])

    /// The problems of a scene, in words; empty when WeChat takes it.
    package static func problems(in scene: String) -> [Message] {
        var problems: [Message] = []
        let scalars = scene.unicodeScalars
        if scalars.isEmpty { return [Message(.itIsEmpty)] }
        if scalars.count > MiniProgramCode.maxSceneLength {
            problems.append(Message(.sceneTooLong, ["count": scalars.count, "limit": MiniProgramCode.maxSceneLength]))
        }
        if scalars.contains("%") {
            problems.append(Message(.sceneHoldsPercent))
        }
        let nonASCII = scalars.filter { !$0.isASCII }
        if let first = nonASCII.first {
            problems.append(Message(.sceneNonASCII, ["character": String(first)]))
        }
        var others: [Unicode.Scalar] = []
        for scalar in scalars where scalar.isASCII && scalar != "%" && !MiniProgramCode.isSceneCharacter(scalar) && !others.contains(scalar) {
            others.append(scalar)
        }
        if !others.isEmpty {
            let shown = others.prefix(5).map { scalar -> Message.Value in
                if scalar == " " { return Message(.sceneASpace).messageValue }
                if scalar.properties.generalCategory == .control { return .text("U+\(String(scalar.value, radix: 16, uppercase: true))") }
                return .text("'\(scalar)'")
            }
            problems.append(Message(.sceneHolds, ["characters": Message.Value.andItems(shown)]))
        }
        return problems
    }

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let code = context.configuration.miniProgramCode, let scene = code.scene,
              code.api?.value.isLimited != true else { return }
        let problems = Self.problems(in: scene.value)
        guard !problems.isEmpty else { return }
        findings.report(description.id,
            Message(.sceneRefused, ["scene": quotedExcerpt(scene.value), "problems": Message.Value.clauses(problems.map(\.messageValue))]),
            at: scene)
    }
}

/// A getUnlimited `page` with a leading `/` or a query, a get / createQRCode `path`
/// that is empty or over 128 bytes; and a note on `checkPath: false`.
package struct WeChatCodePageRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .wechatCodePage, severity: .error,
        summary: "A getUnlimited `page` starts with `/` or carries a query, or a get / createQRCode `path` is empty or longer than 128 bytes; `checkPath: false` is noted (info).",
        rationale: "getUnlimited wants the page as pages/invite/index, without a leading '/' and without parameters (they go in `scene`); get and createQRCode take a path of at most 128 bytes. With `checkPath: false`, getUnlimited makes codes for unpublished or missing pages, but such pages count against a limit.",
        triggering: [
            WeChatExamples.example(["api: getUnlimited", "page: ↓/pages/invite/index", "scene: u=42", "image: code.jpg"]),
            WeChatExamples.example(["api: getUnlimited", "page: ↓pages/invite/index?u=42", "scene: u=42", "image: code.jpg"]),
            WeChatExamples.example(["api: get", "path: ↓pages/invite/index/" + String(repeating: "a", count: 110), "image: code.jpg"]),
            WeChatExamples.example(["api: getUnlimited", "page: pages/invite/index", "scene: u=42", "checkPath: ↓false", "image: code.jpg"]),
        ],
        nonTriggering: [
            WeChatExamples.example(WeChatExamples.unlimited + ["checkPath: true"]),
            WeChatExamples.example(["api: createQRCode", "path: pages/invite/index", "image: code.jpg"]),
        ])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let code = context.configuration.miniProgramCode else { return }
        let api = code.api?.value
        if let page = code.page, api != .get, api != .createQRCode {
            if page.value.hasPrefix("/") {
                let fixed = String(page.value.drop { $0 == "/" }.prefix { $0 != "?" })
                findings.report(description.id, Message(.pageLeadingSlash, ["page": quotedExcerpt(page.value), "fixed": quotedExcerpt(fixed)]),
                                at: page, suggestion: fixed)
            }
            if let question = page.value.firstIndex(of: "?") {
                let query = page.value[page.value.index(after: question)...]
                findings.report(description.id,
                    Message(.pageQuery, ["page": quotedExcerpt(page.value),
                                         "scene": query.isEmpty ? Message.empty : Message(.sceneSuggestion, ["scene": quotedExcerpt(String(query))])]),
                    at: page, suggestion: String(page.value[..<question]))
            }
        }
        if let path = code.codePath, api != .getUnlimited {
            let bytes = path.value.utf8.count
            if path.value.isEmpty {
                findings.report(description.id, Message(.pathEmpty), at: path)
            } else if bytes > MiniProgramCode.maxPathBytes {
                findings.report(description.id,
                    Message(.pathTooLongBytes, ["bytes": bytes, "limit": MiniProgramCode.maxPathBytes]),
                    at: path)
            }
        }
        if let checkPath = code.checkPath, checkPath.value == false, api == .getUnlimited {
            findings.report(description.id,
                Message(.checkPathFalse),
                at: checkPath, severity: .info)
        }
    }
}

/// A get / createQRCode path that carries parameters: those codes are limited in number.
package struct WeChatCodeLimitedRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .wechatCodeLimited, severity: .warning,
        summary: "A get or createQRCode `path` carries parameters, although those codes are limited in number (100,000 across both APIs).",
        rationale: "Codes from wxacode.get and wxaapp.createQRCode never expire but are limited to 100,000 in total across both APIs, so they suit fixed pages; a path with per-user parameters spends one code per value. Make such codes on demand with getUnlimited, the parameters in `scene`. If the parameter is the same for every user (a fixed campaign tag), suppress this warning.",
        triggering: [WeChatExamples.example(["api: get", "path: ↓pages/invite/index?u=42", "image: code.jpg"])],
        nonTriggering: [
            WeChatExamples.example(["api: get", "path: pages/invite/index", "image: code.jpg"]),
            WeChatExamples.example(WeChatExamples.unlimited),
        ])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let code = context.configuration.miniProgramCode, let api = code.api?.value, api.isLimited,
              let path = code.codePath, let question = path.value.firstIndex(of: "?") else { return }
        let query = path.value[path.value.index(after: question)...]
        guard !query.isEmpty else { return }
        findings.report(description.id,
            Message(.codesLimited, ["api": api.named, "query": quotedExcerpt(String(query)), "page": quotedExcerpt(String(path.value[..<question]))]),
            at: path)
    }
}

/// A code width outside 280–1280 px.
package struct WeChatCodeWidthRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .wechatCodeWidth, severity: .error,
        summary: "A mini-program code `width` outside 280–1280 px.",
        rationale: "All three code APIs make codes from 280 to 1280 px wide; WeChat refuses other widths.",
        triggering: [
            WeChatExamples.example(WeChatExamples.unlimited + ["width: ↓279"]),
            WeChatExamples.example(WeChatExamples.unlimited + ["width: ↓1281"]),
        ],
        nonTriggering: [WeChatExamples.example(WeChatExamples.unlimited + ["width: 280"])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let width = context.configuration.miniProgramCode?.width, !MiniProgramCode.widths.contains(width.value) else { return }
        let nearest = min(max(width.value, MiniProgramCode.widths.lowerBound), MiniProgramCode.widths.upperBound)
        findings.report(description.id,
            Message(.widthOutside, ["width": width.value, "low": MiniProgramCode.widths.lowerBound, "high": MiniProgramCode.widths.upperBound]),
            at: width, suggestion: String(nearest))
    }
}

/// A code image that is not one of the shared image items, or smaller than the code.
package struct WeChatCodeImageRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .wechatCodeImage, severity: .error,
        summary: "The mini-program code `image` is not the file of one of this configuration's image items, or (warning) its shorter side is under the code's `width`.",
        rationale: "A code is scanned from the picture that is shared: it must be shared as an image item (a code shared as a link or a document does not scan). A picture smaller than the code's width (430 px unless `width` says otherwise) means the code was shrunk and may not scan: share a larger picture, or ask for a narrower code; a poster that embeds the code is fine when it is at least that large.",
        triggering: [
            WeChatExamples.example(["api: getUnlimited", "scene: u=42", "image: ↓poster.jpg"], files: ["code.jpg": WeChatExamples.poster, "poster.jpg": WeChatExamples.poster]),
            WeChatExamples.example(["api: getUnlimited", "scene: u=42", "width: 600", "image: ↓code.jpg"]),
            WeChatExamples.example(["api: getUnlimited", "scene: u=42", "image: ↓code.jpg"], item: "  - type: public.data\n    file: code.jpg"),
        ],
        nonTriggering: [
            WeChatExamples.example(["api: getUnlimited", "scene: u=42", "image: ./code.jpg"]),
            WeChatExamples.example(["api: getUnlimited", "scene: u=42", "width: 280", "image: poster.jpg"], item: "  - file: poster.jpg",
                                   files: ["poster.jpg": ExampleFiles.jpeg(width: 1080, height: 1920)]),
        ])

    /// A path written in the configuration, normalized lexically (`./a/../b` is `b`).
    static func normalized(_ path: String) -> String {
        PathLogic.normalize("/" + path).map { String($0.dropFirst()) } ?? path
    }

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let code = context.configuration.miniProgramCode, let image = code.image else { return }
        let wanted = Self.normalized(image.value)
        var shared: (item: Item, representation: Representation)?
        for (item, representation) in context.representations {
            if case .file(let path)? = representation.payload, Self.normalized(path.value) == wanted {
                shared = (item, representation)
                break
            }
        }
        guard let (item, representation) = shared else {
            let links = context.representations.contains { if case .url? = $0.representation.payload { return true } else { return false } }
            findings.report(description.id,
                Message(.codeImageNotShared, ["image": image.value, "links": links ? Message(.codeSharedAsLink) : .empty]),
                at: image)
            return
        }
        if let type = context.effectiveType(of: representation), context.declares(type),
           !context.conformsToImage(type) {
            findings.report(description.id,
                Message(.codeImageNotImage, ["image": image.value, "item": item.path, "type": type]),
                at: image)
            return
        }
        guard let content = context.facts(of: image).content, let w = content.width, let h = content.height else { return }
        let width = code.effectiveWidth
        // An out-of-range width is wechat-code-width's; comparing with it would only repeat that.
        guard MiniProgramCode.widths.contains(width), min(w, h) < width else { return }
        let source = code.width == nil ? Message(.wechatDefault) : .empty
        findings.report(description.id,
            Message(.codeImageNarrow, ["w": w, "h": h, "width": width, "source": source]),
            at: image, severity: .warning)
    }
}

/// A code that opens the trial or develop version.
package struct WeChatCodeEnvVersionRule: Rule {
    package init() {}
    package static let description = RuleDescription(
        id: .wechatCodeEnvVersion, severity: .warning,
        summary: "A mini-program code opens the `trial` or `develop` version.",
        rationale: "envVersion trial opens the trial (体验版) build and develop the development (开发版) build, which only the mini-program's members can open: a poster users scan should open the released version.",
        triggering: [WeChatExamples.example(WeChatExamples.unlimited + ["envVersion: ↓trial"])],
        nonTriggering: [WeChatExamples.example(WeChatExamples.unlimited + ["envVersion: release"])])

    package func check(_ context: RuleContext, _ findings: inout Findings) {
        guard let env = context.configuration.miniProgramCode?.envVersion, env.value != "release" else { return }
        let build = Message(env.value == "trial" ? .buildTrial : .buildDevelop)
        findings.report(description.id,
            Message(.envVersionNotRelease, ["env": env.value, "build": build]),
            at: env, suggestion: "release")
    }
}
