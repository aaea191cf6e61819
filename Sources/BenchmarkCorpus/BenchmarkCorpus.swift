// The benchmark's corpus, shared by sharelint-bench and the output-identity test: realistic
// share configurations (a poster, a link, a text, a custom activity) numbered so that
// every document differs, with real PNG assets.
import Foundation
import ShareLintKit

package enum BenchmarkCorpus {
    /// Document `i` of the stream; `separator` puts `---` before it.
    package static func document(_ i: Int, separator: Bool) -> String {
        let n = String(format: "%05d", i)
        return (separator ? "---\n" : "") + """
        # share point \(n)
        schemaVersion: 1
        name: campaign-\(n)
        description: 第\(i)号线下活动海报，扫码进入小程序领取优惠
        metadata:
          title: 邀请好友 \(i)
          messageBody: 扫码进入小程序，领取第\(i)号活动的优惠券
          linkPresentation:
            title: 春季活动 \(i)
            url: https://shop.example.com/campaign/\(i)?from=share
            originalURL: https://example.com/c/\(i)
            icon: assets/icon.png
        items:
          - type: public.png
            file: assets/poster-\(i % 8).png
            suggestedName: poster-\(n).png
            previews:
              thumbnail: assets/thumb.png
              fullSize: assets/poster-\(i % 8).png
          - url: https://shop.example.com/campaign/\(i)
          - text: "活动编号 \(n)：到店出示此消息即可参加"
        applicationActivities:
          - type: com.example.shop.save-qr
            title: 保存二维码
            image: assets/activity.png
            category: action
        excludedActivityTypes: [airDrop, print, saveToCameraRoll, assignToContact]
        expect:
          header:
            title: 3 Links
            subtitle: example.com

        """
    }

    /// Writes the PNG assets the documents refer to into `directory`.
    package static func writeAssets(_ directory: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        for i in 0..<8 {
            try Data(ExampleFiles.png(width: 360 + i, height: 480)).write(to: directory.appendingPathComponent("poster-\(i).png"))
        }
        try Data(ExampleFiles.png(width: 120, height: 160)).write(to: directory.appendingPathComponent("thumb.png"))
        try Data(ExampleFiles.png(width: 180, height: 180)).write(to: directory.appendingPathComponent("icon.png"))
        try Data(ExampleFiles.png(width: 180, height: 180)).write(to: directory.appendingPathComponent("activity.png"))
    }

    /// The first `count` documents as one stream.
    package static func stream(count: Int) -> String {
        var text = ""
        for i in 0..<count { text += document(i, separator: i > 0) }
        return text
    }
}
