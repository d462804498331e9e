/// Actions (SPEC A3, CA-SEMANTICS §8.1): the search for what a property change or an event
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

    /// Core Animation's implicit action for `event`: a basic animation of the property, or a
    /// fade transition for the properties whose default is one (CAPG Appendix B), with the
    /// transaction's duration and timing function (default: the `default` curve).
    func builtInAction(_ event: String) -> CAAction? {
        let settings = TransactionContext.current.settings
        if event == kCATransition {
            return Self.fadeTransition()
        }
        if let key = LayerKey(rawValue: event) {
            if key.defaultActionIsTransition { return Self.fadeTransition() }
            guard key.hasDefaultBasicAnimation else { return nil }
        } else if !type(of: self).implicitlyAnimatedKeys.contains(event) {
            return nil
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
