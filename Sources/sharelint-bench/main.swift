// sharelint-bench: the project's benchmark (docs/performance.md, "The benchmark"). Generates the corpus
// deterministically, then measures in one run, side by side: sharelint on a ~20 MB
// stream of simple documents (--jobs 1) against libyaml's own event loop over the same
// bytes, the same for a ~20 MB stream of rich documents (reported, not a target),
// sharelint on a tree of 2,000 small files with --jobs 1 and --jobs 2, start-up plus one
// small file, and peak memory. Run with: swift run -c release sharelint-bench [--quick]
// (--corpus-only writes the corpus under .build/bench-corpus and measures nothing: what
// scripts/identity-check.sh and scripts/phase-times.sh read).
import Foundation
import BenchmarkCorpus
import ShareLintKit
import YAMLParseLoop

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let quick = CommandLine.arguments.contains("--quick")
let corpusOnly = CommandLine.arguments.contains("--corpus-only")
let repeats = quick ? 2 : 5

// MARK: - Corpus

let corpus = packageRoot.appendingPathComponent(".build/bench-corpus")
let streamDocuments = quick ? 2_000 : 20_000
// Rich documents are about half as long again: as many bytes in 13,000.
let richDocuments = quick ? 1_300 : 13_000
let treeFiles = quick ? 200 : 2_000

func generateCorpus() throws -> (stream: URL, rich: URL, tree: URL, small: URL) {
    let fm = FileManager.default
    let stamp = corpus.appendingPathComponent("stamp-v6-\(streamDocuments)-\(richDocuments)-\(treeFiles)")
    let stream = corpus.appendingPathComponent("stream/stream.share.yaml")
    let rich = corpus.appendingPathComponent("rich/rich.share.yaml")
    let tree = corpus.appendingPathComponent("tree")
    let small = tree.appendingPathComponent("d00/share-00000.share.yaml")
    if fm.fileExists(atPath: stamp.path) { return (stream, rich, tree, small) }
    try? fm.removeItem(at: corpus)
    try BenchmarkCorpus.writeAssets(corpus.appendingPathComponent("stream/assets"))
    // The streams are larger than the default caps (10 MiB, 10,000 documents and 10,000
    // diagnostics per file: the rich stream has two diagnostics a document).
    try Data("maxFileSize: 100000000\nmaxDocumentsPerFile: 100000\nmaxDiagnosticsPerFile: 100000\n".utf8)
        .write(to: corpus.appendingPathComponent(".sharelint.yml"))
    var text = ""
    text.reserveCapacity(streamDocuments * 1100)
    for i in 0..<streamDocuments { text += BenchmarkCorpus.document(i, separator: i > 0) }
    try Data(text.utf8).write(to: stream)
    try BenchmarkCorpus.writeRichAssets(corpus.appendingPathComponent("rich/assets"))
    text = ""
    text.reserveCapacity(richDocuments * 1600)
    for i in 0..<richDocuments { text += BenchmarkCorpus.richDocument(i, separator: i > 0) }
    try Data(text.utf8).write(to: rich)
    for i in 0..<treeFiles {
        let dir = tree.appendingPathComponent(String(format: "d%02d", i / 100))
        if i % 100 == 0 { try BenchmarkCorpus.writeAssets(dir.appendingPathComponent("assets")) }
        try Data(BenchmarkCorpus.document(i, separator: false).utf8).write(to: dir.appendingPathComponent(String(format: "share-%05d.share.yaml", i)))
    }
    _ = fm.createFile(atPath: stamp.path, contents: Data())
    return (stream, rich, tree, small)
}

// MARK: - Measuring

struct Sample {
    var seconds: Double
    var maxRSSKiB: Int
    var status: Int32
}

let peakFile = corpus.appendingPathComponent("peak-memory.txt").path

func spawn(_ argv: [String], in directory: URL) -> Sample {
    setenv("SHARELINT_PEAK_MEMORY_FILE", peakFile, 1)
    try? FileManager.default.removeItem(atPath: peakFile)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    let cArgs = argv.map { strdup($0) } + [nil]
    defer { cArgs.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now()
    guard posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ) == 0 else { return Sample(seconds: .nan, maxRSSKiB: 0, status: -1) }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    // sharelint reports its own peak (see PeakMemory); other tools fall back to wait4.
    #if os(macOS)
    var rss = Int(usage.ru_maxrss) / 1024
    #else
    var rss = Int(usage.ru_maxrss)
    #endif
    if let text = try? String(contentsOfFile: peakFile, encoding: .utf8), let own = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
        rss = own
    }
    return Sample(seconds: seconds, maxRSSKiB: rss, status: (status >> 8) & 0xFF)
}

/// Starts two commands at once and times until both have finished: what two fully
/// independent processes get out of this machine's cores.
func spawnPair(_ a: [String], _ b: [String], in directory: URL) -> Sample {
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
    defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let start = DispatchTime.now()
    var pids: [pid_t] = []
    for argv in [a, b] {
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        var pid: pid_t = 0
        if posix_spawn(&pid, argv[0], &actions, nil, cArgs, environ) == 0 { pids.append(pid) }
    }
    var worst: Int32 = 0
    for pid in pids {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        worst = max(worst, (status >> 8) & 0xFF)
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return Sample(seconds: seconds, maxRSSKiB: 0, status: worst)
}

func best(_ n: Int, _ body: () -> Sample) -> Sample {
    best(of: (0..<n).map { _ in body() })
}

/// The fastest sample, with the highest peak memory of them all.
func best(of samples: [Sample]) -> Sample {
    var result = samples.min { $0.seconds < $1.seconds }!
    result.maxRSSKiB = samples.map(\.maxRSSKiB).max() ?? 0
    return result
}

/// The fastest of `n` runs of each measure, run in turn (one of each, then again): a
/// ratio of two measures then compares runs made in the same minutes of a shared host,
/// not one measure's minute against another's.
func bestInTurn(_ n: Int, _ bodies: [() -> Sample]) -> [Sample] {
    var samples = Array(repeating: [Sample](), count: bodies.count)
    for _ in 0..<n {
        for (i, body) in bodies.enumerated() { samples[i].append(body()) }
    }
    return samples.map { best(of: $0) }
}

func which(_ tool: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = "\(dir)/\(tool)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

// MARK: - Run

if corpusOnly {
    _ = try generateCorpus()
    FileHandle.standardOutput.write(Data("corpus in \(corpus.path)\n".utf8))
    exit(0)
}
FileHandle.standardError.write(Data("building sharelint (release, as scripts/install.sh does)…\n".utf8))
let build = Process()
build.executableURL = URL(fileURLWithPath: which("swift") ?? "/usr/bin/swift")
// The binary measured is the one scripts/install.sh installs: on Linux it links the Swift
// runtime and FoundationEssentials in (--static-swift-stdlib), in a build folder of its own
// so it does not rebuild the release folder's products.
#if os(Linux)
let installFlags = ["--static-swift-stdlib", "--scratch-path", packageRoot.appendingPathComponent(".build/static").path]
let installedBuild = ".build/static/release/sharelint"
#else
let installFlags: [String] = []
let installedBuild = ".build/release/sharelint"
#endif
build.arguments = ["build", "-c", "release", "--product", "sharelint", "--package-path", packageRoot.path] + installFlags
build.standardOutput = FileHandle.nullDevice
try build.run()
build.waitUntilExit()
// The bare C loop (Sources/yaml-parse-loop), for the peak-memory comparison.
let buildLoop = Process()
buildLoop.executableURL = build.executableURL
buildLoop.arguments = ["build", "-c", "release", "--product", "yaml-parse-loop", "--package-path", packageRoot.path]
buildLoop.standardOutput = FileHandle.nullDevice
try buildLoop.run()
buildLoop.waitUntilExit()
let sharelint = packageRoot.appendingPathComponent(installedBuild).path
let cLoop = packageRoot.appendingPathComponent(".build/release/yaml-parse-loop").path
guard build.terminationStatus == 0, buildLoop.terminationStatus == 0,
      FileManager.default.isExecutableFile(atPath: sharelint), FileManager.default.isExecutableFile(atPath: cLoop) else {
    FileHandle.standardError.write(Data("could not build sharelint and yaml-parse-loop\n".utf8))
    exit(3)
}

FileHandle.standardError.write(Data("generating the corpus…\n".utf8))
let (stream, rich, tree, small) = try generateCorpus()
let streamBytes = try Data(contentsOf: stream)
let megabytes = Double(streamBytes.count) / 1_000_000
let richBytes = try Data(contentsOf: rich)
let richMegabytes = Double(richBytes.count) / 1_000_000

/// libyaml's own event loop over `bytes`, in this process, timed.
func libyamlLoop(_ bytes: Data, events: inout Int) -> Sample {
    let start = DispatchTime.now()
    events = bytes.withUnsafeBytes { yaml_parse_loop($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }
    return Sample(seconds: Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9, maxRSSKiB: 0, status: 0)
}

FileHandle.standardError.write(Data("measuring…\n".utf8))
// Each ratio's measures are taken in turn (`bestInTurn`): libyaml's own event loop over the
// same bytes (in process), sharelint on the stream, the bare C loop as a process and
// sharelint with libyaml's memory on the system allocator; then
// the rich stream's loop and sharelint run; then
// the tree with --jobs 1, --jobs 2 and as two processes. A tree run is short (a tenth of a
// stream run), so it is measured three times as often.
var events = 0, richEvents = 0
// Every sharelint run writes the JSON report (to /dev/null): what CI pays for.
let report = ["--format", "json"]
let streamSamples = bestInTurn(repeats, [
    { libyamlLoop(streamBytes, events: &events) },
    { spawn([sharelint, "validate"] + report + ["--jobs", "1", "stream/stream.share.yaml"], in: corpus) },
    { spawn([cLoop, "stream/stream.share.yaml"], in: corpus) },
    // The same run with libyaml's memory on the system allocator, as the loop has it
    // (sharelint's pool for libyaml's blocks turned off; docs/decisions.md).
    {
        setenv("SHARELINT_YAML_ALLOCATOR", "system", 1)
        defer { unsetenv("SHARELINT_YAML_ALLOCATOR") }
        return spawn([sharelint, "validate"] + report + ["--jobs", "1", "stream/stream.share.yaml"], in: corpus)
    },
])
let libyamlBest = streamSamples[0].seconds, streamRun = streamSamples[1], cLoopRun = streamSamples[2]
let systemAllocatorRun = streamSamples[3]
let richSamples = bestInTurn(repeats, [
    { libyamlLoop(richBytes, events: &richEvents) },
    { spawn([sharelint, "validate"] + report + ["--jobs", "1", "rich/rich.share.yaml"], in: corpus) },
])
let richLoopBest = richSamples[0].seconds, richRun = richSamples[1]
let treeDirectories = (try FileManager.default.contentsOfDirectory(atPath: tree.path)).sorted().map { "tree/" + $0 }
let half = treeDirectories.count / 2
let treeSamples = bestInTurn(repeats * 3, [
    { spawn([sharelint, "validate"] + report + ["--jobs", "1", "tree"], in: corpus) },
    { spawn([sharelint, "validate"] + report + ["--jobs", "2", "tree"], in: corpus) },
    { spawnPair([sharelint, "validate"] + report + ["--jobs", "1"] + treeDirectories[..<half],
                [sharelint, "validate"] + report + ["--jobs", "1"] + treeDirectories[half...], in: corpus) },
])
let tree1 = treeSamples[0], tree2 = treeSamples[1], pair = treeSamples[2]
let startup = best(repeats * 4) { spawn([sharelint, "validate"] + report + [small.path], in: corpus) }

let throughput = megabytes / streamRun.seconds
let libyamlThroughput = megabytes / libyamlBest
let ratio = throughput / libyamlThroughput
let speedup = tree1.seconds / tree2.seconds

func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }
func pass(_ ok: Bool) -> String { ok ? "met" : "NOT MET" }

var rows: [(String, String, String, String)] = []
rows.append(("stream: libyaml event loop (baseline)", String(format: "%.2f s, %.1f MB/s", libyamlBest, libyamlThroughput), "", ""))
rows.append(("stream: sharelint --jobs 1", String(format: "%.2f s, %.1f MB/s", streamRun.seconds, throughput),
             String(format: "%.2fx libyaml", ratio), "≥ 0.67x: " + pass(ratio >= 2.0 / 3.0)))
rows.append(("stream: sharelint, libyaml on the system allocator", String(format: "%.2f s", systemAllocatorRun.seconds),
             String(format: "%.2fx libyaml", libyamlBest / systemAllocatorRun.seconds), "(for comparison)"))
let memoryRatio = Double(streamRun.maxRSSKiB) / Double(max(cLoopRun.maxRSSKiB, 1))
rows.append(("stream: peak memory (bare C loop)", String(format: "%.1f MiB", Double(cLoopRun.maxRSSKiB) / 1024), "", ""))
rows.append(("stream: peak memory (sharelint)", String(format: "%.1f MiB", Double(streamRun.maxRSSKiB) / 1024),
             String(format: "%.2fx the C loop", memoryRatio), "≤ 1.3x: " + pass(memoryRatio <= 1.3)))
let richRatio = richLoopBest / richRun.seconds
rows.append(("rich stream: libyaml event loop", String(format: "%.2f s, %.1f MB/s", richLoopBest, richMegabytes / richLoopBest), "", ""))
rows.append(("rich stream: sharelint --jobs 1", String(format: "%.2f s, %.1f MB/s", richRun.seconds, richMegabytes / richRun.seconds),
             String(format: "%.2fx libyaml", richRatio), "(reported, not a target)"))
rows.append(("tree: sharelint --jobs 1", ms(tree1.seconds), "", ""))
let ceiling = tree1.seconds / pair.seconds
rows.append(("tree: sharelint --jobs 2", ms(tree2.seconds), String(format: "%.2fx --jobs 1", speedup),
             "≥ 1.8x or within 5% of the ceiling: " + pass(speedup >= 1.8 || speedup >= 0.95 * ceiling)))
rows.append(("tree: two --jobs 1 processes on its halves", ms(pair.seconds), String(format: "%.2fx --jobs 1", ceiling),
             "the machine's ceiling for 2 workers"))
rows.append(("start-up + one small file", ms(startup.seconds), "", "< 20 ms: " + pass(startup.seconds < 0.020)))

if let yamllint = which("yamllint") {
    let run = best(1) { spawn([yamllint, "-d", "relaxed", "tree"], in: corpus) }
    rows.append(("tree: yamllint (for comparison)", ms(run.seconds), String(format: "%.1fx sharelint --jobs 2", run.seconds / tree2.seconds), ""))
}
if let checker = which("check-jsonschema") {
    let files = (try FileManager.default.subpathsOfDirectory(atPath: tree.path)).filter { $0.hasSuffix(".share.yaml") }.sorted().map { "tree/" + $0 }
    let schema = packageRoot.appendingPathComponent("Schemas/share-configuration.schema.json").path
    let run = best(1) { spawn([checker, "--schemafile", schema] + files, in: corpus) }
    rows.append(("tree: check-jsonschema (for comparison)", ms(run.seconds), String(format: "%.1fx sharelint --jobs 2", run.seconds / tree2.seconds), ""))
}

/// Writes a line of the report to standard output.
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let cores = ProcessInfo.processInfo.activeProcessorCount
emit("sharelint-bench: \(String(format: "%.1f", megabytes)) MB stream of \(streamDocuments) documents (\(events) libyaml events), \(String(format: "%.1f", richMegabytes)) MB rich stream of \(richDocuments) documents (\(richEvents) events), tree of \(treeFiles) files, best of \(repeats) (tree: \(repeats * 3)) in turn, \(cores) cores\(quick ? " (--quick)" : "")")
let widths = [rows.map(\.0.count).max()!, rows.map(\.1.count).max()!, rows.map(\.2.count).max()!]
func pad(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
emit("| " + pad("measure", widths[0]) + " | " + pad("result", widths[1]) + " | " + pad("ratio", widths[2]) + " | target |")
emit("|" + String(repeating: "-", count: widths[0] + 2) + "|" + String(repeating: "-", count: widths[1] + 2) + "|" + String(repeating: "-", count: widths[2] + 2) + "|--------|")
for row in rows {
    emit("| " + pad(row.0, widths[0]) + " | " + pad(row.1, widths[1]) + " | " + pad(row.2, widths[2]) + " | \(row.3) |")
}
let failures = [streamRun, systemAllocatorRun, cLoopRun, richRun, tree1, tree2, pair, startup].filter { $0.status != 0 }.count
if failures > 0 { emit("warning: \(failures) sharelint runs did not exit 0 (the corpus has no errors)") }
