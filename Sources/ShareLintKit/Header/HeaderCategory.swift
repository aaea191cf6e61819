/// How the share sheet counts an entry in a summary title.
package enum HeaderCategory: Sendable, Hashable, CaseIterable {
    case plainText, link, image, document

    /// `allCases`, made once (the synthesized `allCases` makes an array each time).
    static let byIndex = allCases

    /// Its place in `allCases`.
    var index: Int {
        switch self {
        case .plainText: return 0
        case .link: return 1
        case .image: return 2
        case .document: return 3
        }
    }

}

/// Percent-decoding of URL text, as `stringByRemovingPercentEncoding` does: nil-free
/// (an invalid escape leaves the text as it was).
enum PercentDecoding {
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let high = hex(utf8[utf8.startIndex]), let low = hex(utf8[utf8.startIndex + 1]) else { return text }
            bytes.append(high << 4 | low)
            utf8 = utf8.dropFirst(2)
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        // Escapes that do not decode to UTF-8 leave the text as it was.
        return decoded.utf8.elementsEqual(bytes) ? decoded : text
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
