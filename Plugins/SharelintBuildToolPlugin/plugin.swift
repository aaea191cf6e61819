import Foundation
import PackagePlugin

/// Lints a target's share configurations (`*.share.yaml`, `*.share.yml`) on every build
/// where they, the files beside them, `.sharelint.yml` or the Info.plist it names changed: one build command with
/// those files as inputs and a stamp, written only when sharelint exits 0, as its
/// output. sharelint prints `file:line:column: error|warning|note: message [rule]`,
/// which SwiftPM and Xcode show on the line; errors fail the build, warnings do not
/// (unless `strict: true` in `.sharelint.yml`).
@main
struct SharelintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        return try ShareLintBuildCommand.commands(
            tool: context.tool(named: "sharelint").url,
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
extension SharelintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try ShareLintBuildCommand.commands(
            tool: context.tool(named: "sharelint").url,
            targetFiles: target.inputFiles.map(\.url),
            projectDirectory: context.xcodeProject.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL,
            targetName: target.displayName
        )
    }
}
#endif

/// The one build command, shared by the SwiftPM and the Xcode entry points.
enum ShareLintBuildCommand {
    /// Extensions of code: every other file of the target can be an asset a share file
    /// names, so it is an input too.
    static let codeExtensions: Set<String> = ["swift", "h", "m", "mm", "c", "cc", "cpp", "cxx", "hpp", "s", "metal"]

    /// Whether a file is a share configuration.
    static func isShareFile(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasSuffix(".share.yaml") || name.hasSuffix(".share.yml")
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

    /// The Info.plist a configuration names with a top-level `infoPlist:` line (plain or
    /// quoted), relative to the configuration, so that a change to it lints again;
    /// sharelint itself reads and checks the key (this only lists an input).
    static func infoPlist(namedBy configuration: URL) -> URL? {
        guard let text = try? String(contentsOf: configuration, encoding: .utf8) else { return nil }
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) where line.hasPrefix("infoPlist:") {
            var value = line.dropFirst("infoPlist:".count).trimmingCharacters(in: .whitespaces)
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces) }
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            guard !value.isEmpty, !value.hasPrefix("/") else { return nil }
            return configuration.deletingLastPathComponent().appendingPathComponent(value).standardizedFileURL
        }
        return nil
    }

    /// No command when the target has no share file.
    static func commands(tool: URL, targetFiles: [URL], projectDirectory: URL, workDirectory: URL,
                         targetName: String) throws -> [Command] {
        let shareFiles = targetFiles.filter(isShareFile).sorted { $0.path < $1.path }
        guard !shareFiles.isEmpty else { return [] }
        // SwiftPM copies an output it does not compile into the target's resources: the
        // stamp is an empty Swift file, which compiles to nothing. sharelint creates it
        // when missing and leaves it alone after a later clean run, so a re-lint does
        // not recompile the target.
        let stamp = workDirectory.appendingPathComponent("SharelintStamp.swift")
        var inputs = targetFiles.filter { !codeExtensions.contains($0.pathExtension.lowercased()) }
        // A build command's working directory is not the package's: the configuration
        // is passed, else the root is the package (files are read inside it only).
        var arguments = ["validate", "--format", "xcode", "--stamp", stamp.path,
                         "--force-exclude", "--allow-no-files"]
        if let configuration = configuration(from: projectDirectory) {
            inputs.append(configuration)
            if let plist = infoPlist(namedBy: configuration) { inputs.append(plist) }
            arguments += ["--config", configuration.path]
        } else {
            arguments += ["--root", projectDirectory.path]
        }
        arguments += ["--"] + shareFiles.map(\.path)
        let count = shareFiles.count
        return [
            .buildCommand(
                displayName: "sharelint: \(count) share file\(count == 1 ? "" : "s") in \(targetName)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [stamp]
            ),
        ]
    }
}
