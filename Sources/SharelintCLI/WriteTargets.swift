import ShareLintMessages
import ShareLintKit

/// The files a run writes (`--output`, `--write-baseline`, `--stamp`), kept apart from
/// every file it reads: a share file, `.sharelint.yml`, the baseline, the Info.plist, or a
/// file a share file refers to (an image, a thumbnail). Naming one of those as a
/// destination is a usage error (exit 2) before the destination is touched.
///
/// Files are compared by identity (device and inode, symlinks followed), so another
/// spelling of the same file (`./a.share.yaml`, a symlink, a hard link) is caught. A
/// destination that does not exist yet is no file the run reads. What the run reads
/// before linting is checked before anything runs; the files a share file refers to are
/// known once the files are linted, and are checked before anything is written.
struct WriteTargets {
    /// One destination that exists now.
    private struct Target {
        var option: String
        var path: String
        var identity: [UInt64]
    }

    private let targets: [Target]

    /// The destinations of this invocation that exist now (`preview --output -` and
    /// `--output -` write to standard output: no file).
    init(_ invocation: Invocation) {
        var named: [(String, String?)] = [("--output", invocation.output == "-" ? nil : invocation.output),
                                          ("--write-baseline", invocation.adoption.writeBaselinePath)]
        named.append(("--stamp", invocation.stamp))
        targets = named.compactMap { option, path in
            guard let path, let identity = Platform.identity(path) else { return nil }
            return Target(option: option, path: path, identity: identity)
        }
    }

    /// Whether any destination exists (only then can it be a file the run reads).
    var isEmpty: Bool { targets.isEmpty }

    /// Throws a usage error when a destination is the file at `path`, which the run reads
    /// as `what` ("the input file", "the baseline").
    func refuse(_ path: String, as what: MessageID, showingPath: Bool = true) throws {
        guard !targets.isEmpty, let identity = Platform.identity(path) else { return }
        for target in targets where target.identity == identity {
            let same = !showingPath || PathLogic.sameBytes(target.path, path) ? Message.empty : Message(.samePath, ["path": path])
            let stamp = target.option == "--stamp"
            throw UsageError(Message(stamp ? .refuseStamp : .refuseOverwrite, ["option": target.option, "target": target.path, "what": Message(what),
                                                                              "same": same]),
                             leavesStamp: stamp)
        }
    }

    /// Checks every file the run reads before linting: the share files, `.sharelint.yml`,
    /// the baseline and the Info.plist.
    func refuseReadFiles(inputs: [FileCollector.Input], configuration: String?, baseline: String?, infoPlist: String?) throws {
        guard !targets.isEmpty else { return }
        if let configuration { try refuse(configuration, as: .whatConfiguration) }
        if let baseline { try refuse(baseline, as: .whatBaseline) }
        if let infoPlist { try refuse(infoPlist, as: .whatInfoPlist) }
        for case .file(let path, _) in inputs { try refuse(path, as: .whatInputFile) }
    }

    /// Checks the files the share files refer to, as resolved while linting.
    func refuseReferenced(_ resolved: some Sequence<String>) throws {
        guard !targets.isEmpty else { return }
        for path in resolved { try refuse(path, as: .whatReferencedFile, showingPath: false) }
    }
}
