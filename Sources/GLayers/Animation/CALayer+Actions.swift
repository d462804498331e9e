/// Actions (docs/semantics.md#actions-and-implicit-animations): the search for what a property change or an event
/// does — delegate (`NSNull` stops), `actions`, `style["actions"]` (nested styles), the class's
/// `defaultAction(forKey:)`, then Core Animation's built-in implicit animation.
import Foundation

extension CALayer {
    /// The search of `action(forKey:)`.
    func searchAction(_ event: String) -> CAAction? {
        if let d = delegate, let a = d.action(for: self, forKey: event) { return a is NSNull ? nil : a }
        if let a = actions?[event] { return a is NSNull ? nil : a }
        if let a = Self.styleAction(event, in: style) { return a is NSNull ? nil : a }
        if let a = type(of: self).defaultAction(forKey: event) { return a is NSNull ? nil : a }
        return builtInAction(event)
    }

    /// An action in `style["actions"]`, then in the nested `style["style"]` dictionaries.
    static func styleAction(_ event: String, in style: [AnyHashable: Any]?) -> CAAction? {
        var current = style
        var depth = 0
        while let s = current, depth < 32 {
            if let actions = s["actions"] as? [AnyHashable: Any], let a = actions[event] {
                if let action = a as? CAAction { return action }
                Diagnostics.warn("style[\"actions\"][\"\(event)\"] is not a CAAction; ignored", once: true)
            }
            current = s["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return nil
    }

    /// Core Animation's implicit action for `event`: the action of its property-table entry
    /// (Core Animation Programming Guide, Appendix B): a basic animation of the property, or a
    /// fade transition, with the transaction's duration and timing function (default: the
    /// `default` curve).
    func builtInAction(_ event: String) -> CAAction? {
        let settings = TransactionContext.current.settings
        if event == kCATransition {
            return Self.fadeTransition()
        }
        switch type(of: self).properties[event]?.action {
        case .animation?: break
        case .fade?: return Self.fadeTransition()
        case .noAction?, nil: return nil
        }
        let animation = CABasicAnimation(keyPath: event)
        animation.timingFunction = settings.timingFunction ?? CAMediaTimingFunction(name: .default)
        return animation
    }

    static func fadeTransition() -> CATransition {
        let t = CATransition()
        t.type = .fade
        return t
    }
}
