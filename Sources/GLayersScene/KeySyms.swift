/// The X11 keysym names scenes may bind (the names `XKeysymToString` gives, which the window
/// host passes to `Scene.handleKey`). Names are case-sensitive: `a` and `A` are different keys,
/// `Down` is an arrow and `down` is nothing.
import Foundation

/// Known X11 keysym names.
enum KeySyms {
    static let all: Set<String> = {
        var names: Set<String> = [
            "space", "Return", "Escape", "Tab", "ISO_Left_Tab", "BackSpace", "Delete", "Insert", "Home", "End",
            "Page_Up", "Page_Down", "Prior", "Next", "Left", "Right", "Up", "Down", "Menu", "Pause", "Print",
            "Scroll_Lock", "Caps_Lock", "Num_Lock", "Break", "Help",
            "KP_Enter", "KP_Add", "KP_Subtract", "KP_Multiply", "KP_Divide", "KP_Decimal", "KP_Equal", "KP_Space",
            "KP_Tab", "KP_Home", "KP_End", "KP_Left", "KP_Right", "KP_Up", "KP_Down", "KP_Page_Up", "KP_Page_Down",
            "KP_Prior", "KP_Next", "KP_Begin", "KP_Insert", "KP_Delete",
            "exclam", "quotedbl", "numbersign", "dollar", "percent", "ampersand", "apostrophe", "parenleft",
            "parenright", "asterisk", "plus", "comma", "minus", "period", "slash", "colon", "semicolon", "less",
            "equal", "greater", "question", "at", "bracketleft", "backslash", "bracketright", "asciicircum",
            "underscore", "grave", "braceleft", "bar", "braceright", "asciitilde",
            "Shift_L", "Shift_R", "Control_L", "Control_R", "Alt_L", "Alt_R", "Meta_L", "Meta_R", "Super_L",
            "Super_R",
            "XF86AudioPlay", "XF86AudioPause", "XF86AudioStop", "XF86AudioNext", "XF86AudioPrev", "XF86Back",
            "XF86Forward",
        ]
        for c in UnicodeScalar("a").value...UnicodeScalar("z").value {
            guard let u = UnicodeScalar(c) else { continue }
            names.insert(String(Character(u)))
            names.insert(String(Character(u)).uppercased())
        }
        for d in 0...9 {
            names.insert("\(d)")
            names.insert("KP_\(d)")
        }
        for f in 1...24 { names.insert("F\(f)") }
        return names
    }()

    /// Whether `name` is a keysym name glayers knows.
    static func isKnown(_ name: String) -> Bool { all.contains(name) }
}
