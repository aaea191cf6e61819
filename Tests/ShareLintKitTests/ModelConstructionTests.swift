import XCTest
import YAMLSyntax
@testable import ShareLintKit

/// The model is made whole by its initializers: in code as by the loader.
final class ModelConstructionTests: XCTestCase {
    /// A configuration made in code with the public initializers predicts the header a
    /// loaded document with the same values predicts.
    func testConfigurationMadeInCodePredictsAsLoaded() throws {
        let yaml = """
        schemaVersion: 1
        metadata:
          linkPresentation:
            title: Spring sale
            url: https://shop.example.com/campaign/5
        items:
          - url: https://shop.example.com/campaign/5
        """
        let nodes = try XCTUnwrap(YAMLDocumentReader(bytes: Array(yaml.utf8)).next()?.nodes)
        let loaded = try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0)

        // The values live in a configuration held for the whole test.
        let values = ShareConfiguration(documentIndex: 0, range: .fileStart)
        func value(_ text: String, _ path: String) -> LocatedString { values.string(text, range: .fileStart, path: path) }
        let link = LinkPresentation(range: .fileStart, keyRange: nil, path: "metadata.linkPresentation",
                                    title: value("Spring sale", "metadata.linkPresentation.title"),
                                    url: value("https://shop.example.com/campaign/5", "metadata.linkPresentation.url"))
        let items = [
            Item(index: 0, range: .fileStart, path: "items[0]",
                 representations: [Representation(range: .fileStart, path: "items[0]", ordinal: 0,
                                                   payload: .url(value("https://shop.example.com/campaign/5", "items[0].url")))]),
        ]
        let made = ShareConfiguration(documentIndex: 0, range: .fileStart, schemaVersion: Located(1, range: .fileStart, path: "schemaVersion"),
                                      metadata: Metadata(range: .fileStart, linkPresentation: link), items: items)

        let prediction = HeaderModel().prediction(for: made)
        XCTAssertEqual(prediction, HeaderModel().prediction(for: loaded))
        XCTAssertEqual(prediction.header?.title, "Spring sale", "the prediction reads the values given")
        XCTAssertEqual(made.writtenItemCount, loaded.writtenItemCount)
        XCTAssertFalse(made.usesActivityItems)
    }

    /// Written counts and the path left out default to what the lists given say.
    func testCountsAndPathDefaultToTheListsGiven() {
        let values = ShareConfiguration(documentIndex: 0, range: .fileStart)
        let entries = (0..<3).map { i in
            ActivityItemEntry(index: i, range: .fileStart, path: "activityItems[\(i)]",
                              value: .text(values.string("text \(i)", range: .fileStart, path: "activityItems[\(i)].text")))
        }
        let made = ShareConfiguration(documentIndex: 0, range: .fileStart, activityItems: entries)
        XCTAssertTrue(made.usesActivityItems)
        XCTAssertEqual(made.writtenActivityItemCount, 3)
        XCTAssertEqual(made.writtenItemCount, 0)
        let written = ShareConfiguration(documentIndex: 0, range: .fileStart, activityItems: [], writtenActivityItemCount: 2, usesActivityItems: true)
        XCTAssertTrue(written.usesActivityItems, "an activityItems list written with no valid entry")
        XCTAssertEqual(written.writtenActivityItemCount, 2)
        let source = ItemSource(range: .fileStart, path: "activityItems[0].source")
        XCTAssertEqual(source.defaults.path, "activityItems[0].source", "an item source's defaults stand where it does")
        XCTAssertTrue(source.response(for: "com.apple.UIKit.activity.Mail") === source.defaults)
    }

    /// A configuration holds its values' storage from its initializer: each has its own,
    /// and a value made in one reads while it is held, whatever else is made meanwhile.
    func testEachConfigurationHoldsItsStorageFromItsInit() {
        let first = ShareConfiguration(documentIndex: 0, range: .fileStart)
        let second = ShareConfiguration(documentIndex: 1, range: .fileStart)
        XCTAssertFalse(first.strings === second.strings)
        let value = first.string("first value, longer than fifteen bytes", range: .fileStart, path: "x")
        _ = second.string("second value", range: .fileStart, path: "y")
        XCTAssertTrue(value.isReadable)
        XCTAssertEqual(value.value, "first value, longer than fifteen bytes")
    }

    /// A header entry's copies share one object until one is written: the written copy
    /// takes a new object, and the other keeps its fields.
    func testHeaderEntryWriteLeavesItsCopies() {
        let entry = HeaderPipeline.Entry(title: "a", url: "https://example.com/", icon: .linkIcon)
        var copy = entry
        XCTAssertTrue(copy.sharesFields(with: entry))
        copy.icon = .text
        XCTAssertFalse(copy.sharesFields(with: entry))
        XCTAssertEqual(entry.icon, .linkIcon)
        XCTAssertEqual(copy.icon, .text)
        XCTAssertEqual(copy.title, "a", "the other fields are kept")
        XCTAssertNotEqual(copy, entry)
    }
}
