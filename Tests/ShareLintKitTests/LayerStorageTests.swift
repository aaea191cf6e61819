import Foundation
import XCTest
@testable import YAMLSyntax
@testable import ShareLintKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The storage the byte layer lends the loader (`PlainValueBuffer`, `UncountedReference`)
/// and the file reads of the C boundary (`FileReading.withRegularFile`, `ReadableFile`).
final class LayerStorageTests: XCTestCase {
    func testPlainValueBufferKeepsWhatWasAppendedAcrossGrowth() {
        let buffer = PlainValueBuffer<Int>(capacity: 2)
        for value in 0..<100 { buffer.append(value * 3) }
        XCTAssertEqual(buffer.count, 100)
        XCTAssertEqual((0..<100).map { buffer[$0] }, (0..<100).map { $0 * 3 })
        buffer.removeLast(from: 10)
        XCTAssertEqual(buffer.count, 10)
        XCTAssertEqual(buffer[9], 27)
        buffer.removeLast(from: 50)
        XCTAssertEqual(buffer.count, 10, "dropping from past the end drops nothing")
        buffer.removeAll(shrinkingAbove: 4, to: 2)
        XCTAssertEqual(buffer.count, 0)
        for value in 0..<5 { buffer.append(value) }
        XCTAssertEqual((0..<5).map { buffer[$0] }, [0, 1, 2, 3, 4])
    }

    func testWrittenKeysEmptyForTheNextDocument() {
        let keys = WrittenKeys()
        for name in 0..<5_000 {
            keys.append(WrittenKey(name: name, length: name % 7, pair: Loader.Pair(key: NodeRef(name), value: NodeRef(name + 1))))
        }
        XCTAssertEqual(keys.count, 5_000)
        XCTAssertEqual(keys[4_999].name, 4_999)
        XCTAssertEqual(keys[4_999].pair.value, NodeRef(5_000))
        keys.removeAll()
        XCTAssertEqual(keys.count, 0)
        keys.append(WrittenKey(name: 1, length: 2, pair: Loader.Pair(key: NodeRef(3), value: NodeRef(4))))
        XCTAssertEqual(keys[0].length, 2)
    }

    private final class Counted {
        let value = 7
    }

    func testUncountedReferenceReadsWithoutHoldingACount() {
        var object = Counted()
        let reference = UncountedReference(object)
        XCTAssertTrue(isKnownUniquelyReferenced(&object), "the reference holds no count")
        XCTAssertEqual(reference.read(\.value), 7)
        XCTAssertTrue(reference.read { $0 === object })
        withExtendedLifetime(object) {}
    }

    func testReferenceKeptForeverOutlivesItsMaker() {
        weak var made: Counted?
        let reference: UncountedReference<Counted> = {
            let object = Counted()
            made = object
            let reference = UncountedReference(object)
            reference.keepForever()
            return reference
        }()
        XCTAssertNotNil(made, "the object is kept with no owner")
        XCTAssertEqual(reference.read(\.value), 7)
        // A registry made everlasting reads its tables once the registry that made them is gone.
        let registry: UTTypeRegistry = {
            let owner = UTTypeRegistry([UTTypeDeclaration("com.example.kept", extensions: ["KEPT"])])
            return owner.everlasting()
        }()
        XCTAssertEqual(registry.declarations.map(\.identifier), ["com.example.kept"])
        XCTAssertEqual(registry.declarations.first?.extensions, ["kept"])
    }

    func testRegularFileIsReadInPartsAndClosed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layer-storage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: url)
        var descriptor: Int32 = -1
        let (parts, whole) = try FileReading.withRegularFile(.named(url.path)) { file -> ([Int], [UInt8]) in
            descriptor = file.descriptor
            XCTAssertEqual(file.size, 10_000)
            let buffer = ByteBuffer(capacity: 20_000)
            let parts = [try file.readNext(4_000, into: buffer), try file.readNext(10_000, into: buffer), try file.readNext(10, into: buffer)]
            XCTAssertEqual(buffer.withBytes(\.array), bytes)
            return (parts, try file.whole().withBytes(\.array))
        }
        XCTAssertEqual(parts, [4_000, 6_000, 0], "fewer bytes than asked only at the end of the file")
        XCTAssertEqual(whole, bytes)
        XCTAssertEqual(fcntl(descriptor, F_GETFD), -1, "the descriptor is closed once the file is given back")
    }

    func testOnlyARegularFileIsOpened() {
        let directory = FileManager.default.temporaryDirectory.path
        XCTAssertThrowsError(try FileReading.withRegularFile(.named(directory)) { _ in 0 }) { error in
            XCTAssertEqual("\(error)", "not a regular file")
        }
        XCTAssertThrowsError(try FileReading.withRegularFile(.named(directory + "/missing-\(UUID().uuidString)")) { _ in 0 }) { error in
            XCTAssertFalse("\(error)".isEmpty, "the system's message")
        }
    }
}
