/// The process's one pango font map and context, and the lock that serialises every use of
/// pango and fontconfig (neither is thread-safe). Internal to `TextRenderer`.
import CCairo
import Foundation

/// The cached pango state; use it only inside `withContext`.
final class PangoSession: @unchecked Sendable {
    /// The shared session (created on first use).
    static let shared = PangoSession()

    private let lock = NSLock()
    /// The cairo font map (owned; never freed, like the session).
    private let fontMap: UnsafeMutablePointer<PangoFontMap>?
    /// The pango context all layouts are made in.
    let context: OpaquePointer?
    /// Installed family names by `FontNames.key`, filled on first use.
    private var families: [String: String]?
    /// Pango description strings by font name.
    private var descriptions: [String: String] = [:]

    private init() {
        fontMap = pango_cairo_font_map_new()
        context = fontMap.flatMap { pango_font_map_create_context($0) }
        guard let context else { return }
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_round_glyph_positions(context, 0)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
    }

    /// Runs `body` under the lock with a usable session; returns `fallback` if pango could not
    /// be initialised.
    func withContext<R>(_ body: (PangoSession) -> R, fallback: R) -> R {
        lock.lock()
        defer { lock.unlock() }
        guard context != nil else { return fallback }
        return body(self)
    }

    /// Runs `body` under the lock (nothing happens if pango could not be initialised).
    func withContext(_ body: (PangoSession) -> Void) { withContext(body, fallback: ()) }

    /// Runs `body` under the lock; `.zero` if pango could not be initialised.
    func withContext(_ body: (PangoSession) -> CGSize) -> CGSize { withContext(body, fallback: .zero) }

    /// A new layout of `string` configured for `style`; `width` enables wrapping or
    /// ellipsizing as the style asks, `height` limits wrapped, truncated text to whole lines.
    /// The caller unrefs it. Call only inside `withContext`.
    func layout(_ string: String, style: TextStyle, width: CGFloat?, height: CGFloat?) -> OpaquePointer? {
        guard let context, let layout = pango_layout_new(context) else { return nil }
        pango_layout_set_text(layout, string, -1)
        if let description = pango_font_description_from_string(description(for: style.fontName)) {
            let size = max(0, min(style.fontSize, 10_000))
            pango_font_description_set_absolute_size(description, Double(size) * Double(PANGO_SCALE))
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        pango_layout_set_auto_dir(layout, style.alignment == .natural || style.alignment == .justified ? 1 : 0)
        switch style.alignment {
        case .natural, .left, .justified: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        }
        pango_layout_set_justify(layout, style.alignment == .justified ? 1 : 0)

        guard let width, style.wrapped || style.truncation != .none else { return layout }
        pango_layout_set_width(layout, pangoUnits(width))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        switch style.truncation {
        case .none: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
        case .start: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
        case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
        case .end: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        if style.wrapped, style.truncation != .none, let height {
            pango_layout_set_height(layout, max(1, pangoUnits(height)))
        }
        return layout
    }

    /// `points` in pango units, clamped to what an `Int32` holds.
    private func pangoUnits(_ points: CGFloat) -> Int32 {
        Int32(max(0, min(points * CGFloat(PANGO_SCALE), CGFloat(Int32.max / 2))))
    }

    /// The pango description string for a font name (cached).
    private func description(for fontName: String) -> String {
        if let cached = descriptions[fontName] { return cached }
        let made = FontNames.description(for: fontName, installed: installedFamilies())
        if descriptions.count > 256 { descriptions.removeAll() }
        descriptions[fontName] = made
        return made
    }

    /// The installed font families by lookup key.
    private func installedFamilies() -> [String: String] {
        if let families { return families }
        var found: [String: String] = [:]
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        if let fontMap {
            pango_font_map_list_families(fontMap, &list, &count)
            for i in 0..<Int(count) {
                guard let family = list?[i], let name = pango_font_family_get_name(family) else { continue }
                let s = String(cString: name)
                found[FontNames.key(s)] = s
            }
            g_free(list)
        }
        families = found
        return found
    }
}
