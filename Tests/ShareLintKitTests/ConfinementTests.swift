import Foundation
import ShareLintMessages
import XCTest
@testable import ShareLintKit

/// Paths are compared as bytes, and files are opened from the root without
/// following a symlink that appears after the check.
final class ConfinementTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sharelint-confine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testPathsAreComparedAsBytes() {
        let nfc = "/tmp/\u{E9}-root", nfd = "/tmp/e\u{301}-root"
        XCTAssertEqual(nfc, nfd, "Swift's == uses canonical equivalence")
        XCTAssertFalse(PathLogic.isInside(nfd + "/x", root: nfc))
        XCTAssertFalse(PathLogic.isInside(nfd, root: nfc))
        XCTAssertTrue(PathLogic.isInside(nfc + "/x", root: nfc))
        XCTAssertFalse(PathLogic.isInside(nfc + "x", root: nfc))
        XCTAssertEqual(PathLogic.relative(nfd + "/a", from: nfc), "../e\u{301}-root/a")
        // A "/" followed by a combining mark is one Character but still a separator.
        XCTAssertEqual(PathLogic.normalize("/a/b/..\u{301}/c"), "/a/b/..\u{301}/c")
        XCTAssertEqual(PathLogic.components("a/\u{301}b"), ["a", "\u{301}b"])
        XCTAssertEqual(PathLogic.normalize("/a/../\u{301}b"), "/\u{301}b")
        XCTAssertEqual(PathLogic.directory(of: "a/\u{301}b"), "a")
        XCTAssertEqual(PathLogic.fileName(of: "a/\u{301}b"), "\u{301}b")
    }

    #if os(Linux)
    /// On Linux an NFD name is another file than its NFC twin: `../é-root/x` written in
    /// NFD from inside the NFC root leaves it.
    func testUnicodeTwinOfTheRootIsOutside() throws {
        let root = directory.appendingPathComponent("\u{E9}-root")
        let twin = directory.appendingPathComponent("e\u{301}-root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: twin, withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: twin.appendingPathComponent("x.txt"))
        let files = RootedFileSystem(root: root.path)
        guard case .outsideRoot = files.resolve("../e\u{301}-root/x.txt", relativeTo: root.path) else {
            return XCTFail("\(files.resolve("../e\u{301}-root/x.txt", relativeTo: root.path))")
        }
        let inspector = FileInspector(files)
        try Data("inside".utf8).write(to: root.appendingPathComponent("\u{E9}.txt"))
        try Data("twin".utf8).write(to: root.appendingPathComponent("e\u{301}.txt"))
        let a = inspector.facts("\u{E9}.txt", relativeTo: root.path), b = inspector.facts("e\u{301}.txt", relativeTo: root.path)
        guard case .file(let pathA, _) = a.resolution, case .file(let pathB, _) = b.resolution else { return XCTFail("\(a) \(b)") }
        XCTAssertFalse(PathLogic.sameBytes(pathA, pathB), "the cache must not merge NFC and NFD twins")
    }

    /// A file's path facts (`FileMemo`, a table by bytes kept for the file) keep the twins
    /// apart too, and answer every path as the run-wide cache does after the table grows.
    func testFilePathFactsKeepTwinsApartAndGrow() throws {
        try Data("inside".utf8).write(to: directory.appendingPathComponent("\u{E9}.txt"))
        try Data("twin!".utf8).write(to: directory.appendingPathComponent("e\u{301}.txt"))
        let names = ["\u{E9}.txt", "e\u{301}.txt"] + (0..<40).map { "f\($0).png" }
        for i in stride(from: 0, to: 40, by: 2) { try Data(repeating: 7, count: i + 1).write(to: directory.appendingPathComponent("f\(i).png")) }
        let inspector = FileInspector(RootedFileSystem(root: directory.path))
        let paths = FileMemo(files: inspector, directory: directory.path)
        for round in 0..<2 {
            for name in names {
                let facts = paths.facts(name)
                XCTAssertEqual(facts, inspector.facts(name, relativeTo: directory.path), "\(name), round \(round)")
            }
        }
        guard case .file(_, let inside) = paths.facts("\u{E9}.txt").resolution,
              case .file(_, let twin) = paths.facts("e\u{301}.txt").resolution else { return XCTFail("the twins are files") }
        XCTAssertEqual([inside, twin], [6, 5], "each twin has its own facts")
        guard case .file(_, let size) = paths.facts("f38.png").resolution else { return XCTFail("f38.png is a file") }
        XCTAssertEqual(size, 39)
        guard case .notFound = paths.facts("f39.png").resolution else { return XCTFail("f39.png does not exist") }
    }
    #endif

    /// A file checked by `resolve`, then swapped for a symlink (an intermediate directory
    /// or the file itself), is not read through the symlink.
    func testSwapAfterCheckIsNotFollowed() throws {
        let root = directory.appendingPathComponent("root")
        let outside = directory.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: root.appendingPathComponent("a/f.txt"))
        try Data("outside".utf8).write(to: outside.appendingPathComponent("f.txt"))
        let files = RootedFileSystem(root: root.path)
        guard case .file(let resolved, _) = files.resolve("a/f.txt", relativeTo: root.path) else { return XCTFail() }
        XCTAssertEqual(files.head(ofResolved: resolved, limit: 100), Array("inside".utf8))
        // The directory is swapped for a symlink to the outside.
        try FileManager.default.moveItem(at: root.appendingPathComponent("a"), to: root.appendingPathComponent("a-old"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("a"), withDestinationURL: outside)
        XCTAssertNil(files.head(ofResolved: resolved, limit: 100))
        // The file itself is swapped for a symlink.
        try FileManager.default.removeItem(at: root.appendingPathComponent("a"))
        try FileManager.default.moveItem(at: root.appendingPathComponent("a-old"), to: root.appendingPathComponent("a"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("a/f.txt"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("a/f.txt"), withDestinationURL: outside.appendingPathComponent("f.txt"))
        XCTAssertNil(files.head(ofResolved: resolved, limit: 100))
        // The same for a share file met in a walk.
        XCTAssertThrowsError(try FileReading.buffer(of: .beneath(base: root.path, relative: "a/f.txt"), limit: 100))
    }

    /// A worker's kept directory serves only files of that directory under that base; a
    /// file in it swapped for a symlink is still refused.
    func testKeptDirectoryServesItsOwnFilesOnly() throws {
        let fm = FileManager.default
        let outside = directory.appendingPathComponent("outside")
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("out".utf8).write(to: outside.appendingPathComponent("f.txt"))
        for base in ["one", "two"] {
            for sub in ["a", "b", "a/c"] {
                let folder = directory.appendingPathComponent("\(base)/\(sub)")
                try fm.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("\(base)/\(sub)".utf8).write(to: folder.appendingPathComponent("f.txt"))
            }
        }
        let kept = ConfinedOpen.KeptDirectory()
        func read(_ relative: String, beneath base: String) throws -> String {
            let (fd, size) = try FileReading.openRegular(.beneath(base: directory.appendingPathComponent(base).path, relative: relative), keeping: kept)
            defer { close(fd) }
            let buffer = try FileReading.whole(fd, size: size)
            return withExtendedLifetime(buffer) { String(decoding: buffer.bytes, as: UTF8.self) }
        }
        // The same directory twice, another one, a nested one, the same relative path
        // under another base, and back.
        for (base, sub) in [("one", "a"), ("one", "a"), ("one", "b"), ("one", "a/c"), ("two", "a/c"), ("two", "a"), ("one", "a")] {
            XCTAssertEqual(try read("\(sub)/f.txt", beneath: base), "\(base)/\(sub)")
        }
        // Other spellings of a path in the kept directory take the general way: the same
        // file, or `..` refused.
        XCTAssertEqual(try read("a/f.txt", beneath: "one"), "one/a")
        XCTAssertEqual(try read("a//f.txt", beneath: "one"), "one/a")
        XCTAssertEqual(try read("./a/./f.txt", beneath: "one"), "one/a")
        XCTAssertThrowsError(try read("a/../b/f.txt", beneath: "one"))
        XCTAssertThrowsError(try read("a/..", beneath: "one"))
        XCTAssertThrowsError(try read("a/.", beneath: "one"))
        XCTAssertEqual(try read("a/c/f.txt", beneath: "one"), "one/a/c")
        // A file swapped for a symlink in the directory kept open is not followed.
        let swapped = directory.appendingPathComponent("one/a/f.txt")
        try fm.removeItem(at: swapped)
        try fm.createSymbolicLink(at: swapped, withDestinationURL: outside.appendingPathComponent("f.txt"))
        XCTAssertThrowsError(try read("a/f.txt", beneath: "one"))
        // A directory that is not there is refused, and the next file is read as usual.
        XCTAssertThrowsError(try read("z/f.txt", beneath: "one"))
        XCTAssertEqual(try read("b/f.txt", beneath: "one"), "one/b")
    }

    /// Every path resolves to what `realpath` makes of it, however its directory is
    /// written, whether the file system is asked directly or through an inspector (which
    /// looks files up from the directory of the last one), and in any order: a path that
    /// is its own real path is resolved without `realpath` (glibc), and any symlink on the
    /// way, in the path or in its directory, sends it the general way.
    func testPathsResolveToTheirRealPaths() throws {
        let fm = FileManager.default
        let root = URL(fileURLWithPath: RootedFileSystem.realPath(directory.path)!).appendingPathComponent("root")
        let outside = URL(fileURLWithPath: RootedFileSystem.realPath(directory.path)!).appendingPathComponent("outside")
        for folder in [root.appendingPathComponent("real/sub"), outside] {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try Data([1, 2, 3]).write(to: root.appendingPathComponent("real/a.png"))
        try Data([1]).write(to: outside.appendingPathComponent("b.png"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: root.appendingPathComponent("real"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("alias.png"), withDestinationURL: root.appendingPathComponent("real/a.png"))
        try fm.createSymbolicLink(at: root.appendingPathComponent("out"), withDestinationURL: outside)
        let real = root.path + "/real/a.png"
        let here = RootedFileSystem.currentDirectory()
        // (directory, path, what it resolves to); each directory also written relative
        // to the current directory.
        let cases: [(String, String, FileResolution?)] = [
            ("real", "a.png", .file(path: real, size: 3)),
            ("", "real/a.png", .file(path: real, size: 3)),
            ("", "link/a.png", .file(path: real, size: 3)),
            ("link", "a.png", .file(path: real, size: 3)),
            ("", "alias.png", .file(path: real, size: 3)),
            ("real/sub", "../a.png", .file(path: real, size: 3)),
            ("", "out/b.png", nil),
            ("link", "../out/b.png", nil),
            ("", "real/sub", .notAFile(kind: Message(.aDirectory))),
            ("real", "missing.png", .notFound),
            ("link", "missing.png", .notFound),
        ]
        let files = RootedFileSystem(root: root.path)
        let inspector = FileInspector(files)
        for order in [Array(cases.indices), cases.indices.reversed()] {
            for index in order {
                let (folder, path, expected) = cases[index]
                let absolute = folder.isEmpty ? root.path : root.path + "/" + folder
                for written in [absolute, PathLogic.relative(absolute, from: here)] {
                    for resolution in [files.resolve(path, relativeTo: written), inspector.resolve(path, relativeTo: written)] {
                        if let expected {
                            XCTAssertEqual(resolution, expected, "\(written) \(path)")
                        } else if case .outsideRoot = resolution {
                        } else {
                            XCTFail("\(written) \(path): \(resolution)")
                        }
                    }
                }
            }
        }
        // Opened through the inspector, from the directory it keeps and from others.
        for path in [real, root.path + "/real/a.png", real] {
            XCTAssertEqual(inspector.open(resolved: path)?.read(at: 0, count: 10), [1, 2, 3])
        }
        XCTAssertNil(inspector.open(resolved: root.path + "/link/a.png"), "a symlink on the way is not followed")
    }

    /// A path longer than the system takes whole (PATH_MAX) is "a path longer than the
    /// system allows", as `realpath` finds it, even when each of its components is short
    /// enough to be opened one at a time.
    func testAPathPastPathMaxIsTooLongEvenWhenItsComponentsAreNot() throws {
        let root = URL(fileURLWithPath: RootedFileSystem.realPath(directory.path)!).appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // 17 directories of 250 bytes, made one below the other from open descriptors.
        let name = String(repeating: "d", count: 250)
        var descriptors = [open(root.path, O_RDONLY | O_DIRECTORY)]
        defer {
            // Removed deepest first, from the descriptors (the paths are too long to name).
            let last = descriptors.count - 1
            unlinkat(descriptors[last], "icon.png", 0)
            for level in stride(from: last, to: 0, by: -1) {
                close(descriptors[level])
                unlinkat(descriptors[level - 1], name, AT_REMOVEDIR)
            }
            close(descriptors[0])
        }
        for _ in 0..<17 {
            XCTAssertEqual(mkdirat(descriptors[descriptors.count - 1], name, 0o755), 0)
            descriptors.append(openat(descriptors[descriptors.count - 1], name, O_RDONLY | O_DIRECTORY))
        }
        let file = openat(descriptors[descriptors.count - 1], "icon.png", O_WRONLY | O_CREAT, 0o644)
        XCTAssertGreaterThanOrEqual(file, 0)
        close(file)
        let path = Array(repeating: name, count: 17).joined(separator: "/") + "/icon.png"
        XCTAssertGreaterThan(root.path.utf8.count + 1 + path.utf8.count, Int(PATH_MAX))
        let files = RootedFileSystem(root: root.path)
        XCTAssertEqual(files.resolve(path, relativeTo: root.path), .notAFile(kind: Message(.pathTooLong)))
        XCTAssertEqual(FileInspector(files).resolve(path, relativeTo: root.path), .notAFile(kind: Message(.pathTooLong)))
    }

    /// The message for a symlink that leads out does not name where it leads.
    func testOutsideSymlinkTargetIsNotRevealed() throws {
        let root = directory.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link.png"), withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        let files = RootedFileSystem(root: root.path)
        guard case .outsideRoot(let reason) = files.resolve("link.png", relativeTo: root.path) else { return XCTFail() }
        XCTAssertFalse(reason.english.contains("/etc"), reason.english)
        XCTAssertTrue(reason.english.contains("outside the root"), reason.english)
    }

    /// `file: "ok.png\0x"` was read as ok.png, `file: ""` was "a directory", and a path
    /// past PATH_MAX was silently "not found".
    func testMalformedPaths() throws {
        let root = directory.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data([0x89, 0x50]).write(to: root.appendingPathComponent("ok.png"))
        let files = RootedFileSystem(root: root.path)
        XCTAssertEqual(files.resolve("ok.png", relativeTo: root.path), .file(path: RootedFileSystem.realPath(root.path)! + "/ok.png", size: 2))
        XCTAssertEqual(files.resolve("ok.png\u{0}x", relativeTo: root.path), .notAFile(kind: Message(.pathWithNUL)))
        XCTAssertEqual(files.resolve("", relativeTo: root.path), .notAFile(kind: Message(.emptyPath)))
        XCTAssertEqual(files.resolve(String(repeating: "a", count: 300) + ".png", relativeTo: root.path), .notAFile(kind: Message(.pathTooLong)))
        let memory = InMemoryFileSystem(files: ["ok.png": [1]])
        XCTAssertEqual(memory.resolve("ok.png\u{0}x", relativeTo: ""), .notAFile(kind: Message(.pathWithNUL)))
    }
}
