import Foundation

/// A seeded corpus of share configurations for `GenerateTests`: every key of the format, in
/// combinations, with parameters of every kind, conditions, and strings that would break a
/// careless generator. Each configuration is a file of its own (`corpus-NNN.share.yaml`),
/// with the assets of samples/ beside it.
struct GeneratedCorpus {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    private mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    private mutating func pick<T>(_ choices: [T]) -> T { choices[next(choices.count)] }

    /// Texts that a generator must keep as text: quotes, backslashes, interpolation,
    /// raw-string delimiters, comment ends, a directive, line and paragraph separators,
    /// bidi controls, zero-width characters, emoji and Chinese.
    static let hostileTexts: [String] = [
        #"他说："去 \"分享\" 吧""#,
        #"C:\\path\\to \(evil()) and \\(x)"#,
        "\"# raw \"## end #\"",
        "*/ } #endif // not code",
        "line\u{2028}separator and\u{2029}paragraph",
        "bidi \u{202E}txet desrever\u{202C} here",
        "zero\u{200B}width\u{FEFF}mark",
        "emoji 🎉👨‍👩‍👧 and 中文「引号」",
        "tab\tand\u{7F}delete",
        "\"\"\" triple",
        "$$(notAParameter) stays",
        "nul\u{0}byte and \u{85}next line",
    ]

    /// A double-quoted YAML scalar of `text` (YAML's escapes are JSON's, plus \u for any scalar).
    static func yamlQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0x2028
                    || scalar.value == 0x2029 || scalar.value == 0xFEFF || (0x200B...0x200F).contains(scalar.value)
                    || (0x202A...0x202E).contains(scalar.value) {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A text: mostly plain words, sometimes a hostile one.
    private mutating func text(_ i: Int, _ what: String) -> String {
        next(3) == 0 ? Self.yamlQuoted(pick(Self.hostileTexts) + " \(i)") : Self.yamlQuoted("\(what) \(i)")
    }

    private static let images = ["assets/qr-poster.png", "assets/app-icon.png", "assets/save-qr.png", "assets/qr-poster-thumb.png"]
    private static let photos = ["assets/spring-1.jpg", "assets/spring-2.jpg", "assets/qr-poster.jpg", "assets/invite-banner.jpg"]
    private static let documents = ["assets/order-20261130-42.pdf", "assets/sales-contact.vcf"]
    /// A movie for `video` (`clipBytes`, written beside the assets).
    static let clip = "assets/clip.mp4"
    /// The smallest MP4 sharelint reads as a movie: an `ftyp` box and a `free` box.
    static let clipBytes: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0] + Array("mp42isom".utf8)
        + [0, 0, 0, 8] + Array("free".utf8)

    /// Parameters a configuration declares, and how values use them.
    private struct Parameters {
        var declarations: [String] = []
        var flag: String?
        var textUse = ""
        var integerUse = ""
        var url: String?
        var image: String?
        var file: String?
    }

    private mutating func parameters(_ i: Int) -> Parameters {
        var p = Parameters()
        guard next(3) > 0 else { return p }
        p.declarations.append("  code: {kind: text, example: \"C\(i)\"}")
        p.textUse = " $(code)"
        if next(2) == 0 {
            p.declarations.append("  orderID: {kind: integer, example: \(100 + i)}")
            p.integerUse = "/$(orderID)"
        }
        if next(2) == 0 {
            p.declarations.append("  isMember: {kind: boolean, example: \(next(2) == 0 ? "true" : "false")}")
            p.flag = "isMember"
        }
        if next(3) == 0 {
            p.declarations.append("  link: {kind: url, example: \"https://example.com/l/\(i)\"}")
            p.url = "$(link)"
        }
        if next(3) == 0 {
            p.declarations.append("  poster: {kind: image, example: \(Self.images[0])}")
            p.image = "$(poster)"
        }
        if next(3) == 0 {
            p.declarations.append("  attachment: {kind: file, example: \(Self.documents[0])}")
            p.file = "$(attachment)"
        }
        return p
    }

    private mutating func when(_ p: Parameters, indent: String) -> String {
        guard let flag = p.flag, next(2) == 0 else { return "" }
        return "\n\(indent)when: \(next(2) == 0 ? "" : "not ")$(\(flag))"
    }

    private mutating func link(_ i: Int, _ p: Parameters, indent: String) -> String {
        var lines = ["\(indent)title: \(text(i, "链接标题"))"]
        lines.append("\(indent)url: \(p.url ?? "https://example.com/share/\(i)\(p.integerUse)")")
        if next(2) == 0 { lines.append("\(indent)originalURL: https://m.example.com/s/\(i)") }
        lines.append("\(indent)icon: \(Self.images[1])")
        if next(2) == 0 { lines.append("\(indent)image: \(p.image ?? pick(Self.images))") }
        if next(4) == 0 { lines.append("\(indent)remoteVideoURL: https://example.com/v/\(i).mp4") }
        if next(4) == 0 { lines.append("\(indent)video: \(Self.clip)") }
        return lines.joined(separator: "\n")
    }

    /// Configuration `i`.
    mutating func configuration(_ i: Int) -> String {
        var p = parameters(i)
        var out = ""
        let flag = p.flag
        if i % 2 == 0 {
            out += "metadata:\n  title: \(text(i, "标题").dropLast())\(p.textUse)\"\n"
            if next(2) == 0 { out += "  messageBody: \(text(i, "正文"))\n" }
            if next(2) == 0 { out += "  linkPresentation:\n" + link(i, p, indent: "    ") + "\n" }
            out += "items:\n"
            for n in 0..<(1 + next(3)) {
                p.flag = n == 0 ? nil : flag
                switch next(5) {
                case 0:
                    out += "  - text: \(text(i, "文字 \(n)"))\(when(p, indent: "    "))\n"
                case 1:
                    out += "  - url: https://example.com/item/\(i)/\(n)\(p.integerUse)\(when(p, indent: "    "))\n"
                case 2:
                    let image = p.image ?? pick(Self.images)
                    out += "  - type: public.png\n    file: \(image)\n    suggestedName: \(text(i, "海报"))\n"
                    out += "    previews:\n      thumbnail: \(Self.images[3])\n      fullSize: \(image)\(when(p, indent: "    "))\n"
                case 3:
                    out += "  - representations:\n      - type: public.jpeg\n        file: \(pick(Self.photos))\n"
                    out += "      - url: https://example.com/photo/\(i)\(when(p, indent: "        "))\n"
                    out += "    metadata:\n      title: \(text(i, "照片"))\n"
                    if next(2) == 0 { out += "      linkPresentation:\n" + link(i, p, indent: "        ") + "\n" }
                default:
                    out += "  - type: public.png\n    base64: iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==\n"
                    out += "    suggestedName: dot-\(i).png\n"
                }
            }
        } else {
            out += "activityItems:\n"
            for n in 0..<(1 + next(3)) {
                p.flag = n == 0 ? nil : flag
                switch next(8) {
                case 0: out += "  - text: \(text(i, "文字 \(n)").dropLast())\(p.textUse)\"\(when(p, indent: "    "))\n"
                case 1: out += "  - url: \(p.url ?? "https://example.com/a/\(i)\(p.integerUse)")\n"
                case 2: out += "  - image: \(p.image ?? pick(Self.photos))\(when(p, indent: "    "))\n"
                case 3: out += "  - fileURL: \(p.file ?? pick(Self.documents))\n"
                case 4: out += "  - data: \(pick(Self.images))\n"
                case 5: out += "  - printFormatter:\n      \(next(2) == 0 ? "text" : "markup"): \(text(i, "打印"))\n"
                default:
                    out += "  - source:\n      placeholder:\n        text: \(text(i, "占位"))\n"
                    if next(2) == 0 { out += "      subject: \(text(i, "主题"))\n" }
                    if next(3) == 0 { out += "      dataType: public.plain-text\n" }
                    if next(3) == 0 { out += "      thumbnail: \(Self.images[3])\n" }
                    out += "      forActivity:\n"
                    out += "        message:\n          item:\n            text: \(text(i, "信息"))\n"
                    if next(2) == 0 { out += "        mail:\n          subject: \(text(i, "邮件主题"))\n" }
                    if next(2) == 0 { out += "        airDrop:\n          withheld: true\n" }
                    if next(3) == 0 { out += "        com.tencent.xin.sharetimeline:\n          item:\n            url: https://example.com/wx/\(i)\n" }
                    if next(2) == 0 { out += "      linkPresentation:\n" + link(i, p, indent: "        ") + "\n" }
                }
            }
        }
        p.flag = flag
        if next(2) == 0 {
            out += "applicationActivities:\n"
            out += "  - type: com.example.corpus.save-\(i)\n    title: \(text(i, "保存"))\n"
            out += next(2) == 0 ? "    image: \(Self.images[2])\n" : "    symbol: square.and.arrow.down\n"
            out += "    category: \(next(2) == 0 ? "action" : "share")\(when(p, indent: "    "))\n"
        }
        out += "excludedActivityTypes:\n  - print\n"
        if let flag = p.flag, next(2) == 0 { out += "  - type: airDrop\n    when: not $(\(flag))\n" }
        if next(3) == 0 { out += "  - com.apple.UIKit.activity.SaveToCameraRoll\n" }
        // Only the parameters a value uses are declared (an unused one is an error).
        let used = p.declarations.filter { declaration in
            let name = declaration.drop { $0 == " " }.prefix { $0 != ":" }
            return out.contains("$(\(name))")
        }
        let head = "schemaVersion: 1\nname: corpus-\(i)\n" + (used.isEmpty ? "" : "parameters:\n" + used.joined(separator: "\n") + "\n")
        return head + out
    }
}
