import ShareLintMessages
import YAMLSyntax

/// What one variant of a configuration with conditions shows (`Variant`).
public struct VariantReport: Sendable, Hashable {
    /// The values of the parameters the conditions read.
    public package(set) var variant: Variant
    /// The predicted header; nil when iOS shows no preview.
    public package(set) var header: Header?
    /// Why iOS shows no preview, when it shows none.
    package var noPreviewReasonText: Message?
    /// Which activities are offered and what each receives (`sharelint destinations` only).
    public package(set) var destinations: DestinationReport?
}

extension Linter {
    /// Checks a configuration with conditions once per variant (`Variant.all`): each
    /// variant is read again with the entries its conditions leave out, predicted and
    /// checked. The report is the first variant's (every condition holding), with every
    /// variant's header and destinations; a finding of only some variants says which.
    func lintVariants(of configuration: ShareConfiguration, nodes: FlatDocument, document: YAMLDocument, problems: Findings,
                      fileMemo: FileMemo) -> (DocumentReport, [Diagnostic]) {
        let (variants, eachOnItsOwn) = Variant.all(for: configuration)
        var reports: [DocumentReport] = [], found: [[Finding]] = []
        for variant in variants {
            let (loaded, loadFindings) = Loader.load(nodes, documentIndex: document.index, writtenKeys: fileMemo.writtenKeys, variant: variant)
            // The root was a mapping when read whole: it is one in every variant.
            guard let variantConfiguration = loaded else { continue }
            var findings = problems
            findings.append(contentsOf: loadFindings)
            let (report, variantFindings) = check(variantConfiguration, findings: findings, fileMemo: fileMemo,
                                                  report: DocumentReport(index: document.index))
            reports.append(report)
            found.append(variantFindings)
        }
        guard var report = reports.first else { return (DocumentReport(index: document.index), diagnostics(problems.all, document: document.index)) }
        report.variants = zip(variants, reports).map { variant, shown in
            VariantReport(variant: variant, header: shown.header, noPreviewReasonText: shown.noPreviewReasonText, destinations: shown.destinations)
        }
        if eachOnItsOwn, let names = variants.first?.values.count {
            report.variantsNote = names > Variant.mostOnTheirOwn
                ? Message(.variantsFirstOnTheirOwn, ["count": names, "first": Variant.mostOnTheirOwn])
                : Message(.variantsEachOnItsOwn, ["count": names, "combinations": 1 << names])
        }
        let merged = Self.merged(found, variants: variants)
        return (report, Self.withoutFollowOns(diagnostics(merged, document: document.index)))
    }

    /// The findings of every variant, each once, in the order first found: one found in
    /// every variant as it is, one found in some with the variants it belongs to (except
    /// `unused-parameter`, which holds only when no variant uses the parameter).
    static func merged(_ found: [[Finding]], variants: [Variant]) -> [Finding] {
        var order: [Finding] = [], holders: [Finding: [Int]] = [:]
        for (index, findings) in found.enumerated() {
            for finding in findings {
                if holders[finding] == nil { order.append(finding) }
                if holders[finding]?.last != index { holders[finding, default: []].append(index) }
            }
        }
        return order.compactMap { finding in
            let indexes = holders[finding] ?? []
            guard indexes.count < found.count else { return finding }
            // A parameter used only by entries of some variants is used: the app passes it to
            // every variant.
            if finding.rule == .unusedParameter { return nil }
            var marked = finding
            marked.text = Message(.inVariants, ["message": finding.text, "variants": describe(indexes, of: variants)])
            return marked
        }
    }

    /// "when $(a) is true" when the variants are those where one parameter has one value,
    /// else each variant: "when $(a) is true and $(b) is false or when …".
    static func describe(_ indexes: [Int], of variants: [Variant]) -> Message {
        for value in variants.first?.values ?? [] {
            for setting in [true, false] {
                let matching = variants.indices.filter { variants[$0].value(of: value.name) == setting }
                if matching == indexes { return Variant(values: [.init(name: value.name, value: setting)]).message }
            }
        }
        return Message(.verbatim, ["text": Message.Value.orItems(indexes.map { .message(variants[$0].message) })])
    }
}
