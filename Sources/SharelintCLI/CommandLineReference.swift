import ShareLintMessages
import ShareLintKit

/// The commands and options of the command line, written once: `--help`, the shell
/// completions (`sharelint completions SHELL`), the man page (`sharelint manpage`), the
/// README's option list and the parser's did-you-mean are all made from these tables;
/// `CommandLineReferenceTests` checks that the parser accepts each option and no other.
enum CommandLineReference {
    /// A command.
    struct Command {
        var name: String
        var arguments: String
        var summary: String
    }

    /// An option.
    struct Option {
        /// The long name, `--format`.
        var name: String
        /// A short alias, `-V`.
        var short: String? = nil
        /// The value's placeholder, nil for a flag.
        var value: String? = nil
        /// The values it accepts, for completion.
        var choices: [String] = []
        /// Whether the value is a path (completed with files).
        var isPath = false
        var help: String
    }

    static let commands: [Command] = [
        Command(name: "validate", arguments: "[PATH ...] [options]", summary: "lint files, directories (recursive) or - (stdin)"),
        Command(name: "header", arguments: "[PATH ...] [options]", summary: "print the header the share sheet will show"),
        Command(name: "destinations", arguments: "[PATH ...] [options]", summary: "which activities the sheet offers and what each receives"),
        Command(name: "preview", arguments: "[PATH ...] --output FILE", summary: "draw the share sheet as a self-contained HTML page (--output - for stdout)"),
        Command(name: "generate", arguments: "[PATH ...] [--output FILE.swift]", summary: "write the Swift that hands iOS each configuration (docs/generate.md)"),
        Command(name: "rules", arguments: "[--format json]", summary: "list every rule"),
        Command(name: "explain", arguments: "RULE", summary: "a rule's rationale with examples"),
        Command(name: "schema", arguments: "[config]", summary: "print the JSON Schema of the format (config: of .sharelint.yml)"),
        Command(name: "type", arguments: "QUERY", summary: "look up a type identifier, an extension (.png) or a MIME type"),
        Command(name: "inspect", arguments: "FILE ... [--format json]", summary: "what sharelint reads in a media file: type, size, orientation, alpha, damage"),
        Command(name: "lsp", arguments: "[options]", summary: "a language server on stdin/stdout (diagnostics, hover, completion, fixes)"),
        Command(name: "completions", arguments: "bash|zsh|fish", summary: "print a shell completion script"),
        Command(name: "manpage", arguments: "", summary: "print the man page (roff)"),
    ]

    static let shells = ["bash", "zsh", "fish"]

    static let options: [Option] = [
        Option(name: "--format", value: "FORMAT", choices: Invocation.formats,
               help: "text, json, sarif, github, junit, checkstyle, gitlab or xcode (default text; github when GITHUB_ACTIONS=true)"),
        Option(name: "--output", value: "FILE", isPath: true, help: "write the report to FILE (checked before linting: exit 2 if it cannot be); the summary still goes to the terminal"),
        Option(name: "--root", value: "DIR", isPath: true, help: "files may only be read inside DIR (default: the current directory)"),
        Option(name: "--locale", value: "LOCALE", choices: HeaderLocale.allCases.map(\.rawValue), help: "the language of messages and the locale of the predicted header: en, en-GB or zh-Hans (default: the header in en, messages in the language LC_ALL, LC_MESSAGES or LANG names)"),
        Option(name: "--ios", value: "N|all", choices: IOSTarget.supported.map(String.init) + ["all"],
               help: "the iOS version the header and destinations are predicted for: \(IOSTarget.acceptedValues) (default 26); all also shows what the other versions show where it differs"),
        Option(name: "--info-plist", value: "FILE", isPath: true, help: "the app's Info.plist, or the .xcconfig or project.pbxproj (.xcodeproj) whose INFOPLIST_KEY_* settings make it: checks the Photos usage descriptions Save Image needs (wins over infoPlist: in .sharelint.yml)"),
        Option(name: "--config", value: "FILE", isPath: true, help: "the configuration (default: .sharelint.yml here or in a parent)"),
        Option(name: "--strict", help: "warnings also fail (exit 1); strict: true in .sharelint.yml does the same"),
        Option(name: "--verbose", help: "destinations: the full table (the reasons with the iOS methods they rest on, the conditions, every received item, the retired services)"),
        Option(name: "--quiet", help: "report only what fails: errors, and warnings with --strict (the summary still counts everything)"),
        Option(name: "--select", value: "RULES", help: "report only these rules: ids or globs, comma-separated (wechat-*)"),
        Option(name: "--ignore", value: "RULES", help: "never report these rules: ids or globs, comma-separated"),
        Option(name: "--statistics", help: "print the number of diagnostics per rule instead of each one (text or json)"),
        Option(name: "--baseline", value: "FILE", isPath: true, help: "do not report the problems recorded in FILE (only new ones); stale entries are listed"),
        Option(name: "--write-baseline", value: "FILE", isPath: true, help: "record every current problem in FILE, for --baseline, and exit 0"),
        Option(name: "--fix", help: "apply safe fixes in place (misspelt keys, types and activity types, quoting, schemaVersion), then lint"),
        Option(name: "--diff", help: "print the fixes --fix would make as a unified diff, change nothing (exit 1 when there are some)"),
        Option(name: "--no-header", help: "validate's text output leaves out the header each document will show"),
        Option(name: "--force-exclude", help: "apply the configuration's exclude to paths named on the command line too"),
        Option(name: "--allow-no-files", help: "exit 0 when no share file is found (by default that is exit 2)"),
        Option(name: "--jobs", value: "N", help: "files linted in parallel (default: the number of cores; at most 4 per core)"),
        Option(name: "--color", value: "WHEN", choices: ["auto", "always", "never"],
               help: "auto, always or never (auto: only on a terminal; NO_COLOR turns it off, FORCE_COLOR on)"),
        Option(name: "--max-file-size", value: "BYTES", help: "the largest share file read (default 10485760, 10 MiB; at most 1073741824, 1 GiB)"),
        Option(name: "--max-page-size", value: "BYTES", help: "preview: the largest page written (default 268435456, 256 MiB); past it exit 2, nothing written"),
        Option(name: "--watch", help: "preview: redraw the page when a share file or an image it shows changes (looked at every 0.5 s), "
               + "and have the page reload itself each second; needs --output FILE; Ctrl-C stops (exit 130)"),
        Option(name: "--stamp", value: "FILE", isPath: true,
               help: "for build systems: after a run that exits 0, FILE exists (created empty when missing); any other run removes it"),
        Option(name: "--stdin-filename", value: "NAME", isPath: true, help: "the path reported for -, and the directory its files are relative to"),
        Option(name: "--version", short: "-V", help: "print the version"),
        Option(name: "--help", short: "-h", help: "print this help"),
    ]

    /// Every option's names, long and short: what the parser accepts.
    static var optionNames: [String] { options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) } }

    /// The README's option list (between `<!-- options:start -->` and `<!-- options:end -->`).
    static var readmeOptions: String {
        var out = "| option | what it does |\n|---|---|\n"
        // A pipe splits a table's cell even in code: GitHub's tables take it escaped.
        func cell(_ text: String) -> String { text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
        for option in options {
            out += "| `\(cell(label(option)))` | \(cell(option.help)) |\n"
        }
        return out
    }

    static let exitCodes: [(Int, String)] = [(0, "no errors"), (1, "errors found"), (2, "usage error"), (3, "internal failure")]

    private static func label(_ option: Option) -> String {
        (option.short.map { $0 + ", " } ?? "") + option.name + (option.value.map { " " + $0 } ?? "")
    }

    /// The text of `--help`.
    static var help: String {
        let commandWidth = commands.map { ($0.name + " " + $0.arguments).count }.max() ?? 0
        let optionWidth = options.map { label($0).count }.max() ?? 0
        var out = "sharelint \(SharelintCommand.version): validate share configurations (*.share.yaml) for the iOS share sheet.\n\nUSAGE\n"
        for command in commands {
            out += "  sharelint " + (command.name + " " + command.arguments).padding(commandWidth) + "  " + command.summary + "\n"
        }
        out += "  sharelint --version | --help\n\nOPTIONS\n"
        for option in options {
            out += "  " + label(option).padding(optionWidth) + "  " + option.help + "\n"
        }
        out += "\nEXIT CODES\n  " + exitCodes.map { "\($0.0) \($0.1)" }.joined(separator: "   ") + "\n\n"
        return out
    }

    /// A completion script for bash, zsh or fish.
    static func completions(for shell: String) throws -> String {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        case "fish": return fish
        default:
            let suggestion = Suggestions.nearest(to: shell, in: shells)
            throw UsageError(Message(.completionsShell, ["shell": shell, "hint": Message.didYouMean(suggestion)]))
        }
    }

    private static var ruleIDs: String { RuleCatalog.ids.map(\.rawValue).joined(separator: " ") }

    private static var bash: String {
        var cases = ""
        for option in options where option.value != nil {
            let names = ([option.name] + (option.short.map { [$0] } ?? [])).joined(separator: "|")
            let reply: String
            if !option.choices.isEmpty {
                reply = "COMPREPLY=($(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\"))"
            } else if option.name == "--select" || option.name == "--ignore" {
                reply = "COMPREPLY=($(compgen -W \"\(ruleIDs)\" -- \"$cur\"))"
            } else if option.name == "--root" {
                reply = "COMPREPLY=($(compgen -d -- \"$cur\"))"
            } else if option.isPath {
                reply = "COMPREPLY=($(compgen -f -- \"$cur\"))"
            } else {
                reply = "COMPREPLY=()"
            }
            cases += "        \(names)) \(reply); return ;;\n"
        }
        let flags = options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }.joined(separator: " ")
        return """
        # bash completion for sharelint \(SharelintCommand.version) (generated by `sharelint completions bash`)
        _sharelint() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            case "$prev" in
        \(cases)    esac
            if [ "$COMP_CWORD" -eq 1 ]; then
                COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --version --help -V -h" -- "$cur"))
                return
            fi
            case "${COMP_WORDS[1]}" in
                explain) COMPREPLY=($(compgen -W "\(ruleIDs)" -- "$cur")); return ;;
                completions) COMPREPLY=($(compgen -W "\(shells.joined(separator: " "))" -- "$cur")); return ;;
            esac
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "\(flags)" -- "$cur"))
            else
                COMPREPLY=($(compgen -f -- "$cur"))
            fi
        }
        complete -o filenames -F _sharelint sharelint

        """
    }

    /// Text safe inside a zsh `_arguments` spec or a fish single-quoted string.
    private static func plain(_ text: String) -> String {
        String(text.map { "[]:'\\`$".contains($0) ? " " : $0 })
    }

    private static var zsh: String {
        var specs: [String] = []
        for option in options {
            let action: String
            if option.value == nil {
                action = ""
            } else if !option.choices.isEmpty {
                action = ":\(plain(option.value ?? "")):(\(option.choices.joined(separator: " ")))"
            } else if option.name == "--select" || option.name == "--ignore" {
                action = ":rules:(\(ruleIDs))"
            } else if option.name == "--root" {
                action = ":directory:_files -/"
            } else if option.isPath {
                action = ":file:_files"
            } else {
                action = ":\(plain(option.value ?? "")):"
            }
            if let short = option.short {
                specs.append("'(\(short) \(option.name))'{\(short),\(option.name)}'[\(plain(option.help))]\(action)'")
            } else {
                specs.append("'\(option.name)[\(plain(option.help))]\(action)'")
            }
        }
        let commandList = commands.map { "'\($0.name):\(plain($0.summary))'" }.joined(separator: " ")
        return """
        #compdef sharelint
        # zsh completion for sharelint \(SharelintCommand.version) (generated by `sharelint completions zsh`)
        _sharelint() {
            local -a commands
            commands=(\(commandList))
            if (( CURRENT == 2 )); then
                _describe 'command' commands
                return
            fi
            case $words[2] in
                explain) _values 'rule' \(ruleIDs); return ;;
                completions) _values 'shell' \(shells.joined(separator: " ")); return ;;
            esac
            shift words
            (( CURRENT-- ))
            _arguments -s \\
                \(specs.joined(separator: " \\\n        "))  \\
                '*:path:_files'
        }
        _sharelint "$@"

        """
    }

    private static var fish: String {
        var lines = [
            "# fish completion for sharelint \(SharelintCommand.version) (generated by `sharelint completions fish`)",
            "complete -c sharelint -f",
        ]
        for command in commands {
            lines.append("complete -c sharelint -n __fish_use_subcommand -a \(command.name) -d '\(plain(command.summary))'")
        }
        lines.append("complete -c sharelint -n '__fish_seen_subcommand_from explain' -a '\(ruleIDs)'")
        lines.append("complete -c sharelint -n '__fish_seen_subcommand_from completions' -a '\(shells.joined(separator: " "))'")
        lines.append("complete -c sharelint -n '__fish_seen_subcommand_from validate header destinations preview generate inspect' -F")
        for option in options {
            var line = "complete -c sharelint -l \(option.name.dropFirst(2))"
            if let short = option.short { line += " -s \(short.dropFirst())" }
            if option.value != nil {
                if !option.choices.isEmpty {
                    line += " -x -a '\(option.choices.joined(separator: " "))'"
                } else if option.name == "--select" || option.name == "--ignore" {
                    line += " -x -a '\(ruleIDs)'"
                } else if option.isPath {
                    line += " -r -F"
                } else {
                    line += " -x"
                }
            }
            lines.append(line + " -d '\(plain(option.help))'")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text escaped for roff.
    private static func roff(_ text: String) -> String {
        var out = text.replacingAll("\\", with: "\\e").replacingAll("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// The man page, sharelint(1), in roff.
    static var manPage: String {
        var out = """
        .TH SHARELINT 1 "" "sharelint \(SharelintCommand.version)" "User Commands"
        .SH NAME
        sharelint \\- validate share configurations (*.share.yaml) for the iOS share sheet
        .SH SYNOPSIS

        """
        for command in commands {
            out += ".B sharelint \(command.name)\n" + (command.arguments.isEmpty ? "" : roff(command.arguments) + "\n") + ".br\n"
        }
        out += """
        .SH DESCRIPTION
        sharelint reports every mistake in a share configuration with its file, line and column, and predicts the header the iOS share sheet draws. See the README and docs/ of its repository for the format and the rules (\\fBsharelint rules\\fR, \\fBsharelint explain\\fR \\fIRULE\\fR).
        .SH COMMANDS

        """
        for command in commands {
            out += ".TP\n.B \(command.name)\n\(roff(command.summary))\n"
        }
        out += ".SH OPTIONS\n"
        for option in options {
            let names = (option.short.map { "\\fB\(roff($0))\\fR, " } ?? "") + "\\fB\(roff(option.name))\\fR"
            out += ".TP\n\(names)\(option.value.map { " \\fI\(roff($0))\\fR" } ?? "")\n\(roff(option.help))\n"
        }
        out += ".SH ENVIRONMENT\n.TP\n.B GITHUB_ACTIONS\nwhen \\fBtrue\\fR and no \\fB\\-\\-format\\fR is given, the format is github\n"
        out += ".TP\n.B NO_COLOR\nno colors with \\fB\\-\\-color auto\\fR\n.TP\n.B FORCE_COLOR\ncolors with \\fB\\-\\-color auto\\fR even when the output is not a terminal (wins over NO_COLOR)\n"
        out += ".SH EXIT STATUS\n"
        for (code, meaning) in exitCodes {
            out += ".TP\n.B \(code)\n\(roff(meaning))\n"
        }
        return out
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
