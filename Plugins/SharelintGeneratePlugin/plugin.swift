import Foundation
import PackagePlugin

/// Generates the Swift of a target's share configurations (`*.share.yaml`, `*.share.yml`)
/// on every build where they, the files beside them, `.sharelint.yml` or the Info.plist it
/// names changed: `sharelint generate` lints them and, when none has an error, writes
/// `ShareSheets.swift` into the plugin's work directory, which the target compiles
/// (docs/generate.md). A configuration with an error fails the build with
/// `file:line:column: error:` on its line, and nothing is generated.
///
/// The file stands alone (a package using sharelint as a binary target copies it
/// unchanged), so it repeats the few lines of `SharelintBuildToolPlugin` that find the
/// share files and the configuration.
@main
struct SharelintGeneratePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return ShareSheetsGeneration.commands(
            tool: try context.tool(named: "sharelint").url,
            targetFiles: module.sourceFiles.map(\.url),
            projectDirectory: context.package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.name
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// Compiled by Xcode only (macOS): the same command for an Xcode project's target.
extension SharelintGeneratePlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        ShareSheetsGeneration.commands(
            tool: try context.tool(named: "sharelint").url,
            targetFiles: target.inputFiles.map(\.url),
            projectDirectory: context.xcodeProject.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.displayName
        )
    }
}
#endif

/// The one build command, shared by the SwiftPM and the Xcode entry points.
enum ShareSheetsGeneration {
    /// Every file of the target that is not code can be an asset a share file names, so
    /// it is an input too.
    static let codeExtensions: Set<String> = ["swift", "h", "m", "mm", "c", "cc", "cpp", "cxx", "hpp", "s", "metal"]

    static func isShareFile(_ url: URL) -> Bool {
        url.lastPathComponent.hasSuffix(".share.yaml") || url.lastPathComponent.hasSuffix(".share.yml")
    }

    /// `.sharelint.yml` in the directory or its nearest parent, as sharelint looks for it.
    static func configuration(from directory: URL) -> URL? {
        var current = directory.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent(".sharelint.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// No command when the target has no share file.
    static func commands(tool: URL, targetFiles: [URL], projectDirectory: URL, workDirectory: URL, targetName: String) -> [Command] {
        let shareFiles = targetFiles.filter(isShareFile).sorted { $0.path < $1.path }
        guard !shareFiles.isEmpty else { return [] }
        let output = workDirectory.appendingPathComponent("ShareSheets.swift")
        var inputs = targetFiles.filter { !codeExtensions.contains($0.pathExtension.lowercased()) }
        var arguments = ["generate", "--output", output.path, "--force-exclude", "--allow-no-files"]
        if let configuration = configuration(from: projectDirectory) {
            inputs.append(configuration)
            arguments += ["--config", configuration.path]
        } else {
            arguments += ["--root", projectDirectory.path]
        }
        arguments += ["--"] + shareFiles.map(\.path)
        let count = shareFiles.count
        return [
            .buildCommand(
                displayName: "sharelint generate: \(count) share file\(count == 1 ? "" : "s") in \(targetName)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
