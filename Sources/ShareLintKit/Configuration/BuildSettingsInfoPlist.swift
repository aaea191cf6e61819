/// The Info.plist keys Xcode writes from build settings: with `GENERATE_INFOPLIST_FILE =
/// YES` (the default in current Xcode projects), each `INFOPLIST_KEY_<Key>` setting becomes
/// `<Key>` in the generated Info.plist. Read from an `.xcconfig` or a `project.pbxproj`, line
/// by line (neither is parsed as a whole: what is read is only `NAME = value` lines).
///
/// In a `project.pbxproj` every build configuration of every target is read, and a key set
/// in any configuration that generates its Info.plist counts: sharelint cannot know which
/// target presents the share sheet, and a Photos key set for the app is what it looks for
/// (docs/decisions.md, "Info.plist keys from build settings"). An `.xcconfig`'s settings all
/// count (the project decides whether the plist is generated); its `#include`s are not
/// followed.
enum BuildSettingsInfoPlist {
    /// The prefix of the settings that become Info.plist keys.
    static let keyPrefix = "INFOPLIST_KEY_"

    /// The file read for a path: an `.xcodeproj` package's `project.pbxproj`, else the path.
    static func fileToRead(_ path: String) -> String {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        return trimmed.hasSuffix(".xcodeproj") ? trimmed + "/project.pbxproj" : path
    }

    /// Whether a path names build settings rather than a property list.
    static func names(_ path: String) -> Bool {
        path.hasSuffix(".xcconfig") || path.hasSuffix(".pbxproj")
    }

    /// The keys the settings put into the generated Info.plist, with their values (nil for a
    /// value that is not a plain string, such as `$(inherited)` alone).
    static func keys(in bytes: [UInt8], path: String) -> [String: String?] {
        let text = String(decoding: bytes, as: UTF8.self)
        return path.hasSuffix(".pbxproj") ? projectKeys(text) : configurationKeys(text)
    }

    /// An `.xcconfig`: `INFOPLIST_KEY_Name = value` lines (`//` starts a comment; a
    /// condition such as `[sdk=iphoneos*]` after the name is dropped).
    private static func configurationKeys(_ text: String) -> [String: String?] {
        var keys: [String: String?] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            var content = Substring(line)
            if let comment = content.firstRange(of: "//") { content = content[..<comment.lowerBound] }
            guard let (name, value) = setting(content) else { continue }
            keys[name] = value
        }
        return keys
    }

    /// A `project.pbxproj`: the `buildSettings = { … };` blocks; a block's keys count when it
    /// sets `GENERATE_INFOPLIST_FILE = YES`.
    private static func projectKeys(_ text: String) -> [String: String?] {
        var keys: [String: String?] = [:]
        var block: [String: String?]?
        var generates = false
        for line in text.split(whereSeparator: \.isNewline) {
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.hasPrefix("buildSettings = {") {
                block = [:]
                generates = false
                continue
            }
            guard block != nil else { continue }
            if content.hasPrefix("};") {
                if generates, let found = block { keys.merge(found) { kept, _ in kept } }
                block = nil
                continue
            }
            var statement = content
            if statement.hasSuffix(";") { statement = statement.dropLast() }
            if let equals = statement.firstRange(of: " = "), statement[..<equals.lowerBound] == "GENERATE_INFOPLIST_FILE" {
                generates = statement[equals.upperBound...] == "YES"
            }
            guard let (name, value) = setting(statement) else { continue }
            block?[name] = value
        }
        return keys
    }

    /// `INFOPLIST_KEY_Name = value` (or `"value"`, or `INFOPLIST_KEY_Name[sdk=…] = value`):
    /// the key and its value.
    private static func setting(_ line: Substring) -> (String, String?)? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(keyPrefix), let equals = trimmed.firstIndex(of: "=") else { return nil }
        var name = trimmed[trimmed.index(trimmed.startIndex, offsetBy: keyPrefix.count)..<equals]
        if let condition = name.firstIndex(of: "[") { name = name[..<condition] }
        let key = String(name).trimmingCharacters(" \t")
        guard !key.isEmpty else { return nil }
        var value = String(trimmed[trimmed.index(after: equals)...]).trimmingCharacters(" \t")
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast()).replacingEscapes()
        }
        return (key, value == "$(inherited)" ? nil : value)
    }
}

private extension String {
    /// The string without the given characters at either end.
    func trimmingCharacters(_ set: String) -> String {
        let trimmed = drop { set.contains($0) }
        return String(trimmed.reversed().drop { set.contains($0) }.reversed())
    }

    /// A quoted pbxproj value with `\"` and `\\` written as the characters.
    func replacingEscapes() -> String {
        var out = "", escaped = false
        for character in self {
            if escaped { out.append(character); escaped = false } else if character == "\\" { escaped = true } else { out.append(character) }
        }
        return out
    }
}
