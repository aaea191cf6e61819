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
        let values = ShareConfiguration.Values()
        func value(_ text: String, _ path: String) -> LocatedString { values.string(text, range: .fileStart, path: path) }
        let link = LinkPresentation(range: .fileStart, keyRange: nil, path: "metadata.linkPresentation",
                                    title: value("Spring sale", "metadata.linkPresentation.title"),
                                    url: value("https://shop.example.com/campaign/5", "metadata.linkPresentation.url"))
        let items = [
            Item(index: 0, range: .fileStart, path: "items[0]",
                 representations: [Representation(range: .fileStart, path: "items[0]", ordinal: 0,
                                                   payload: .url(value("https://shop.example.com/campaign/5", "items[0].url")))]),
        ]
        let made = ShareConfiguration(documentIndex: 0, range: .fileStart, values: values, schemaVersion: Located(1, range: .fileStart, path: "schemaVersion"),
                                      metadata: Metadata(range: .fileStart, linkPresentation: link), items: items)

        let prediction = HeaderModel().prediction(for: made)
        XCTAssertEqual(prediction, HeaderModel().prediction(for: loaded))
        XCTAssertEqual(prediction.header?.title, "Spring sale", "the prediction reads the values given")
        XCTAssertEqual(made.writtenItemCount, loaded.writtenItemCount)
        XCTAssertFalse(made.usesActivityItems)
    }

    /// Written counts and the path left out default to what the lists given say.
    func testCountsAndPathDefaultToTheListsGiven() {
        let values = ShareConfiguration.Values()
        let entries = (0..<3).map { i in
            ActivityItemEntry(index: i, range: .fileStart, path: "activityItems[\(i)]",
                              value: .text(values.string("text \(i)", range: .fileStart, path: "activityItems[\(i)].text")))
        }
        let made = ShareConfiguration(documentIndex: 0, range: .fileStart, values: values, activityItems: entries)
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
    /// and a value made for one reads while it is held, whatever else is made meanwhile.
    /// What a configuration took over is never added to again.
    func testEachConfigurationHoldsItsStorageFromItsInit() {
        let values = ShareConfiguration.Values()
        let value = values.string("first value, longer than fifteen bytes", range: .fileStart, path: "x")
        let filled = values.storage
        let first = ShareConfiguration(documentIndex: 0, range: .fileStart, values: values)
        XCTAssertTrue(first.strings === filled, "the configuration took the storage its values are in")
        _ = values.string("second value", range: .fileStart, path: "y")
        XCTAssertFalse(values.storage === filled, "the next values go into a new storage")
        let second = ShareConfiguration(documentIndex: 1, range: .fileStart, values: values)
        XCTAssertFalse(first.strings === second.strings)
        XCTAssertEqual(first.strings.count, 1, "nothing was added to what the first configuration holds")
        XCTAssertEqual(value.value, "first value, longer than fifteen bytes")
    }

    /// One configuration shared between tasks is only read: its values' storage has no
    /// way to grow once it is built (values made meanwhile go into storages of their own).
    /// Under ThreadSanitizer (`scripts/sanitizers.sh thread`) a write racing these reads
    /// is reported; the earlier `ShareConfiguration.string(…)` added to the shared storage,
    /// which crashed two threads with a double free.
    func testOneConfigurationSharedBetweenTasksIsOnlyRead() async throws {
        let yaml = """
        schemaVersion: 1
        metadata:
          title: 邀请好友，一起赚积分
          linkPresentation:
            title: Spring sale, a title longer than fifteen bytes
            url: https://shop.example.com/campaign/5
        items:
          - url: https://shop.example.com/campaign/5
          - text: a text longer than fifteen bytes
        """
        let nodes = try XCTUnwrap(YAMLDocumentReader(bytes: Array(yaml.utf8)).next()?.nodes)
        let configuration = try XCTUnwrap(Loader.load(nodes, documentIndex: 0).0)
        let expected = HeaderModel().prediction(for: configuration)
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var same = true
                    for round in 0..<200 {
                        // Each task makes values of its own meanwhile: never into the shared storage.
                        let values = ShareConfiguration.Values()
                        let own = values.string("task \(task) round \(round), longer than fifteen bytes", range: .fileStart, path: "x")
                        same = same && own.value == "task \(task) round \(round), longer than fifteen bytes"
                        same = same && configuration.metadata?.linkPresentation?.title?.value == "Spring sale, a title longer than fifteen bytes"
                        same = same && HeaderModel().prediction(for: configuration) == expected
                    }
                    return same
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        XCTAssertEqual(results, Array(repeating: true, count: 8))
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
