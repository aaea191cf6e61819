import ShareLintKit

/// The texts of `--help`, `rules` and `explain`.
enum HelpText {
    static let general = """
    sharelint \(SharelintCommand.version): validate share configurations (*.share.yaml) for the iOS share sheet.

    USAGE
      sharelint validate [PATH ...] [options]   lint files, directories (recursive) or - (stdin)
      sharelint header   [PATH ...] [options]   print the header the share sheet will show
      sharelint destinations [PATH ...] [options]
                                                which activities the sheet offers and what each receives
      sharelint preview  [PATH ...] --output FILE  draw the share sheet as an HTML page (- for stdout)
      sharelint rules                           list every rule
      sharelint explain RULE                    a rule's rationale with examples
      sharelint schema                          print the JSON Schema of the format
      sharelint type QUERY                      look up a type identifier, an extension (.png) or a MIME type
      sharelint lsp [options]                   a language server on stdin/stdout (diagnostics, hover, completion, fixes)
      sharelint inspect FILE ...                what sharelint reads in a media file: type, size, orientation, alpha, damage
      sharelint --version | --help

    OPTIONS
      --format FORMAT           text, json, sarif, github or junit (default text; github when GITHUB_ACTIONS=true)
      --output FILE             write the report to FILE; the summary still goes to the terminal
      --root DIR                files may only be read inside DIR (default: the current directory)
      --locale en|en-GB|zh-Hans the locale of the predicted header (default en)
      --ios N|all               the iOS version the header and destinations are predicted for: 14, 15, 16, 17, 18 or 26
                                (default 18); all also shows what the other versions show where it differs
      --info-plist FILE         the app's Info.plist: checks the Photos usage descriptions Save Image needs
      --config FILE             the configuration (default: .sharelint.yml here or in a parent)
      --strict                  warnings also fail (exit 1)
      --quiet                   report errors only
      --jobs N                  files linted in parallel (default: the number of cores)
      --color auto|always|never colors (auto: only on a terminal, and not when NO_COLOR is set)
      --max-file-size BYTES     the largest share file read (default 10485760, 10 MiB)
      --stdin-filename NAME     the path reported for -, and the directory its files are relative to

    EXIT CODES
      0 no errors   1 errors found   2 usage error   3 internal failure

    """

    static func rules() -> String {
        let descriptions = RuleCatalog.all.map(\.description)
        let width = descriptions.map { $0.id.rawValue.count }.max() ?? 0
        return descriptions.map { d in
            d.id.rawValue.padding(width) + "  " + d.severity.rawValue.padding(7) + "  " + d.summary
        }.joined(separator: "\n") + "\n"
    }

    static func explain(_ id: String) throws -> String {
        guard let d = RuleCatalog.description(of: RuleID(rawValue: id)) else {
            let suggestion = Suggestions.nearest(to: id, in: RuleCatalog.ids.map(\.rawValue))
            throw UsageError(message: "unknown rule '\(id)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "; see sharelint rules"))
        }
        var out = "\(d.id) (\(d.severity.rawValue))\n\n\(d.summary)\n\n\(d.rationale)\n"
        for example in d.triggering {
            out += "\nReported (↓ marks where):\n" + indent(example.source)
        }
        for example in d.nonTriggering {
            out += "\nAccepted:\n" + indent(example.text)
        }
        return out
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
