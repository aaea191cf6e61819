import Foundation

/// A small JSON Schema validator for the keywords our schemas use (type, const, enum,
/// required, properties, additionalProperties, items, minimum, pattern, oneOf, anyOf,
/// not, $ref to #/$defs), so tests validate real output without another tool.
struct MiniJSONSchema {
    let root: [String: Any]

    init(_ data: Data) throws {
        root = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    }

    /// Every violation, as "path: problem".
    func validate(_ instance: Any) -> [String] {
        var problems: [String] = []
        check(instance, root, "$", &problems)
        return problems
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/") else { return schema }
        let defs = root["$defs"] as? [String: Any] ?? [:]
        var merged = defs[String(ref.dropFirst(8))] as? [String: Any] ?? [:]
        for (k, v) in schema where k != "$ref" { merged[k] = v }
        return merged
    }

    private func typeName(_ value: Any) -> String {
        if value is NSNull { return "null" }
        // JSONSerialization gives a boolean as an NSNumber of a char ("c"); integers it reads
        // are of a wider type.
        if let n = value as? NSNumber, String(cString: n.objCType) == "c" { return "boolean" }
        if let n = value as? NSNumber {
            return n.doubleValue == n.doubleValue.rounded() ? "integer" : "number"
        }
        if value is String { return "string" }
        if value is [Any] { return "array" }
        if value is [String: Any] { return "object" }
        return "unknown"
    }

    private func check(_ value: Any, _ schemaIn: [String: Any], _ path: String, _ problems: inout [String]) {
        let schema = resolve(schemaIn)
        if let type = schema["type"] {
            let allowed = (type as? [String]) ?? [type as! String]
            let actual = typeName(value)
            if !allowed.contains(actual) && !(actual == "integer" && allowed.contains("number")) {
                problems.append("\(path): \(actual) is not \(allowed)")
                return
            }
        }
        if let const = schema["const"], "\(const)" != "\(value)" { problems.append("\(path): not \(const)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { "\($0)" == "\(value)" }) {
            problems.append("\(path): \(value) not in enum")
        }
        if let minimum = schema["minimum"] as? Double, let n = value as? NSNumber, n.doubleValue < minimum {
            problems.append("\(path): below \(minimum)")
        }
        if let pattern = schema["pattern"] as? String, let s = value as? String,
           s.range(of: pattern, options: .regularExpression) == nil {
            problems.append("\(path): '\(s)' does not match \(pattern)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                problems.append("\(path): missing \(key)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, member) in object {
                if let sub = properties[key] as? [String: Any] {
                    check(member, sub, "\(path).\(key)", &problems)
                } else if schema["additionalProperties"] as? Bool == false {
                    problems.append("\(path): unexpected \(key)")
                } else if let sub = schema["additionalProperties"] as? [String: Any] {
                    check(member, sub, "\(path).\(key)", &problems)
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (i, element) in array.enumerated() { check(element, items, "\(path)[\(i)]", &problems) }
        }
        if let oneOf = schema["oneOf"] as? [[String: Any]] {
            let passing = oneOf.filter { sub in var p: [String] = []; check(value, sub, path, &p); return p.isEmpty }.count
            if passing != 1 { problems.append("\(path): matches \(passing) of oneOf") }
        }
        if let anyOf = schema["anyOf"] as? [[String: Any]] {
            if !anyOf.contains(where: { sub in var p: [String] = []; check(value, sub, path, &p); return p.isEmpty }) {
                problems.append("\(path): matches none of anyOf")
            }
        }
        if let not = schema["not"] as? [String: Any] {
            var p: [String] = []
            check(value, not, path, &p)
            if p.isEmpty { problems.append("\(path): matches a 'not' schema") }
        }
    }
}
