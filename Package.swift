// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "sharelint",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "ShareLintKit", targets: ["ShareLintKit"]),
        .executable(name: "sharelint", targets: ["sharelint"]),
        .plugin(name: "SharelintPlugin", targets: ["SharelintPlugin"]),
        .plugin(name: "SharelintBuildToolPlugin", targets: ["SharelintBuildToolPlugin"]),
        .plugin(name: "SharelintGeneratePlugin", targets: ["SharelintGeneratePlugin"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // zlib inflates PNG image data for the bounded alpha check (ships with macOS).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Every sentence sharelint writes, in English and Simplified Chinese (docs/messages.md).
        .target(name: "ShareLintMessages"),
        .target(name: "YAMLSyntax", dependencies: ["CYAML", "ShareLintMessages"]),
        .target(name: "ShareLintKit", dependencies: ["YAMLSyntax", "ShareLintMessages", "CZlib"]),
        .target(name: "SharelintCLI", dependencies: ["ShareLintKit", "ShareLintMessages", "YAMLSyntax", "SharelintLanguageServer", "CSystem"]),
        // `sharelint lsp`: the Language Server Protocol server the CLI starts.
        .target(name: "SharelintLanguageServer", dependencies: ["ShareLintKit", "ShareLintMessages", "YAMLSyntax"]),
        // What the Glibc and Darwin modules do not show: starting `--jobs` helpers on
        // another CPU than their creator's, and glibc's heap trimming.
        .target(name: "CSystem"),
        // A pool for libyaml's own allocations, in the executable only (docs/decisions.md):
        // the benchmark's in-process libyaml loop keeps the system allocator.
        .target(name: "YAMLAllocator", dependencies: ["CYAML"]),
        .executableTarget(name: "sharelint", dependencies: ["SharelintCLI", "YAMLAllocator", "CSystem"]),
        .plugin(
            name: "SharelintPlugin",
            capability: .command(intent: .custom(verb: "sharelint", description: "Validate share configurations (*.share.yaml) with sharelint")),
            dependencies: ["sharelint"]
        ),
        // Lints a target's *.share.yaml files on each build where they changed (docs/xcode.md).
        .plugin(name: "SharelintBuildToolPlugin", capability: .buildTool(), dependencies: ["sharelint"]),
        // Lints and generates the Swift that shares a target's configurations (docs/generate.md).
        .plugin(name: "SharelintGeneratePlugin", capability: .buildTool(), dependencies: ["sharelint"]),
        // The benchmark (swift run -c release sharelint-bench) and its libyaml baseline.
        .target(name: "YAMLParseLoop", dependencies: ["CYAML"]),
        .executableTarget(name: "yaml-parse-loop", dependencies: ["YAMLParseLoop"]),
        .target(name: "BenchmarkCorpus", dependencies: ["ShareLintKit", "YAMLSyntax"]),
        .executableTarget(name: "sharelint-bench", dependencies: ["BenchmarkCorpus", "ShareLintKit", "YAMLSyntax", "YAMLParseLoop"]),
        .testTarget(name: "YAMLSyntaxTests", dependencies: ["YAMLSyntax"]),
        .testTarget(name: "ShareLintKitTests", dependencies: ["ShareLintKit", "ShareLintMessages", "YAMLSyntax"], exclude: ["YAMLTestSuiteErrors"]),
        .testTarget(name: "SharelintLanguageServerTests", dependencies: ["SharelintLanguageServer", "ShareLintKit", "YAMLSyntax"]),
        // docs/library.md's snippets, built as an embedding package builds them: with
        // ShareLintKit's public interface only.
        .testTarget(name: "LibraryClientTests", dependencies: ["ShareLintKit"], packageAccess: false),
        .testTarget(name: "SharelintCLITests", dependencies: ["SharelintCLI", "sharelint", "YAMLSyntax", "BenchmarkCorpus", "YAMLAllocator", "CSystem"], exclude: ["Golden"]),
    ]
)
