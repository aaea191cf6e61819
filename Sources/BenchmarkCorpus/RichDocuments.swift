// The benchmark's rich stream: documents that use more of the format than the simple
// stream's. Each has link metadata at the top and on an item (the top one with an
// originalURL on another site than its url), an item with two representations and both
// previews, a link, a text, two custom activities, an excluded third-party extension and
// the header it shows as expected. Each is reported with one warning
// (excluded-third-party-type) and one info (link-metadata-incomplete), so the report
// carries diagnostics too (BenchmarkCorpusTests checks it).
import Foundation
import ShareLintKit

extension BenchmarkCorpus {
    /// Document `i` of the rich stream; `separator` puts `---` before it.
    package static func richDocument(_ i: Int, separator: Bool) -> String {
        let n = String(format: "%05d", i)
        let poster = i % 8
        return (separator ? "---\n" : "") + """
        # rich share point \(n)
        schemaVersion: 1
        name: member-day-\(n)
        description: 第\(i)期会员日：海报两种格式、商品链接、文案和两个自定义操作
        metadata:
          title: 会员日 \(i)
          messageBody: 会员日第\(i)期，扫码或点击链接领取专属优惠券
          linkPresentation:
            title: 会员日专场 \(i)
            url: https://shop.example.com/member/\(i)?from=share
            originalURL: https://m.example.net/s/\(i)
            icon: assets/icon.png
            image: assets/poster-\(poster).png
        items:
          - representations:
              - type: public.png
                file: assets/poster-\(poster).png
              - type: public.jpeg
                file: assets/poster-\(poster).jpg
            suggestedName: member-\(n).png
            previews:
              thumbnail: assets/thumb.png
              fullSize: assets/poster-\(poster).png
            metadata:
              title: 会员海报 \(i)
          - url: https://shop.example.com/member/\(i)/items
            metadata:
              linkPresentation:
                title: 会员日商品 \(i)
                url: https://shop.example.com/member/\(i)/items
                icon: assets/icon.png
          - text: "会员编号 \(n)：到店出示此消息即可参加，每人限领一次"
        applicationActivities:
          - type: com.example.shop.save-qr
            title: 保存二维码
            image: assets/activity.png
            category: action
          - type: com.example.shop.copy-coupon
            title: 复制优惠码
            image: assets/activity.png
            category: share
        excludedActivityTypes:
          - airDrop
          - print
          - saveToCameraRoll
          - assignToContact
          - com.tencent.xin.sharetimeline
        expect:
          header:
            title: 3 Links
            subtitle: example.net

        """
    }

    /// Writes the assets the rich documents refer to into `directory`: those of
    /// `writeAssets`, and a JPEG beside each poster.
    package static func writeRichAssets(_ directory: URL) throws {
        try writeAssets(directory)
        for i in 0..<8 {
            try Data(ExampleFiles.jpeg(width: 360 + i, height: 480)).write(to: directory.appendingPathComponent("poster-\(i).jpg"))
        }
    }

    /// The first `count` rich documents as one stream.
    package static func richStream(count: Int) -> String {
        var text = ""
        for i in 0..<count { text += richDocument(i, separator: i > 0) }
        return text
    }
}
