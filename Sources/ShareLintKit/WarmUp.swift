extension Linter {
    /// Builds the tables every lint reads and the process keeps (the system type registry,
    /// the activity and schema tables, the sniffers' tables) by linting a small document
    /// held in memory, and drops its report. A run with `--jobs` calls it on a helper while
    /// the calling thread walks the directories: otherwise the first file linted builds
    /// them while the other workers wait for them (each table is built once, under a
    /// lock; docs/performance.md, "The figures behind the code"). Reads no file and changes no report.
    package static func warmUp() {
        _ = warmUpReport()
    }

    /// The warm-up document's report.
    static func warmUpReport() -> FileReport {
        Linter().lint(bytes: Array(warmUpDocument.utf8), displayPath: "warm-up.share.yaml", directory: ".",
                      files: InMemoryFileSystem(files: ["poster.png": warmUpImage]))
    }

    /// A document with what the benchmark's files and the samples hold: an image file
    /// with previews, a link, text, link metadata, a custom activity, excluded activity
    /// types and an expected header. It has problems, so the path of a diagnostic is
    /// built too (a small image, a header other than the one expected).
    private static let warmUpDocument = """
        schemaVersion: 1
        name: warm-up
        metadata:
          title: Warm-up
          linkPresentation:
            title: Warm-up
            url: https://example.com/warm-up
            icon: poster.png
        items:
          - type: public.png
            file: poster.png
            previews:
              thumbnail: poster.png
          - url: https://example.com/warm-up
          - text: warm-up
        applicationActivities:
          - type: com.example.warm-up
            title: Warm-up
            image: poster.png
            category: action
        excludedActivityTypes: [airDrop, print]
        expect:
          header:
            title: Warm-up
        """

    /// A 2 x 2 PNG in RGBA whose pixels are half transparent (its pixels are inflated).
    private static let warmUpImage: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x06, 0x00, 0x00, 0x00, 0x72, 0xB6, 0x0D,
        0x24, 0x00, 0x00, 0x00, 0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xF8, 0xCF, 0xC0, 0xD0,
        0x00, 0xC2, 0x0C, 0x30, 0x06, 0x00, 0x38, 0xE8, 0x05, 0xFD, 0x6C, 0xDC, 0xAF, 0xD7, 0x00, 0x00,
        0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
