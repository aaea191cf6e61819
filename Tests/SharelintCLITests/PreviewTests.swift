import Foundation
import XCTest

/// `sharelint preview`: the page, escaped and confined, and drawn by a real browser.
/// The browser tests need Debian's `chromium` (`apt-get install chromium`; .ci/run installs
/// it); without it they are skipped with that hint.
final class PreviewTests: XCTestCase {
    private var samples: URL { CLI.packageRoot.appendingPathComponent("samples") }

    private func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func testPageIsSelfContainedAndEscaped() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hostile = "<img src=x onerror=alert(1)>\u{202E}gnp.exe" + String(repeating: "长", count: 10_000) + "👩‍👩‍👧‍👦"
        let yaml = "schemaVersion: 1\nname: hostile\nmetadata:\n  title: \"\(hostile)\"\nitems:\n  - text: hi\n"
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("h.share.yaml"))
        let result = try CLI.run(["preview", "h.share.yaml", "--output", "-"], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        let page = result.stdout
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertFalse(page.contains("<img src=x"), "the title must be escaped")
        XCTAssertTrue(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        XCTAssertFalse(page.contains("\u{202E}"), "bidi overrides are shown, not applied")
        XCTAssertFalse(page.contains("<script"))
        XCTAssertFalse(page.contains("http://") || page.contains("https://") && page.contains("src=\"http"), "nothing is loaded from a network")
        XCTAssertTrue(page.contains("default-src 'none'; img-src data:"))
    }

    func testOutputIsRequiredAndNeverOverwritesAShareFile() throws {
        let missing = try CLI.run(["preview", "wechat-qr-poster.share.yaml"], in: samples)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--output"), missing.stderr)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let share = dir.appendingPathComponent("a.share.yaml")
        try Data("schemaVersion: 1\nmetadata:\n  title: x\nitems:\n  - text: hi\n".utf8).write(to: share)
        let overwrite = try CLI.run(["preview", "a.share.yaml", "--output", "a.share.yaml"], in: dir)
        XCTAssertEqual(overwrite.status, 2)
        XCTAssertEqual(try String(contentsOf: share, encoding: .utf8), "schemaVersion: 1\nmetadata:\n  title: x\nitems:\n  - text: hi\n")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out.html"), withIntermediateDirectories: true)
        XCTAssertEqual(try CLI.run(["preview", "a.share.yaml", "--output", "out.html"], in: dir).status, 2)
        let written = try CLI.run(["preview", "a.share.yaml", "--output", "page.html"], in: dir)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("page.html"), encoding: .utf8).contains("</html>"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".page.html") }
        XCTAssertEqual(leftovers, [], "the page is written atomically")
    }

    func testImagesOutsideTheRootAreNeverEmbedded() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let root = dir.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: samples.appendingPathComponent("assets/app-icon.png"), to: dir.appendingPathComponent("outside.png"))
        let yaml = "schemaVersion: 1\nitems:\n  - text: hi\n    metadata:\n      title: x\n    previews:\n      thumbnail: ../outside.png\n"
        try Data(yaml.utf8).write(to: root.appendingPathComponent("a.share.yaml"))
        let result = try CLI.run(["preview", "a.share.yaml", "--output", "-"], in: root)
        XCTAssertFalse(result.stdout.contains("data:image/png"), "an image outside the root is never read")
        XCTAssertTrue(result.stdout.contains("path-outside-root"))
    }

    /// The page in the run's language, with a glyph of our own for each built-in activity
    /// drawn once, and a document YAML could not read drawn as such, not as a prediction.
    func testLanguageGlyphsAndUnreadableDocuments() throws {
        let chinese = try CLI.run(["preview", "wechat-qr-poster.share.yaml", "--locale", "zh-Hans", "--output", "-"], in: samples)
        XCTAssertEqual(chinese.status, 0, chinese.stderr)
        for name in ["信息", "邮件", "拷贝", "指定给联系人", "没有问题"] {
            XCTAssertTrue(chinese.stdout.contains(name), name)
        }
        XCTAssertFalse(chinese.stdout.contains(">Messages<") || chinese.stdout.contains(">Mail<"), "no English activity name")
        let english = try CLI.run(["preview", "wechat-qr-poster.share.yaml", "--output", "-"], in: samples)
        XCTAssertTrue(english.stdout.contains(">Messages<"))
        for page in [chinese.stdout, english.stdout] {
            let uses = page.matches(of: /<use href="#glyph-([A-Za-z]+)"\/>/).map { String($0.1) }
            XCTAssertTrue(uses.contains("message") && uses.contains("mail"), "\(uses)")
            for glyph in Set(uses) {
                XCTAssertEqual(page.components(separatedBy: "<symbol id=\"glyph-\(glyph)\"").count - 1, 1, "\(glyph) is drawn once")
            }
        }

        let broken = try CLI.run(["preview", "invalid/unclosed-quote.share.yaml", "--output", "-"], in: samples)
        XCTAssertEqual(broken.status, 1)
        let unreadable = try XCTUnwrap(broken.stdout.range(of: "class=\"unreadable\""), "the unread document is drawn as such")
        let box = broken.stdout[unreadable.lowerBound...].prefix(600)
        XCTAssertTrue(box.contains("could not read this document"), String(box))
        XCTAssertTrue(box.contains("href=\"#f0-L5\""), "its first error links to its line: \(box)")
        XCTAssertFalse(box.contains("no preview"), String(box))
        // Listings open by address (CSS :target), so a reload keeps the one open.
        XCTAssertTrue(broken.stdout.contains(".source:target"))
        XCTAssertTrue(broken.stdout.contains("id=\"f0-L5\""))
    }

    // MARK: - In a real browser

    private func chromium() throws -> String {
        for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        where FileManager.default.isExecutableFile(atPath: path) { return path }
        throw XCTSkip("headless Chromium is not installed: apt-get install chromium (CI installs it), then swift test --filter PreviewTests")
    }

    private func runBrowser(_ arguments: [String]) throws -> String {
        // A profile of its own for each run, removed after it (each is about 2 MB).
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try chromium())
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--user-data-dir=" + profile.path]
            + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// What a script in the page measured, read back through --dump-dom.
    private struct Measurements: Decodable {
        struct Document: Decodable {
            var file: String
            var index: Int
            var style: String
            var title: String?
            var subtitle: String?
            var activities: [String]
        }
        var documents: [Document]
        var images: Int
        var brokenImages: Int
        var resources: Int
        var errors: [String]
        var overflows: [String]
    }

    private static let probe = """
    <script>
    window.__errors = [];
    window.addEventListener('error', e => window.__errors.push(String(e.message)));
    window.addEventListener('load', () => {
      const out = { documents: [], images: 0, brokenImages: 0, resources: performance.getEntriesByType('resource').length,
                    errors: window.__errors, overflows: [] };
      for (const section of document.querySelectorAll('section.file')) {
        const file = section.querySelector('h2').textContent;
        for (const article of section.querySelectorAll('article.document')) {
          const sheet = article.querySelector('figure.sheet');
          const header = sheet.querySelector('header');
          const title = header.querySelector('.title');
          const subtitle = header.querySelector('.subtitle');
          out.documents.push({ file, index: Number(article.dataset.document), style: header.dataset.style,
            title: title ? title.dataset.title : null, subtitle: subtitle ? subtitle.textContent : null,
            activities: [...sheet.querySelectorAll('[data-activity]')].map(e => e.dataset.activity) });
          for (const figure of article.querySelectorAll('figure.sheet')) {
            const box = figure.getBoundingClientRect();
            for (const e of figure.querySelectorAll('.title, .subtitle, .label, .icon, .note')) {
              const r = e.getBoundingClientRect();
              if (r.width === 0) continue;
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) out.overflows.push(file + ' ' + e.className);
            }
          }
        }
      }
      // Images are drawn as CSS backgrounds (one rule per image, a class per use): each
      // element showing one must have a data: URL that decodes.
      const urls = new Set();
      for (const img of document.images) { out.images++; if (!(img.complete && img.naturalWidth > 0)) out.brokenImages++; }
      for (const e of document.querySelectorAll('.picture')) {
        out.images++;
        const m = getComputedStyle(e).backgroundImage.match(/^url\\("(data:image\\/[^"]*)"\\)$/);
        if (m && e.getBoundingClientRect().width > 0) urls.add(m[1]); else out.brokenImages++;
      }
      Promise.all([...urls].map(url => new Promise(done => {
        const image = new Image();
        image.onload = () => done(image.naturalWidth > 0);
        image.onerror = () => done(false);
        image.src = url;
      }))).then(loaded => {
        out.brokenImages += loaded.filter(ok => !ok).length;
        const pre = document.createElement('pre'); pre.id = 'sharelint-probe'; pre.textContent = JSON.stringify(out);
        document.body.appendChild(pre);
      });
    });
    </script>
    """

    private func measure(_ page: URL) throws -> Measurements {
        // A copy of the page with the probe; its policy also allows that one inline script.
        var html = try String(contentsOf: page, encoding: .utf8)
        html = html.replacingOccurrences(of: "style-src 'unsafe-inline'\">", with: "style-src 'unsafe-inline'; script-src 'unsafe-inline'\">")
        html = html.replacingOccurrences(of: "</body>", with: Self.probe + "</body>")
        let probed = page.deletingLastPathComponent().appendingPathComponent("probed.html")
        try Data(html.utf8).write(to: probed)
        let dom = try runBrowser(["--window-size=1280,2000", "--virtual-time-budget=3000", "--dump-dom", probed.absoluteString])
        guard let start = dom.range(of: "<pre id=\"sharelint-probe\">"), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            XCTFail("the probe did not run:\n\(dom.prefix(500))")
            throw XCTSkip("no measurements")
        }
        let json = String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode(Measurements.self, from: Data(json.utf8))
    }

    func testSamplesInChromium() throws {
        _ = try chromium()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("sheet.html")
        let started = Date()
        let result = try CLI.run(["preview", "--root", ".", ".", "--output", page.path], in: samples)
        let elapsed = Date().timeIntervalSince(started)
        XCTAssertNotEqual(result.status, 2, result.stderr)
        XCTAssertLessThan(elapsed, 5, "the page for the samples is made in well under a second in release builds")
        let measured = try measure(page)

        // The header texts equal the JSON report's, and every offered activity is drawn.
        let report = try CLI.run(["destinations", "--format", "json", "--root", ".", "."], in: samples)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        var expected: [String: (title: String?, subtitle: String?, offered: [String])] = [:]
        for file in json["files"] as? [[String: Any]] ?? [] {
            for document in file["documents"] as? [[String: Any]] ?? [] {
                let header = document["header"] as? [String: Any]
                let destinations = (document["destinations"] as? [String: Any])?["activities"] as? [[String: Any]] ?? []
                let offered = destinations.filter { ($0["offered"] as? String) != "notOffered" }.compactMap { $0["activityType"] as? String }
                expected["\(file["path"]!)#\(document["index"]!)"] = (header?["title"] as? String, header?["subtitle"] as? String, offered)
            }
        }
        XCTAssertEqual(measured.documents.count, expected.count)
        for document in measured.documents {
            let key = "\(document.file)#\(document.index)"
            let want = try XCTUnwrap(expected[key], key)
            XCTAssertEqual(document.title, want.title, key)
            XCTAssertEqual(document.subtitle, want.subtitle, key)
            XCTAssertEqual(Set(document.activities), Set(want.offered), key)
        }
        XCTAssertGreaterThan(measured.images, 0)
        XCTAssertEqual(measured.brokenImages, 0, "every image loads")
        XCTAssertEqual(measured.resources, 0, "no network (or any other) request")
        XCTAssertEqual(measured.errors, [], "no script errors")
        XCTAssertEqual(measured.overflows, [], "no text leaves its sheet")

        // Light and dark screenshots.
        for (name, flags) in [("light", [String]()), ("dark", ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"])] {
            let shot = dir.appendingPathComponent("\(name).png")
            _ = try runBrowser(flags + ["--window-size=1280,1600", "--screenshot=" + shot.path, page.absoluteString])
            let size = (try? FileManager.default.attributesOfItem(atPath: shot.path)[.size] as? Int) ?? 0
            XCTAssertGreaterThan(size, 10_000, "\(name) screenshot")
        }
    }

    func testHostileTitleStaysInsideItsBox() throws {
        _ = try chromium()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let hostile = "<img src=x onerror=alert(1)>\u{202E}" + String(repeating: "长标题", count: 3_400) + "👩‍👩‍👧‍👦"
        let yaml = "schemaVersion: 1\nmetadata:\n  title: \"\(hostile)\"\n  messageBody: \"\(hostile)\"\nitems:\n  - text: hi\n"
        try Data(yaml.utf8).write(to: dir.appendingPathComponent("h.share.yaml"))
        let page = dir.appendingPathComponent("h.html")
        _ = try CLI.run(["preview", "h.share.yaml", "--output", page.path], in: dir)
        let measured = try measure(page)
        XCTAssertEqual(measured.errors, [], "the hostile title runs no script")
        XCTAssertEqual(measured.overflows, [])
        XCTAssertEqual(measured.images, 0, "the title's <img> is text, not an element")
    }

    // MARK: - --watch

    /// Waits (polling every 50 ms, at most `seconds`) until `condition` holds; whether it did.
    private func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    func testWatchRedrawsThePageAndStopsOnSIGINT() throws {
        _ = try chromium()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let share = dir.appendingPathComponent("x.share.yaml"), page = dir.appendingPathComponent("page.html")
        let log = dir.appendingPathComponent("stderr.txt")
        func configuration(_ title: String) -> Data { Data("schemaVersion: 1\nmetadata:\n  title: \(title)\nitems:\n  - text: hi\n".utf8) }
        func pageText() -> String { (try? String(contentsOf: page, encoding: .utf8)) ?? "" }
        try configuration("First title").write(to: share)
        let process = try PreviewWatchTests.startWatch("x.share.yaml", in: dir, log: log)
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }

        XCTAssertTrue(waitUntil(seconds: 20) { pageText().contains("First title") }, "the first page is drawn")
        XCTAssertTrue(pageText().contains("<meta http-equiv=\"refresh\" content=\"1\">"), "the page reloads itself")
        XCTAssertFalse(pageText().contains("<script"), "still no script")

        // An edit is drawn within a few looks (each 0.5 s; the bound is loose for a loaded machine).
        let edited = Date()
        try configuration("Second title").write(to: share)
        XCTAssertTrue(waitUntil(seconds: 15) { pageText().contains("Second title") }, "the edit is drawn")
        let redrawSeconds = Date().timeIntervalSince(edited)
        let dom = try runBrowser(["--dump-dom", page.absoluteString])
        XCTAssertTrue(dom.contains("data-title=\"Second title\""), "Chromium shows the new title:\n\(dom.prefix(300))")
        XCTAssertFalse(dom.contains("First title"))
        // The page's policy does not stop its meta refresh: the same head, refreshing to another page, gets there.
        let probe = dir.appendingPathComponent("probe.html"), arrival = dir.appendingPathComponent("arrived.html")
        try Data("<!DOCTYPE html><p id=\"arrived\">arrived</p>".utf8).write(to: arrival)
        try Data(pageText().replacingOccurrences(of: "content=\"1\">", with: "content=\"1; url=arrived.html\">").utf8).write(to: probe)
        let refreshed = try runBrowser(["--virtual-time-budget=5000", "--dump-dom", probe.absoluteString])
        XCTAssertTrue(refreshed.contains("<p id=\"arrived\">"), "the meta refresh ran under the page's policy:\n\(refreshed.prefix(300))")

        // A file that stops being valid YAML: the page is still drawn, with the diagnostic.
        try Data("schemaVersion: 1\nmetadata: [\n  title: Third\n".utf8).write(to: share)
        XCTAssertTrue(waitUntil(seconds: 15) { pageText().contains("yaml-syntax") }, "the diagnostics are drawn")
        XCTAssertTrue(process.isRunning, "an invalid file does not end the watch")

        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "ended by SIGINT (a shell shows status 130)")
        XCTAssertEqual(process.terminationStatus, SIGINT)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".page.html") }
        XCTAssertEqual(leftovers, [], "no temporary file is left")
        let messages = try String(contentsOf: log, encoding: .utf8)
        XCTAssertTrue(messages.contains("redrawn page.html: no problems in 1 file (1 document)"), messages)
        XCTAssertTrue(messages.contains("redrawn page.html: 1 error in 1 file (1 document)"), messages)
        XCTAssertTrue(messages.contains("interrupted (SIGINT)"), messages)
        print("preview --watch: the edit was drawn \(String(format: "%.2f", redrawSeconds)) s after it was saved")
    }
}
