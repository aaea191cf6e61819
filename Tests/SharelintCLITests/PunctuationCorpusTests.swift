import BenchmarkCorpus
import XCTest
import YAMLSyntax

/// The benchmark's documents are Chinese text full of `，` and `：`, none of it where YAML
/// needs ASCII: the one pass that looks for full-width punctuation finds no candidate, so a
/// large stream of them is still read in pieces and never re-read.
final class PunctuationCorpusTests: XCTestCase {
    func testTheBenchmarkCorpusHoldsNoCandidate() {
        var text = ""
        for i in 0..<200 { text += BenchmarkCorpus.document(i, separator: i > 0) }
        XCTAssertTrue(text.contains("，"))
        XCTAssertFalse(Array(text.utf8).withUnsafeBufferPointer { PunctuationSlips.mayHold($0) })
    }
}
