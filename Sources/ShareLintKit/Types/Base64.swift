import ShareLintMessages
/// Standard base64 (RFC 4648 §4) validation and decoding; white space is ignored so
/// long payloads can be wrapped in block scalars.
package enum Base64 {
    private static let table: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(c)] = Int8(i)
        }
        return table
    }()

    /// Why a string is not valid base64, or nil when it is.
    package static func problem(in text: String) -> Message? {
        var count = 0, padding = 0
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
            if byte == UInt8(ascii: "=") { padding += 1; count += 1; continue }
            if padding > 0 { return Message(.b64AfterPadding) }
            if table[Int(byte)] < 0 {
                let shown = byte < 0x80 ? Message.verbatim("'\(Character(Unicode.Scalar(byte)))'") : Message(.b64NonASCII)
                return byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                    ? Message(.b64URLSafe, ["character": shown])
                    : Message(.b64NotCharacter, ["character": shown])
            }
            count += 1
        }
        if count == 0 { return Message(.itIsEmpty) }
        if padding > 2 { return Message(.b64TooMuchPadding) }
        if count % 4 != 0 { return Message(.b64Length, ["count": count]) }
        return nil
    }

    /// The number of bytes the text decodes to (nil when it is not valid base64).
    package static func decodedCount(_ text: String) -> Int? {
        guard problem(in: text) == nil else { return nil }
        var count = 0, padding = 0
        for byte in text.utf8 where !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
            count += 1
            if byte == UInt8(ascii: "=") { padding += 1 }
        }
        return count / 4 * 3 - padding
    }

    /// Decodes valid base64; nil when it is not valid.
    package static func decode(_ text: String) -> [UInt8]? {
        guard problem(in: text) == nil else { return nil }
        var out: [UInt8] = []
        var buffer: UInt32 = 0, bits = 0
        for byte in text.utf8 {
            let value = table[Int(byte)]
            guard value >= 0 else { continue }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }

    /// Standard base64 of bytes, with padding.
    package static func encode(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63], alphabet[n >> 6 & 63], alphabet[n & 63]]
            i += 3
        }
        let rest = bytes.count - i
        if rest > 0 {
            let n = Int(bytes[i]) << 16 | (rest == 2 ? Int(bytes[i + 1]) << 8 : 0)
            out += [alphabet[n >> 18 & 63], alphabet[n >> 12 & 63], rest == 2 ? alphabet[n >> 6 & 63] : UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
