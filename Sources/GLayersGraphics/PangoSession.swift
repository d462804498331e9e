/// The process's one pango font map and context, and the lock that serialises every use of
/// pango and fontconfig (neither is thread-safe). Internal to `TextRenderer` and Core Text.
import CCairo
import Foundation

/// The cached pango state; use it only inside `withContext`.
final class PangoSession: @unchecked Sendable {
    /// The shared session (created on first use).
    static let shared = PangoSession()

    /// Recursive: a Core Text object that holds a pango font may be released (and unref it
    /// under the lock) inside a block that already holds it.
    private let lock = NSRecursiveLock()
    /// The cairo font map (owned; never freed, like the session).
    let fontMap: UnsafeMutablePointer<PangoFontMap>?
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
        if let description = fontDescription(style.fontName, size: style.fontSize) {
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        if !style.runs.isEmpty { setAttributes(of: style, string: string, on: layout) }
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

    /// A new font description (the caller frees it) of a font name at `size` points.
    func fontDescription(_ name: String, size: CGFloat) -> OpaquePointer? {
        guard let description = pango_font_description_from_string(description(for: name)) else { return nil }
        let points = size.isFinite ? max(0, min(size, 10_000)) : 0
        pango_font_description_set_absolute_size(description, Double(points) * Double(PANGO_SCALE))
        return description
    }

    /// Gives the layout the attributes of the style's runs (font, size, colour, underline,
    /// kern), at the UTF-8 offsets of their UTF-16 ranges.
    private func setAttributes(of style: TextStyle, string: String, on layout: OpaquePointer) {
        guard let list = pango_attr_list_new() else { return }
        defer { pango_attr_list_unref(list) }
        let bytes = utf8Offsets(string)
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ run: TextRun) {
            guard let attribute else { return }
            let lo = min(max(run.range.lowerBound, 0), bytes.count - 1)
            let hi = min(max(run.range.upperBound, lo), bytes.count - 1)
            attribute.pointee.start_index = UInt32(bytes[lo])
            attribute.pointee.end_index = UInt32(bytes[hi])
            pango_attr_list_insert(list, attribute)
        }
        func channel(_ v: CGFloat) -> UInt16 { UInt16((v.isFinite ? min(1, max(0, v)) : 0) * 65535) }
        for run in style.runs where !run.range.isEmpty {
            if run.fontName != nil || run.fontSize != nil,
                let description = fontDescription(run.fontName ?? style.fontName, size: run.fontSize ?? style.fontSize)
            {
                insert(pango_attr_font_desc_new(description), run)
                pango_font_description_free(description)
            }
            if let c = run.color {
                insert(pango_attr_foreground_new(channel(c.r), channel(c.g), channel(c.b)), run)
                insert(pango_attr_foreground_alpha_new(max(1, channel(c.a))), run)
            }
            if run.underline { insert(pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), run) }
            if let kern = run.kern, kern.isFinite {
                insert(
                    pango_attr_letter_spacing_new(Int32(max(-10_000, min(kern, 10_000)) * CGFloat(PANGO_SCALE))), run)
            }
        }
        pango_layout_set_attributes(layout, list)
    }

    /// The UTF-8 offset of every UTF-16 offset of `string` (one past the end included); an
    /// offset inside a surrogate pair maps to the start of its character.
    private func utf8Offsets(_ string: String) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(string.utf16.count + 1)
        var byte = 0
        for scalar in string.unicodeScalars {
            for _ in 0..<UTF16.width(scalar) { offsets.append(byte) }
            byte += UTF8.width(scalar)
        }
        offsets.append(byte)
        return offsets
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
