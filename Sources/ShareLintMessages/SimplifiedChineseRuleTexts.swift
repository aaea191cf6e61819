/// The Simplified Chinese summary and rationale of each rule, by rule id.
extension RuleTexts {
    package static let simplifiedChinese: [String: RuleText] = [
        "abstract-type": RuleText(
            summary: "某个表示形式用了抽象的基础类型（public.data、public.image、public.text 等）。",
            rationale: "接收方要的是具体类型（public.png、public.utf8-plain-text）；抽象类型无法告诉对方这些数据到底是什么。"),
        "activity-image": RuleText(
            summary: "自定义活动的图像不是 PNG、没有透明像素、不是 1x、2x 或 3x（由文件名中的 `@2x`/`@3x` 决定）下 60 pt（iPhone）或 76 pt（iPad）的正方形，或者 sharelint 读不出它的尺寸。",
            rationale: """
                UIActivity 的图像是模板图像：系统只绘制它的 Alpha 通道（透明度）。\
                图像应是带透明像素的正方形 PNG，iPhone 上为 60 pt（60、120 或 180 px），\
                iPad 上为 76 pt（76、152 或 228 px）。不透明的图像（即使是每个像素都不透明的 RGBA 图像）\
                会显示成一个实心方块，尺寸不对的图像会被缩放得模糊。文件名以 @2x 或 @3x 结尾会告诉 UIKit 图像的缩放比例，\
                所以命名为 @2x 的 180 px 图像是 90 pt。
                """),
        "activity-type-syntax": RuleText(
            summary: "自定义活动的类型不是反向 DNS 格式（警告），或者为空（错误）。",
            rationale: """
                iOS 接受任何字符串作为自定义活动的类型（UIActivity.ActivityType 只是包装一个字符串，没有任何检查），\
                所以像 SafariActivity 这样的类名或“赞”这样的词都能用。反向 DNS 格式（com.example.app.save-qr）是 Apple \
                为这类标识符记录的惯例：它让类型在 excludedActivityTypes 和完成处理程序中不与其他 App 的类型混淆。\
                空的类型什么也没有命名。
                """),
        "undeclared-parameter": RuleText(
            summary: "某个值使用了 `$(name)`，但 `parameters` 中没有声明这个名称。",
            rationale: "App 按名称填入每个参数；没有声明的名称要么是拼写错误，要么漏了声明，这个值会以 `$(name)` 原样被检查和分享。要写文字 `$(` 本身，请写 `$$(`。"),
        "unused-parameter": RuleText(
            summary: "`parameters` 中声明了某个参数，但没有任何值以 `$(name)` 使用它。",
            rationale: "没有值使用的声明是 App 白白要传的值，多半是用到它的地方拼错了或被删掉了；由这个文件生成的代码仍会要求传入它。带 `when:` 的条目中的使用对每种情形都算数：无论条目是否出现，App 都会传入这个值。"),
        "parameter-kind": RuleText(
            summary: "参数用在了它的类型不能出现的地方（文本中的图像、作为文件路径的 URL、类型标识符中的任何参数），或者它的示例不符合它的类型。",
            rationale: "App 在参数的位置填入该类型的值：图像只能是整个图像路径，文件只能是整个文件路径，URL 只能用于 URL 或文本；标识符和选项（类型、活动类型、名称）在 App 的代码中是固定的。所有检查都按示例进行，所以不符合类型的示例检查的是错误的东西。"),
        "content-type-mismatch": RuleText(
            summary: "文件或 base64 数据的实际内容与它的类型不符（例如声明为 PNG，实际是 JPEG）。",
            rationale: "接收方按声明的类型解码数据；当作 PNG 交出去的 JPEG 会打不开，或被目标 App 丢弃。"),
        "corrupt-file": RuleText(
            summary: "引用的文件或 base64 数据为空、不完整或已损坏：文件签名或文件头有误（PNG 的 IHDR 字段和 CRC）、尺寸不可能成立，或文件在读取过程中被改动。",
            rationale: "iOS 无法解码损坏的文件：项目、它的预览或活动图标会一片空白，或者被接收方 App 拒收。每条报告都会指出第一个问题所在的字节偏移以及那里本应是什么（`sharelint inspect FILE` 会列出所有问题），以便重新导出该文件。"),
        "deprecated-activity-type": RuleText(
            summary: "postToFacebook、postToTwitter、postToWeibo、postToTencentWeibo、postToFlickr 或 postToVimeo：从 iOS 11 起已没有任何内建活动使用这些类型。",
            rationale: """
                这六个类型指的是 Apple 自己的社交扩展（com.apple.share.Facebook.post 等），\
                它们已随 iOS 11 中的 Accounts 和 Social 服务一起停用；iOS 18 只在找到这类扩展时才会映射它们（_UISocialActivityGetActivityTypeForApplicationExtension），\
                并把这些服务列为不受支持（SLComposeViewController）。SDK 头文件没有把它们标为已弃用，\
                所以编译器不会提醒。排除其中任何一个都隐藏不了什么；用户实际看到的是该服务自家 App 的扩展，\
                它有自己的类型，而且无法被排除。
                """),
        "destination-mismatch": RuleText(
            summary: "`expect.destinations` 中的某一项（offered、subject、body）与 sharelint 针对本次检查的目标 iOS 版本预测的结果不同。",
            rationale: """
                作者在这里固定自己依赖的结果：有“存储图像”、邮件收到的主题、信息发出的文字。\
                如果对项目、元数据或排除的活动所做的修改改变了其中某一项，应当在审阅时被发现。\
                预测依据的是反编译的 iOS 18.2 和 26.1 共享表单（docs/destinations.md）；\
                当 iOS 26 要到运行时才决定 App 能否共享文件 URL 时，状态写作 `decidedAtRunTime`，\
                两种结果下的主题或文字都算符合。
                """),
        "disallowed-url-scheme": RuleText(
            summary: "链接使用了 `javascript:`、`data:`、`file:` 或其他协议，而不是 http(s) 或已配置的 App 协议。",
            rationale: "这类链接会运行代码、内嵌内容，或指向发送者自己的设备；接收方会拒收或错误地使用它们。"),
        "duplicate-activity-type": RuleText(
            summary: "两个自定义活动用了同一个类型，或某个排除的类型被列出了两次。",
            rationale: "活动类型必须唯一，共享表单才能区分各个活动；重复的排除项是复制粘贴时的疏忽。"),
        "duplicate-key": RuleText(
            summary: "同一个映射中出现了重复的键。",
            rationale: "对于两个相同的键以哪个为准，各个 YAML 解析器的做法不一；sharelint 采用第一个，并报告第二个。"),
        "duplicate-representation": RuleText(
            summary: "某个项目把同一个类型注册了两次，或用两个相关的类型携带同一个文件。",
            rationale: "NSItemProvider 每个类型只保留一个表示形式；第二个要么是多余的，要么会把你真正想要的那个挡住。"),
        "dynamic-type": RuleText(
            summary: "使用了 `dyn.*` 类型标识符。",
            rationale: "动态标识符是系统为未知类型临时生成的；它们没有可读的含义，而且在不同系统上会变化，所以不能写进配置里保存。"),
        "empty-configuration": RuleText(
            summary: "配置中既没有项目，也没有 `messageBody`。",
            rationale: "共享表单没有可共享的内容，也不显示顶部预览；这个共享入口就坏了。"),
        "empty-text": RuleText(
            summary: "`text`、title 或 `messageBody` 为空，或只有空白字符（被 `item` 取代的占位项可以为空）。",
            rationale: """
                空字符串什么也不会共享，还会在顶部预览中显示一行空白；请删除这个键，或者填上文字。\
                只有项目来源没有 `item` 时才会共享占位项；否则 iOS 只看它的类，所以在 `item` 旁边写 \
                `placeholder: {text: ""}` 是表示“一个字符串”的常见写法。
                """),
        "excluded-never-offered": RuleText(
            summary: "`excludedActivityTypes` 列出了一个内建活动，而 iOS 本来就不会为这些项目提供该活动。",
            rationale: """
                不起作用的排除项会让读者误解共享表单显示的内容，还会掩盖某个活动没有出现的真正原因（例如共享视频时从不会出现“打印”“图书”和“标记”）。\
                提示信息会简要说明原因，`sharelint destinations` 会给出完整说明。请删除这个排除项；\
                如果项目以后可能变化、想特意保留它，请屏蔽这条提示。
                """),
        "excluded-third-party-type": RuleText(
            summary: "`excludedActivityTypes` 列出了其他 App 的共享扩展或操作扩展（例如 com.tencent.xin.sharetimeline），iOS 会忽略它。",
            rationale: """
                只有拥有 Apple 私有权利 com.apple.excludes-extensions 的宿主 App，\
                iOS 才会为它排除扩展（UIApplicationExtensionActivity _canBeExcludeWhenMatchingWithContext:、\
                _UICanExcludeExtensionActivities），而 App Store 上的 App 无法获得这项权利：\
                微信、WhatsApp 或 Facebook 的扩展仍会显示。开发者多次报告过这个问题（react-native-share 的 issue 946、\
                686 和 1246）。如果不想让内容进入某个 App，就不要通过系统共享表单共享它。
                """),
        "extension-mismatch": RuleText(
            summary: "文件的扩展名属于另一种类型，与声明的类型不符。",
            rationale: "接收方存储文件时会保留文件名；存成 poster.png 的 JPEG 会让之后打开它的 App 误判格式。"),
        "file-not-found": RuleText(
            summary: "引用的文件不存在，或不是普通文件。",
            rationale: "App 会打包配置中写到的文件；缺少文件会让项目在共享时加载失败。路径相对于配置文件所在的文件夹。设备上的文件系统区分大小写，所以即使在 Mac 上找得到，在设备上 `Poster.png` 也找不到 `poster.png`。"),
        "full-width-punctuation": RuleText(
            summary: "在 YAML 需要 ASCII 字符的地方，用了全角冒号、逗号、括号或连字符，或者全角空格。",
            rationale: """
                中文输入法会打出 `：`（U+FF1A）、`，`（U+FF0C）、`、`（U+3001）、`［ ］ ｛ ｝`、\
                `－` 和全角空格 U+3000，而 YAML 需要的是 `:`、`,`、`[ ] { }`、`-` 和半角空格。\
                YAML 不会把它们当作语法：`title： 邀请好友` 不是键，`[airDrop，print]` 是一个名为 `airDrop，print` 的活动，\
                `　title` 则是一个以看不见的字符开头的键。报告标在这个字符上，建议的修改是本应输入的 ASCII 文本，\
                文档的其余部分会按已经改正的样子继续检查。只有在 YAML 需要语法符号的位置才会报告：\
                由 ASCII 字母组成的键之后、行内列表或映射之中、键或 `-` 前面的缩进里；\
                文本、加了引号的字符串和块标量里面一概不报。不加引号的纯文本会延续到缩进比它的键（或它的 `-`）\
                更深的后续行：libyaml 会把那里的 `Time： Saturday` 读作值的一部分，\
                所以它也是文本。在行内列表或映射中，跟在非 ASCII 字符后面、且后面还有值内容的 `，` `、` 或 `：`，\
                libyaml 会读作文本：`{title: 邀请好友，一起赚积分}` 是一个 title，\
                `{text: 凭码到店自提：https://…}` 是一段 text；跟在 ASCII 字符后面则是输入失误：\
                `[airDrop，print]` 写的是两个活动，`{title：邀请}` 里有一个键。只有当修正后的文本解析出的数据除被修正的值以外完全相同（没有增加、\
                删除或拆分任何键）时，才会进行修正。
                """),
        "header-mismatch": RuleText(
            summary: "`expect.header.title` 或 `subtitle` 与 sharelint 针对本次检查的目标 iOS 版本（`--ios`，默认 26）预测的顶部预览不同。",
            rationale: """
                这项预期记录的是作者在手机上看到的样子；如果对项目的修改改变了顶部预览，\
                应当在审阅时被发现。顶部预览取决于 iOS 版本：iOS 16 及更高版本在还有其他条目时，\
                会去掉消息正文那一条，所以请用 `--ios` 或 .sharelint.yml 中的 `ios:` 固定你核对时所用的版本。
                """),
        "implicit-type": RuleText(
            summary: "本应是字符串的字段里有一个未加引号的值，YAML 1.1 会把它读成布尔值、空值或数字。",
            rationale: "YAML 1.1 会把 `yes`、`no`、`on`、`off`、`~`、`0755` 和 `1e3` 读成布尔值、空值和数字。遵循 YAML 1.1 的加载程序会把标题 `no` 变成 `false`，把 `0755` 变成 493。请给这类值加上引号。"),
        "insecure-url": RuleText(
            summary: "链接使用的是不加密的 `http:`。",
            rationale: "App 传输安全（App Transport Security）默认会阻止不加密的 HTTP 加载，所以链接预览会失败；共享的链接应使用 https。"),
        "invalid-base64": RuleText(
            summary: "`base64` 数据不是有效的标准 base64。",
            rationale: "数据要到共享项目时才会解码；无效的 base64 什么也共享不出去。"),
        "invalid-type-identifier": RuleText(
            summary: "类型标识符不是反向 DNS 格式（只能含字母、数字、`.` 和 `-`）。",
            rationale: "统一类型标识符（UTI）是反向 DNS 格式的字符串；其他写法永远不会被接收方 App 匹配到。"),
        "invalid-url": RuleText(
            summary: "URL 不是带协议和主机名的完整（绝对）地址。",
            rationale: "对这样的文本，URL(string:) 会返回 nil 或相对 URL；链接预览和共享出去的链接都会失效。"),
        "link-metadata-incomplete": RuleText(
            summary: "`linkPresentation` 既没有 `url` 也没有 `originalURL`（警告），或 `originalURL` 与 `url` 不在同一个网站（提示）。",
            rationale: "没有 URL 的 LPLinkMetadata 不会在顶部预览中显示网站域名，也无法刷新；原始 URL 在另一个网站上，在用户看来就像被重定向了。"),
        "merge-key": RuleText(
            summary: "使用了 sharelint 不支持的 `<<` 合并键。",
            rationale: "合并键是 YAML 1.1 的扩展写法，许多解析器（包括 App 所用的）处理方式各不相同；请把键逐个写出来。"),
        "missing-key": RuleText(
            summary: "缺少必需的键。",
            rationale: "自定义活动需要类型（type）和标题（title）；缺少它们，UIKit 就无法显示这个活动。"),
        "no-header-preview": RuleText(
            summary: "所有共享的项目都没有 iOS 可用的链接元数据，所以共享表单不会显示内容的预览。",
            rationale: """
                共享表单根据每个共享项目的链接元数据生成顶部预览。项目只有在具备 title、\
                thumbnail 或 fullSize 预览，或 linkPresentation（它自己的或整个配置的）\
                时才有元数据；消息正文的元数据就是它的文字。如果都没有，顶部预览不会显示任何内容：\
                用户看不到即将发送的内容的图片或标题。
                """),
        "path-outside-root": RuleText(
            summary: "路径是绝对路径，或（经过 `..` 和符号链接后）指向根目录之外。",
            rationale: "配置必须自成一体：指向仓库之外的路径只在某一台电脑上有效，而且 sharelint 从不读取根目录以外的内容。"),
        "payload-conflict": RuleText(
            summary: "某个表示形式没有数据或有多份数据，或某个项目把简写方式与 `representations` 混用。",
            rationale: "每个注册的表示形式只加载一份数据；有两份时，App 不知道该交出哪一份。"),
        "payload-type-mismatch": RuleText(
            summary: "`text` 的类型不是文本类型、`url` 的类型不是 URL 类型，或 `file`/`base64` 的类型被设成了 URL。",
            rationale: "项目会按声明的类型交出数据；接收方想要图像却拿到一个字符串，就会出错。"),
        "photo-library-usage": RuleText(
            summary: "共享了图像或视频，且没有排除 `saveToCameraRoll`：App 需要 NSPhotoLibraryAddUsageDescription 或 NSPhotoLibraryUsageDescription（若 `--info-plist` 中两者都没有，则为错误）。",
            rationale: """
                共享图像或视频时，共享表单会提供“存储图像”或“存储视频”。存储到照片图库需要在 App 的 Info.plist 中写明用途说明：\
                没有的话，较旧的 iOS 版本会在用户选择该活动时让 App 崩溃，iOS 18 则会在照片访问权限尚未确定时隐藏该活动（UISaveToCameraRollActivity _canSaveImages，\
                它接受 NSPhotoLibraryAddUsageDescription 或 NSPhotoLibraryUsageDescription）。\
                请添加这个键，或者排除 saveToCameraRoll。\
                自动生成 Info.plist 的项目把这个键写作构建设置 INFOPLIST_KEY_NSPhotoLibraryAddUsageDescription：用 --info-plist 指定那个 .xcconfig 或 .xcodeproj 即可。
                """),
        "placeholder-mismatch": RuleText(
            summary: "项目来源为某个活动返回的对象种类（文本、URL、图像、文件 URL）与它的占位项目不同。",
            rationale: "共享表单根据占位项目决定提供哪些活动（_UIActivityHelper 用占位项目来匹配活动）；用户选定活动之后，才会取得给这个活动的项目。能接受该项目种类、却不接受占位项目种类的活动永远不会出现；只接受占位项目种类的活动则会收到它用不了的东西。"),
        "preview-not-image": RuleText(
            summary: "预览（thumbnail、fullSize）或链接的图标/图像文件不是图像。",
            rationale: "activityItemsConfigurationPreview 以及 LPLinkMetadata 的图标和图像提供者都必须给出图像；给出其他东西会让顶部预览一片空白。"),
        "preview-size": RuleText(
            summary: "缩略图比它的 fullSize 预览还大，或小于 64x64 px。",
            rationale: "iOS 需要 64x64 的图标和 512x512 的图像；更小的缩略图会模糊，而比全尺寸图像还大的缩略图说明两者写反了。"),
        "reserved-activity-type": RuleText(
            summary: "自定义活动的类型以 `com.apple.` 开头。",
            rationale: "`com.apple.` 专属于 Apple 自己的活动；放在它下面的自定义活动可能与内建活动冲突。"),
        "reserved-type-declaration": RuleText(
            summary: "`types` 声明了 `public.*` 标识符，或重新声明了系统类型。",
            rationale: "只有 Apple 才能声明 `public.*` 类型；重新声明系统类型会改变其他 App 对它的预期。"),
        "resource-limit": RuleText(
            summary: "文档嵌套超过 64 层、别名展开后超过 10,000 个节点，或文件超出大小限制。",
            rationale: "这些限制让检查在面对恶意输入（极深的嵌套、“billion laughs”别名炸弹、超大文件）时依然快速、安全。真实的共享配置远远达不到这些限制。"),
        "subject-without-mail": RuleText(
            summary: "项目来源提供了 `subject`，但读取它的活动 `mail`（邮件）被排除了。",
            rationale: "UIMailActivity 采用项目给出的第一个主题（activityViewController(_:subjectForActivityType:)）；其他活动不会显示它。排除了“邮件”，主题也就丢了。"),
        "text-too-long": RuleText(
            summary: "`messageBody` 超过 1,000 个字符，或 title 超过 200 个字符（上限可以配置）。",
            rationale: "共享目标会截断过长的文字（标题只显示一两行）；请让消息保持简短，其余内容放到链接里。"),
        "type-not-inferable": RuleText(
            summary: "省略了 `type`，而且无法从文件扩展名（没有匹配的类型，或匹配到多个互不相关的类型）或 base64 数据推断出类型。",
            rationale: "没有类型，项目就不会注册任何接收方能够请求的内容。"),
        "typographic-quotes": RuleText(
            summary: "值用弯引号或直角引号（“ ” ‘ ’ 「 」）括了起来，YAML 会把这些引号当作文字的一部分。",
            rationale: """
                YAML 只把 ASCII 的 `"` 和 `'` 当作字符串的引号。写成 `“邀请好友”` 的值会保留这对引号，\
                共享表单的顶部预览也会把它们显示出来。请写成 `"邀请好友"` 或不加引号（建议的修改就是加上 ASCII 引号的值）；\
                如果确实想显示引号，请给整个值加上引号：`"“邀请好友”"`。
                """),
        "undefined-alias": RuleText(
            summary: "别名引用的锚点在它前面没有定义。",
            rationale: "别名必须写在同一个文档中、它的锚点之后；否则这个值就是空缺的。"),
        "unknown-activity-type": RuleText(
            summary: "排除的类型以 `com.apple.UIKit.activity.` 开头却不是内建活动，或者是一个不属于内建活动的简称。",
            rationale: "拼错的排除项什么也排除不了：你想隐藏的活动仍会显示。"),
        "unknown-key": RuleText(
            summary: "格式中未定义的键（会给出最接近的可用键）。",
            rationale: "拼错的键会被 App 悄悄忽略，它的值永远到不了共享表单。键区分大小写。"),
        "unknown-override-activity": RuleText(
            summary: "`forActivity` 下的某个键既不是内建活动（简称或原始值），也不是 `applicationActivities` 中的活动，或者是其他 App 的扩展类型（提示）。",
            rationale: """
                系统会用所选活动的类型调用 activityViewController(_:itemForActivityType:)；写在拼错名字下的覆盖设置永远不会被用到。\
                其他 App 的分享或操作扩展会以它自己的类型（如 com.tencent.mqq.ShareExtension）调用，所以为它写的覆盖会保留，\
                并提示只有装了那个 App 时才会用到。
                """),
        "unknown-type": RuleText(
            summary: "类型标识符既不是系统类型，也没有在 `types` 中声明（会给出最接近的已知类型）。",
            rationale: "接收方 App 按类型匹配表示形式；拼错的类型（public.pgn）什么也匹配不到，项目会被丢弃。"),
        "unsupported-schema-version": RuleText(
            summary: "缺少 `schemaVersion`，或它不是整数 1。",
            rationale: "版本号决定适用哪些规则；没有版本号（或为将来版本编写）的文件无法被可靠地检查。"),
        "unused-override": RuleText(
            summary: "`forActivity` 为一个已列入 `excludedActivityTypes` 的活动设置了覆盖内容。",
            rationale: "被排除的活动永远不会出现，所以项目来源为它返回的内容也永远不会被用到：请删除这项覆盖，或者取消排除。"),
        "unused-suppression": RuleText(
            summary: "某条 `sharelint-disable` 注释没有屏蔽任何问题（或没有写出有效的规则 id）。",
            rationale: "屏蔽按规则 id 进行：`# sharelint-disable-next-line RULE[, RULE] -- reason`、写在行尾的 `# sharelint-disable-line RULE`，或 `# sharelint-disable-file RULE`。不再匹配任何问题的屏蔽注释会掩盖该规则下一次发现的真实问题；请删除它。"),
        "wechat-code-env-version": RuleText(
            summary: "小程序码打开的是 `trial`（体验版）或 `develop`（开发版）。",
            rationale: "envVersion 为 trial 时打开体验版，为 develop 时打开开发版，只有小程序的成员才能打开它们：给用户扫的海报应当打开正式版。"),
        "wechat-code-image": RuleText(
            summary: "小程序码的 `image` 不是本配置中某个图像项目的文件，或（警告）图像较短的一边小于码的 `width`。",
            rationale: """
                用户扫的是共享出去的图片：小程序码必须作为图像项目共享（以链接或文件形式共享的码扫不出来）。\
                图片比码的宽度（除非 `width` 另有设置，否则为 430 px）还小，说明码被缩小过，\
                可能扫不出来：请共享更大的图片，或者生成更窄的码；嵌有小程序码的海报只要不小于这个尺寸就没问题。
                """),
        "wechat-code-limited": RuleText(
            summary: "get 或 createQRCode 的 `path` 带了参数，而这两种码有数量上限（两个接口合计 100,000 个）。",
            rationale: """
                wxacode.get 和 wxaapp.createQRCode 生成的码永久有效，但两个接口合计最多 100,000 个，\
                所以适合固定页面；路径里带有按用户变化的参数时，每个不同的值都要用掉一个码。\
                这类码请用 getUnlimited 按需生成，参数放在 `scene` 中。如果参数对所有用户都一样（例如固定的推广标签），\
                请屏蔽这条警告。
                """),
        "wechat-code-page": RuleText(
            summary: "getUnlimited 的 `page` 以 `/` 开头或带了查询参数，或 get / createQRCode 的 `path` 为空或超过 128 字节；`checkPath: false` 会被记下（提示）。",
            rationale: "getUnlimited 要求页面写成 pages/invite/index 这样，开头不带 '/'，也不带参数（参数放在 `scene` 中）；get 和 createQRCode 的路径最多 128 字节。设置 `checkPath: false` 时，getUnlimited 会为未发布或不存在的页面生成码，但这类页面会计入数量限制。"),
        "wechat-code-parameter": RuleText(
            summary: "小程序码用了所选接口不接受的参数，或缺少必需的参数（getUnlimited 需要 `scene`，get 和 createQRCode 需要 `path`）。",
            rationale: """
                微信的三个小程序码接口接受的参数各不相同：getUnlimited 打开 `page`，\
                参数放在 `scene` 中；get 和 createQRCode 打开 `path`，参数写在路径自带的查询部分；\
                只有 getUnlimited 会检查页面（`checkPath`），而 createQRCode 不能打开体验版或开发版。\
                接口不接受的参数，会在后台生成码时被丢弃或拒绝。
                """),
        "wechat-code-scene": RuleText(
            summary: "getUnlimited 的 `scene` 为空、超过 32 个字符，或含有数字、ASCII 字母和 `!#$&'()*+,/:;=?@-._~` 以外的字符（不能有 `%`，所以也不能用 URL 编码的中文）。",
            rationale: """
                wxacode.getUnlimited 会拒绝超过 32 个可见字符、或含有数字、ASCII 字母和 `!#$&'()*+,/:;=?@-._~` 以外字符的 scene，\
                所以汉字会被拒绝。`%` 也不允许，所以不能把中文 URL 编码后放进去：请传一个由页面去查询的 id（u=42），\
                或者改用只含 ASCII 字母和数字的其他编码。
                """),
        "wechat-code-width": RuleText(
            summary: "小程序码的 `width` 不在 280–1280 px 之间。",
            rationale: "三个小程序码接口都只生成 280 到 1280 px 宽的码；其他宽度会被微信拒绝。"),
        "wrong-kind": RuleText(
            summary: "某个值是单个值（标量）、列表或映射，但这里需要的是另一种。",
            rationale: "App 对每个键只按一种值来读取；其他种类的值会被丢弃，或者让加载程序崩溃。"),
        "yaml-syntax": RuleText(
            summary: "文件不是有效的 YAML。",
            rationale: """
                无法解析的文件根本无法检查，App 也会加载失败。sharelint 会在出错的地方用自己的话指出每一处失误，\
                这个位置往往在 libyaml 放弃解析的那一行之上：

                - 缩进中用了制表符（Tab）：报告在制表符处（“此行用制表符（Tab）缩进；YAML 只能用空格缩进”），\
                并建议改成相邻几行所用的空格。
                - 键或列表条目没有对齐，缩进过深或过浅：报告在那一行，并给出同一层级的键所在的列（“请把它移到第 5 列”；\
                对列表条目来说，是该条目第一个键所在的列，而不是它的 `-` 所在的列）。\
                如果某个键下的第一个键不符合文件的缩进步长，而它后面的键符合，就指出第一个键。
                - 字符串越过了行尾：报告在它的开头引号处，并指出结束这一行的弯引号（`”` U+201D、\
                `’` U+2019、`“` U+201C），或 YAML 找到下一个引号的位置。
                - 括号没有闭合：报告在开头的括号处。YAML 无法接受的字符、转义、标签或锚点：\
                报告在该字符处。某个值被注释截断，而下一行又接着写这个值：报告在该注释处。

                sharelint 会从下一个 `---` 行继续解析，所以同一文件中的其他文档仍会被检查。
                """),
    ]
}
