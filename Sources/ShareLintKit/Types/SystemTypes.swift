/// The system-declared types: every `UTType` constant of Apple's UniformTypeIdentifiers
/// (UTCoreTypes.h, through the iOS 18 SDK) and the system types content authors share
/// most that have no constant (Office and iWork documents, M4V, AVIF, WebM, 3GPP, AAC,
/// CAF, FLAC, Wallet passes). Identifiers, conformances, extensions and MIME types are
/// the ones Apple documents; docs/types.md lists them and says where each comes from.
extension UTTypeRegistry {
    /// The system-declared types, kept for the process's life (copies of it count
    /// no reference to its tables).
    package static let system: UTTypeRegistry = {
        var registry = UTTypeRegistry(SystemTypes.declarations)
        registry.isSystemTable = true
        return registry.everlasting()
    }()
}

enum SystemTypes {
    /// Identifiers people write for a system type that has another name; "did you mean"
    /// offers the real one (names whose last label is an extension, such as public.pdf,
    /// are found through the extension table instead).
    static let aliases: [String: String] = [
        "public.utf8-text": "public.utf8-plain-text",
        "public.utf16-text": "public.utf16-plain-text",
        "public.text-plain": "public.plain-text",
        "public.string": "public.plain-text",
        "public.link": "public.url",
        "public.web-url": "public.url",
        "public.fileurl": "public.file-url",
        "public.markdown": "net.daringfireball.markdown",
        "public.quicktime-movie": "com.apple.quicktime-movie",
        "public.mpeg4": "public.mpeg-4",
        "public.m4a-audio": "public.mpeg-4-audio",
        "public.wave-audio": "com.microsoft.waveform-audio",
        "public.pkpass": "com.apple.pkpass",
        "public.epub": "org.idpf.epub-container",
        "com.apple.pdf": "com.adobe.pdf",
        "public.contact-card": "public.vcard",
    ]

    private static func type(_ identifier: String, _ conformsTo: [String] = [], ext: [String] = [], mime: [String] = [],
                             abstract: Bool = false) -> UTTypeDeclaration {
        UTTypeDeclaration(identifier, conformsTo: conformsTo, extensions: ext, mimeTypes: mime, isAbstract: abstract)
    }

    static let declarations: [UTTypeDeclaration] = base + text + sourceCode + documents + images + threeD + audiovisual
        + bundles + archives + other

    /// The roots of the hierarchy and the file-system types.
    static let base: [UTTypeDeclaration] = [
        type("public.item", abstract: true),
        type("public.content", abstract: true),
        type("public.composite-content", ["public.content"], abstract: true),
        type("public.data", ["public.item"], abstract: true),
        type("public.disk-image", ["public.archive"], abstract: true),
        type("public.directory", ["public.item"], abstract: true),
        type("public.resolvable", ["public.item"], abstract: true),
        type("public.symlink", ["public.item", "public.resolvable"]),
        type("public.executable", ["public.item"], abstract: true),
        type("com.apple.mount-point", ["public.item", "public.resolvable"]),
        type("com.apple.alias-file", ["public.data", "public.resolvable"]),
        type("com.apple.bookmark", ["public.data", "public.resolvable"]),
        type("public.url", ["public.data"]),
        type("public.file-url", ["public.url"]),
        type("public.folder", ["public.directory"]),
        type("public.volume", ["public.folder"]),
        type("com.apple.package", ["public.directory"], abstract: true),
        type("com.apple.bundle", ["public.directory"], abstract: true),
    ]

    /// Text and its structured forms.
    static let text: [UTTypeDeclaration] = [
        type("public.text", ["public.data", "public.content"], abstract: true),
        type("public.plain-text", ["public.text"], ext: ["txt", "text"], mime: ["text/plain"]),
        type("public.utf8-plain-text", ["public.plain-text"]),
        type("public.utf16-external-plain-text", ["public.plain-text"]),
        type("public.utf16-plain-text", ["public.plain-text"]),
        type("public.delimited-values-text", ["public.text"], abstract: true),
        type("public.comma-separated-values-text", ["public.delimited-values-text"], ext: ["csv"], mime: ["text/csv", "text/comma-separated-values"]),
        type("public.tab-separated-values-text", ["public.delimited-values-text"], ext: ["tsv"], mime: ["text/tab-separated-values"]),
        type("public.utf8-tab-separated-values-text", ["public.tab-separated-values-text"]),
        type("public.rtf", ["public.text"], ext: ["rtf"], mime: ["text/rtf", "application/rtf"]),
        type("public.html", ["public.text"], ext: ["html", "htm"], mime: ["text/html"]),
        type("public.xml", ["public.text"], ext: ["xml"], mime: ["application/xml", "text/xml"]),
        type("public.yaml", ["public.text"], ext: ["yaml", "yml"], mime: ["application/x-yaml", "application/yaml"]),
        type("public.css", ["public.text"], ext: ["css"], mime: ["text/css"]),
        type("net.daringfireball.markdown", ["public.plain-text"], ext: ["md", "markdown"], mime: ["text/markdown"]),
        type("public.json", ["public.text"], ext: ["json"], mime: ["application/json"]),
        type("public.geojson", ["public.json"], ext: ["geojson"], mime: ["application/geo+json"]),
        type("com.apple.property-list", ["public.data"], ext: ["plist"], mime: ["application/x-plist"]),
        type("com.apple.xml-property-list", ["public.xml", "com.apple.property-list"]),
        type("com.apple.binary-property-list", ["com.apple.property-list"]),
        type("public.log", ["public.data", "public.content"]),
    ]

    /// Source code and scripts.
    static let sourceCode: [UTTypeDeclaration] = [
        type("public.source-code", ["public.plain-text"], abstract: true),
        type("public.assembly-source", ["public.source-code"], ext: ["s"]),
        type("public.c-source", ["public.source-code"], ext: ["c"]),
        type("public.objective-c-source", ["public.source-code"], ext: ["m"]),
        type("public.swift-source", ["public.source-code"], ext: ["swift"]),
        type("public.c-plus-plus-source", ["public.source-code"], ext: ["cp", "cpp", "c++", "cc", "cxx"]),
        type("public.objective-c-plus-plus-source", ["public.source-code"], ext: ["mm"]),
        type("public.c-header", ["public.source-code"], ext: ["h"]),
        type("public.c-plus-plus-header", ["public.source-code"], ext: ["hpp", "hxx", "hh", "h++", "hp"]),
        type("public.script", ["public.source-code"], abstract: true),
        type("com.apple.applescript.text", ["public.script"], ext: ["applescript"]),
        type("com.apple.applescript.script", ["public.data", "public.script"], ext: ["scpt"]),
        type("com.apple.applescript.script-bundle", ["com.apple.bundle", "com.apple.package", "public.script"], ext: ["scptd"]),
        type("com.netscape.javascript-source", ["public.script"], ext: ["js", "jscript", "javascript"], mime: ["text/javascript", "application/javascript"]),
        type("public.shell-script", ["public.script"], ext: ["sh", "command"], mime: ["application/x-sh"]),
        type("public.perl-script", ["public.shell-script"], ext: ["pl", "pm"]),
        type("public.python-script", ["public.shell-script"], ext: ["py"], mime: ["text/x-python-script"]),
        type("public.ruby-script", ["public.shell-script"], ext: ["rb", "rbw"], mime: ["text/ruby-script"]),
        type("public.php-script", ["public.shell-script"], ext: ["php", "php3", "php4", "ph3", "ph4", "phtml"], mime: ["text/php", "application/php"]),
        type("public.make-source", ["public.script"]),
    ]

    /// Documents: PDF, rich text, web archives, office and iWork files, e-books.
    static let documents: [UTTypeDeclaration] = [
        type("com.adobe.pdf", ["public.data", "public.composite-content"], ext: ["pdf"], mime: ["application/pdf"]),
        type("com.apple.rtfd", ["com.apple.package", "public.composite-content"], ext: ["rtfd"]),
        type("com.apple.flat-rtfd", ["public.data", "public.composite-content"], ext: ["flat-rtfd"]),
        type("com.apple.webarchive", ["public.data", "public.composite-content"], ext: ["webarchive"], mime: ["application/x-webarchive"]),
        type("public.spreadsheet", ["public.content"], abstract: true),
        type("public.presentation", ["public.composite-content"], abstract: true),
        type("public.database", ["public.item"], abstract: true),
        type("org.idpf.epub-container", ["public.zip-archive", "public.composite-content"], ext: ["epub"], mime: ["application/epub+zip"]),
        type("org.openxmlformats.openxml", ["public.zip-archive"], abstract: true),
        type("org.openxmlformats.wordprocessingml.document", ["org.openxmlformats.openxml", "public.composite-content"], ext: ["docx"],
             mime: ["application/vnd.openxmlformats-officedocument.wordprocessingml.document"]),
        type("org.openxmlformats.spreadsheetml.sheet", ["org.openxmlformats.openxml", "public.spreadsheet"], ext: ["xlsx"],
             mime: ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"]),
        type("org.openxmlformats.presentationml.presentation", ["org.openxmlformats.openxml", "public.presentation"], ext: ["pptx"],
             mime: ["application/vnd.openxmlformats-officedocument.presentationml.presentation"]),
        type("com.microsoft.word.doc", ["public.data", "public.composite-content"], ext: ["doc"], mime: ["application/msword"]),
        type("com.microsoft.excel.xls", ["public.data", "public.spreadsheet"], ext: ["xls"], mime: ["application/vnd.ms-excel"]),
        type("com.microsoft.powerpoint.ppt", ["public.data", "public.presentation"], ext: ["ppt"], mime: ["application/vnd.ms-powerpoint"]),
        type("com.apple.iwork.pages.pages", ["com.apple.package", "public.composite-content"], ext: ["pages"]),
        type("com.apple.iwork.numbers.numbers", ["com.apple.package", "public.spreadsheet"], ext: ["numbers"]),
        type("com.apple.iwork.keynote.key", ["com.apple.package", "public.presentation"], ext: ["key"]),
    ]

    /// Still images.
    static let images: [UTTypeDeclaration] = [
        type("public.image", ["public.data", "public.content"], abstract: true),
        type("public.png", ["public.image"], ext: ["png"], mime: ["image/png"]),
        type("public.jpeg", ["public.image"], ext: ["jpg", "jpeg", "jpe"], mime: ["image/jpeg", "image/jpg"]),
        type("public.tiff", ["public.image"], ext: ["tif", "tiff"], mime: ["image/tiff"]),
        type("com.compuserve.gif", ["public.image"], ext: ["gif"], mime: ["image/gif"]),
        type("org.webmproject.webp", ["public.image"], ext: ["webp"], mime: ["image/webp"]),
        type("com.microsoft.bmp", ["public.image"], ext: ["bmp"], mime: ["image/bmp", "image/x-ms-bmp"]),
        type("com.microsoft.ico", ["public.image"], ext: ["ico"], mime: ["image/vnd.microsoft.icon", "image/x-icon"]),
        type("com.apple.icns", ["public.image"], ext: ["icns"]),
        type("public.svg-image", ["public.image"], ext: ["svg", "svgz"], mime: ["image/svg+xml"]),
        type("public.camera-raw-image", ["public.image"], abstract: true),
        type("com.adobe.raw-image", ["public.camera-raw-image"], ext: ["dng"], mime: ["image/x-adobe-dng"]),
        type("com.ilm.openexr-image", ["public.image"], ext: ["exr"], mime: ["image/x-exr"]),
        type("public.jpeg-xl", ["public.image"], ext: ["jxl"], mime: ["image/jxl"]),
        type("public.heif-standard", ["public.image"], abstract: true),
        type("public.heic", ["public.heif-standard"], ext: ["heic"], mime: ["image/heic"]),
        type("public.heics", ["public.heif-standard"], ext: ["heics"], mime: ["image/heic-sequence"]),
        type("public.heif", ["public.heif-standard"], ext: ["heif", "hif"], mime: ["image/heif"]),
        type("public.avif", ["public.image"], ext: ["avif"], mime: ["image/avif"]),
        type("com.apple.live-photo", ["public.composite-content"], abstract: true),
    ]

    /// 3D content.
    static let threeD: [UTTypeDeclaration] = [
        type("public.3d-content", ["public.content"], abstract: true),
        type("com.pixar.universal-scene-description", ["public.3d-content", "public.data"], ext: ["usd", "usda", "usdc"]),
        type("com.pixar.universal-scene-description-mobile", ["public.3d-content", "public.zip-archive"], ext: ["usdz"], mime: ["model/vnd.usdz+zip"]),
        type("com.apple.reality", ["public.3d-content", "public.data"], ext: ["reality"]),
        type("com.apple.scenekit.scene", ["public.3d-content", "public.data"], ext: ["scn"]),
        type("com.apple.arobject", ["public.data"], ext: ["arobject"]),
    ]

    /// Movies and sound.
    static let audiovisual: [UTTypeDeclaration] = [
        type("public.audiovisual-content", ["public.data", "public.content"], abstract: true),
        type("public.movie", ["public.audiovisual-content"], abstract: true),
        type("public.video", ["public.movie"], abstract: true),
        type("public.audio", ["public.audiovisual-content"], abstract: true),
        type("com.apple.quicktime-movie", ["public.movie"], ext: ["mov", "qt"], mime: ["video/quicktime"]),
        type("public.mpeg", ["public.movie"], ext: ["mpg", "mpeg", "m75", "m15"], mime: ["video/mpeg", "video/mpg"]),
        type("public.mpeg-2-video", ["public.movie"], ext: ["m2v"], mime: ["video/mpeg2"]),
        type("public.mpeg-2-transport-stream", ["public.movie"], ext: ["ts"], mime: ["video/mp2t"]),
        type("public.mpeg-4", ["public.movie"], ext: ["mp4", "mpeg4", "mpg4"], mime: ["video/mp4"]),
        type("com.apple.m4v-video", ["public.mpeg-4"], ext: ["m4v"], mime: ["video/x-m4v"]),
        type("com.apple.protected-mpeg-4-video", ["com.apple.m4v-video"]),
        type("public.avi", ["public.movie"], ext: ["avi", "vfw"], mime: ["video/avi", "video/msvideo", "video/x-msvideo"]),
        type("public.3gpp", ["public.movie"], ext: ["3gp", "3gpp", "sdv"], mime: ["video/3gpp", "audio/3gpp"]),
        type("public.3gpp2", ["public.movie"], ext: ["3g2", "3gp2"], mime: ["video/3gpp2", "audio/3gpp2"]),
        type("org.webmproject.webm", ["public.movie"], ext: ["webm"], mime: ["video/webm"]),
        type("public.mp3", ["public.audio"], ext: ["mp3"], mime: ["audio/mpeg", "audio/mp3"]),
        type("public.mpeg-4-audio", ["public.mpeg-4", "public.audio"], ext: ["m4a", "m4b"], mime: ["audio/mp4", "audio/m4a", "audio/x-m4a"]),
        type("com.apple.protected-mpeg-4-audio", ["public.audio"], ext: ["m4p"]),
        type("public.aac-audio", ["public.audio"], ext: ["aac", "adts"], mime: ["audio/aac", "audio/x-aac"]),
        type("public.aiff-audio", ["public.audio"], ext: ["aiff", "aif"], mime: ["audio/aiff", "audio/x-aiff"]),
        type("public.aifc-audio", ["public.audio"], ext: ["aifc", "cdda"], mime: ["audio/x-aifc"]),
        type("com.microsoft.waveform-audio", ["public.audio"], ext: ["wav", "wave"], mime: ["audio/wav", "audio/x-wav", "audio/vnd.wave"]),
        type("public.midi-audio", ["public.audio"], ext: ["mid", "midi", "smf", "kar"], mime: ["audio/midi", "audio/x-midi"]),
        type("com.apple.coreaudio-format", ["public.audio"], ext: ["caf"], mime: ["audio/x-caf"]),
        type("org.xiph.flac", ["public.audio"], ext: ["flac"], mime: ["audio/flac"]),
        type("public.playlist", ["public.item"], abstract: true),
        type("public.m3u-playlist", ["public.text", "public.playlist"], ext: ["m3u", "m3u8"], mime: ["audio/mpegurl", "audio/x-mpegurl"]),
    ]

    /// Applications, bundles and executables.
    static let bundles: [UTTypeDeclaration] = [
        type("com.apple.plugin", ["com.apple.bundle", "com.apple.package"], ext: ["plugin"]),
        type("com.apple.metadata-importer", ["com.apple.plugin"], ext: ["mdimporter"]),
        type("com.apple.quicklook-generator", ["com.apple.plugin"], ext: ["qlgenerator"]),
        type("com.apple.xpc-service", ["com.apple.bundle", "com.apple.package"], ext: ["xpc"]),
        type("com.apple.framework", ["com.apple.bundle"], ext: ["framework"]),
        type("com.apple.application", ["public.executable"], abstract: true),
        type("com.apple.application-bundle", ["com.apple.application", "com.apple.bundle", "com.apple.package"], ext: ["app"]),
        type("com.apple.application-and-system-extension", ["com.apple.bundle", "com.apple.package"], ext: ["appex"]),
        type("public.unix-executable", ["public.data", "public.executable"]),
        type("com.microsoft.windows-executable", ["public.data", "public.executable"], ext: ["exe"], mime: ["application/x-msdownload"]),
        type("com.apple.systempreference.prefpane", ["com.apple.bundle", "com.apple.package"], ext: ["prefpane"]),
    ]

    /// Archives and compressed data.
    static let archives: [UTTypeDeclaration] = [
        type("public.archive", ["public.data"], abstract: true),
        type("org.gnu.gnu-zip-archive", ["public.data", "public.archive"], ext: ["gz", "gzip"], mime: ["application/x-gzip", "application/gzip"]),
        type("public.bzip2-archive", ["public.data", "public.archive"], ext: ["bz2", "bzip2"], mime: ["application/x-bzip2"]),
        type("com.pkware.zip-archive", ["public.data", "public.archive"], ext: ["zip"], mime: ["application/zip"]),
        type("public.zip-archive", ["com.pkware.zip-archive"], ext: ["zip"], mime: ["application/zip"]),
        type("com.apple.archive", ["public.data", "public.archive"], ext: ["aar"]),
        type("public.tar-archive", ["public.data", "public.archive"], ext: ["tar"], mime: ["application/x-tar"]),
        type("com.apple.disk-image-udif", ["public.disk-image"], ext: ["dmg"], mime: ["application/x-apple-diskimage"]),
    ]

    /// Contacts, calendars, messages, fonts, certificates and the rest.
    static let other: [UTTypeDeclaration] = [
        type("public.message", ["public.item"], abstract: true),
        type("public.email-message", ["public.message"], ext: ["eml"], mime: ["message/rfc822"]),
        type("public.contact", ["public.item"], abstract: true),
        type("public.vcard", ["public.text", "public.contact"], ext: ["vcf", "vcard"], mime: ["text/vcard", "text/x-vcard", "text/directory"]),
        type("public.to-do-item", ["public.item"], abstract: true),
        type("public.calendar-event", ["public.item"], abstract: true),
        type("com.apple.ical.ics", ["public.text", "public.calendar-event"], ext: ["ics"], mime: ["text/calendar"]),
        type("com.apple.internet-location", ["public.data"]),
        type("com.microsoft.internet-shortcut", ["com.apple.internet-location"], ext: ["url"]),
        type("public.font", ["public.data", "public.content"], abstract: true),
        type("public.truetype-ttf-font", ["public.font"], ext: ["ttf"], mime: ["font/ttf"]),
        type("public.opentype-font", ["public.font"], ext: ["otf"], mime: ["font/otf"]),
        type("public.bookmark", ["public.item"], abstract: true),
        type("com.rsa.pkcs-12", ["public.data"], ext: ["p12", "pfx"], mime: ["application/x-pkcs12"]),
        type("public.x509-certificate", ["public.data"], ext: ["cer", "crt", "der"], mime: ["application/x-x509-ca-cert", "application/pkix-cert"]),
        type("com.apple.pkpass", ["public.data", "public.content"], ext: ["pkpass"], mime: ["application/vnd.apple.pkpass"]),
        type("com.apple.haptics.ahap", ["public.json"], ext: ["ahap"]),
        type("com.apple.linkpresentation.metadata", ["public.data"]),
    ]
}
