import ShareLintKit

/// Finds and loads `.sharelint.yml`.
enum ProjectConfiguration {
    static let fileName = ".sharelint.yml"

    /// The configuration named by `--config`, else `.sharelint.yml` in `directory` or
    /// its nearest parent; nil when there is none. A bad file is a usage error that
    /// lists every problem with its position.
    static func load(explicit: String?, from directory: String) throws -> LintConfiguration? {
        let path: String
        if let explicit {
            guard Platform.kind(explicit, follow: true) == .file else {
                throw UsageError(message: "--config \(explicit): no such file")
            }
            path = explicit
        } else {
            var current = directory
            while true {
                let candidate = PathLogic.join(current, fileName)
                if Platform.kind(candidate, follow: true) == .file { path = candidate; break }
                if current == "/" || current.isEmpty { return nil }
                current = PathLogic.directory(of: current)
            }
        }
        let absolute = PathLogic.normalize(PathLogic.join(directory, path)) ?? path
        let bytes: [UInt8]
        do {
            guard case .bytes(let b) = try FileReading.contents(of: absolute, limit: 1 << 20) else {
                throw UsageError(message: "\(path): larger than 1 MiB")
            }
            bytes = b
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError(message: "\(path): \(error)")
        }
        let (configuration, problems) = LintConfiguration.parse(bytes, directory: PathLogic.directory(of: absolute))
        guard let configuration, problems.isEmpty else {
            let shown = PathLogic.relative(absolute, from: directory)
            let lines = problems.map { "\(shown):\($0.range.start.line):\($0.range.start.column): error: \($0.message)" }
            throw UsageError(message: "invalid configuration\n" + lines.joined(separator: "\n"))
        }
        return configuration
    }

}
