import Foundation
import PackagePlugin

/// `swift package sharelint [ARGUMENTS]`: runs sharelint in the package's directory
/// (`validate` when no arguments are given).
@main
struct SharelintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "sharelint")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["validate"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("sharelint exited with status \(process.terminationStatus)")
            return
        }
    }
}
