/// The pictures the preview draws for the built-in activities: simple SVG shapes of our
/// own in each activity's colours, recognisable at a glance (not Apple's artwork, which
/// sharelint does not ship). A share-row activity is a coloured tile with a white symbol;
/// an action is a symbol in the text colour (`currentColor`). Each is defined once in the
/// page (`sprite`, an SVG `<symbol>`) and drawn where it appears with `<use>`, so a page
/// of thousands of sheets carries each picture's shapes once.
enum ActivityGlyphs {
    /// Every glyph as a `<symbol>`, in one hidden SVG at the top of the page.
    static let sprite: String = {
        var out = "<svg class=\"sprite\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>"
        for activity in BuiltInActivity.allCases {
            guard let glyph = svg(for: activity) else { continue }
            out += "<symbol id=\"glyph-\(activity.rawValue)\" viewBox=\"\(glyph.viewBox)\">\(glyph.content)</symbol>"
        }
        return out + "</defs></svg>\n"
    }()

    /// The glyph of a built-in activity where it is drawn, nil for another (an app's own
    /// activity draws its image, or its initial).
    static func use(for activity: BuiltInActivity) -> String? {
        guard let glyph = svg(for: activity) else { return nil }
        return "<svg class=\"\(glyph.isTile ? "tile" : "symbol")\" aria-hidden=\"true\"><use href=\"#glyph-\(activity.rawValue)\"/></svg>"
    }

    /// The shapes of a built-in activity's glyph: a tile (60 units) or a symbol (24).
    static func svg(for activity: BuiltInActivity) -> (viewBox: String, content: String, isTile: Bool)? {
        switch activity {
        case .airDrop:
            return tile("#1e90ff", "#0a5fd6", """
            <circle cx="30" cy="38" r="3.5" fill="#fff"/><path d="M22 33a10 10 0 0 1 16 0M17 28a17 17 0 0 1 26 0M12 23a24 24 0 0 1 36 0" \
            stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/>
            """)
        case .message:
            return tile("#5cdb5c", "#29b33b", """
            <path d="M30 15c-10 0-18 6.3-18 14 0 4.4 2.6 8.3 6.7 10.9L16.5 46l7.4-3.6c1.9.5 3.9.7 6.1.7 10 0 18-6.3 18-14S40 15 30 15z" fill="#fff"/>
            """)
        case .mail:
            return tile("#3aa0ff", "#1473e6", """
            <rect x="13" y="19" width="34" height="23" rx="3" fill="#fff"/><path d="M14 21l16 12 16-12" stroke="#1473e6" stroke-width="2.5" fill="none"/>
            """)
        case .openInIBooks:
            return tile("#ffa31a", "#f07c00", """
            <path d="M30 20c-4-3-10-4-16-3v24c6-1 12 0 16 3 4-3 10-4 16-3V17c-6-1-12 0-16 3z" fill="#fff"/><path d="M30 20v24" stroke="#f07c00" stroke-width="2"/>
            """)
        case .sharePlay:
            return tile("#3ad16b", "#1fa64d", """
            <circle cx="30" cy="27" r="6" fill="#fff"/><path d="M20 44c1-6 5-9 10-9s9 3 10 9z" fill="#fff"/>\
            <path d="M15 20a18 18 0 0 0 0 20M45 20a18 18 0 0 1 0 20" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round"/>
            """)
        case .collaborationInviteWithLink:
            return tile("#8e8e93", "#636366", link(stroke: "#fff", scale: 1))
        case .postToFacebook, .postToTwitter, .postToWeibo, .postToTencentWeibo, .postToFlickr, .postToVimeo:
            return nil
        case .copyToPasteboard:
            return symbol("""
            <rect x="8" y="4" width="11" height="13" rx="2" fill="none" stroke="currentColor" stroke-width="1.6"/>\
            <rect x="4" y="8" width="11" height="13" rx="2" fill="var(--sheet)" stroke="currentColor" stroke-width="1.6"/>
            """)
        case .print:
            return symbol("""
            <rect x="7" y="3" width="10" height="5" fill="none" stroke="currentColor" stroke-width="1.6"/>\
            <rect x="3" y="8" width="18" height="9" rx="2" fill="none" stroke="currentColor" stroke-width="1.6"/>\
            <rect x="7" y="13" width="10" height="8" fill="var(--sheet)" stroke="currentColor" stroke-width="1.6"/>
            """)
        case .saveToCameraRoll:
            return symbol("""
            <path d="M12 3v11M7.5 9.5 12 14l4.5-4.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>\
            <path d="M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>
            """)
        case .assignToContact:
            return symbol("""
            <circle cx="12" cy="12" r="9.2" fill="none" stroke="currentColor" stroke-width="1.6"/><circle cx="12" cy="10" r="3.2" fill="currentColor"/>\
            <path d="M6.5 18.2c1.2-2.6 3.2-3.8 5.5-3.8s4.3 1.2 5.5 3.8" fill="currentColor"/>
            """)
        case .markupAsPDF:
            return symbol("""
            <path d="M5 19l1-4L16 5l3 3L9 18z" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linejoin="round"/>\
            <path d="M14 7l3 3" stroke="currentColor" stroke-width="1.6"/>
            """)
        case .addToReadingList:
            return symbol("""
            <circle cx="7" cy="14" r="4" fill="none" stroke="currentColor" stroke-width="1.6"/><circle cx="17" cy="14" r="4" fill="none" stroke="currentColor" stroke-width="1.6"/>\
            <path d="M11 13.5c.7-.6 1.3-.6 2 0M3 13l1.5-5M21 13l-1.5-5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>
            """)
        case .addToHomeScreen:
            return symbol("""
            <rect x="4" y="4" width="16" height="16" rx="4" fill="none" stroke="currentColor" stroke-width="1.6"/>\
            <path d="M12 8v8M8 12h8" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>
            """)
        case .collaborationCopyLink:
            return symbol(link(stroke: "currentColor", scale: 0.4))
        }
    }

    /// A 60×60 rounded tile with a top-to-bottom gradient and `content` over it.
    private static func tile(_ top: String, _ bottom: String, _ content: String) -> (viewBox: String, content: String, isTile: Bool) {
        let id = "gradient-" + top.dropFirst()
        let shapes = "<linearGradient id=\"\(id)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
            + "<stop offset=\"0\" stop-color=\"\(top)\"/><stop offset=\"1\" stop-color=\"\(bottom)\"/></linearGradient>"
            + "<rect width=\"60\" height=\"60\" rx=\"13\" fill=\"url(#\(id))\"/>\(content)"
        return ("0 0 60 60", shapes, true)
    }

    /// A 24×24 symbol drawn in the text colour.
    private static func symbol(_ content: String) -> (viewBox: String, content: String, isTile: Bool) {
        ("0 0 24 24", content, false)
    }

    /// Two chain links, for the two link activities (the tile's 60 units or a symbol's 24).
    private static func link(stroke: String, scale: Double) -> String {
        let transform = scale == 1 ? "" : " transform=\"scale(\(scale))\""
        return "<g\(transform) fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(scale == 1 ? 3.5 : 4.5)\" stroke-linecap=\"round\">"
            + "<path d=\"M27 33l6-6\"/><path d=\"M25 27l-5 5a6 6 0 0 0 8.5 8.5l5-5\"/><path d=\"M35 33l5-5a6 6 0 0 0-8.5-8.5l-5 5\"/></g>"
    }
}
