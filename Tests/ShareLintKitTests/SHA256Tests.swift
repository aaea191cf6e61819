import XCTest
import ShareLintKit

/// SHA-256 against the FIPS 180-4 examples and lengths around the padding boundaries.
final class SHA256Tests: XCTestCase {
    func testKnownDigests() {
        let cases: [([UInt8], String)] = [
            ([], "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (Array("abc".utf8), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8),
             "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            // 55 bytes fit one block with the padding; 56 need a second; 64 fill one exactly.
            (Array(repeating: UInt8(ascii: "a"), count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
            (Array(repeating: UInt8(ascii: "a"), count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
            (Array(repeating: UInt8(ascii: "a"), count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
            (Array(repeating: UInt8(ascii: "a"), count: 1000), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3"),
            (Array("链接".utf8), "305378ddd2b86b6099122790c1c703b06e8095662b6d8306ba31c2ab8602fb68"),
        ]
        for (bytes, expected) in cases {
            XCTAssertEqual(SHA256.hex(bytes), expected, "\(bytes.count) bytes")
        }
        XCTAssertEqual(SHA256.digest(Array("abc".utf8)).count, 32)
    }
}
