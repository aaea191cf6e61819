// The libFuzzer entry point over the whole path: bytes → YAML → model → rules →
// header → every renderer; the same bytes also go through the configuration-file
// parser, the property-list reader and the content sniffer. Built by
// scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` (not part of the package).
import ShareLintKit

private let files = InMemoryFileSystem(files: [
    "poster.png": ExampleFiles.png(width: 120, height: 120),
    "assets/qr-poster.png": ExampleFiles.png(width: 64, height: 64, alpha: false),
    "photo.jpg": ExampleFiles.jpeg(width: 512, height: 512),
    "order.pdf": ExampleFiles.pdf,
])

private let renderers: [any ReportRenderer] = [
    TextRenderer(color: true), JSONRenderer(), SARIFRenderer(toolVersion: "fuzz"), GitHubRenderer(), JUnitRenderer(),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = LintOptions()
    options.locale = HeaderLocale.allCases[size % HeaderLocale.allCases.count]
    let report = Linter(options: options).lint(bytes: bytes, displayPath: "fuzz.share.yaml", directory: "", files: files)
    let run = LintRun(files: [report])
    for renderer in renderers { _ = renderer.render(run) }
    _ = LintConfiguration.parse(bytes, directory: "/")
    _ = try? PropertyList.topLevelStrings(bytes)
    _ = ContentSniffer.sniff(bytes)
    _ = PNGTransparency.check(InMemoryFile(bytes))
    return 0
}
