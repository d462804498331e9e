/// The presentation tree: copies of layers with every animated property at the
/// current media time; `model()` returns the model layer behind a copy.
///
/// As on Apple's platforms, the presentation shows the last committed model values plus the
/// running animations: changes made in a transaction that has not committed yet are not
/// presented (docs/semantics.md#presentation-and-model-trees). The recipe for custom
/// animatable properties relies on it: in `action(forKey:)`,
/// `fromValue = presentation()?.value(forKey: key)` is the value before the change.
import Foundation

extension CALayer {
    /// Whether this object is a presentation copy.
    var isPresentationCopy: Bool { presentationSource != nil }

    /// A copy of the layer as it appears now; the model layer's own values when nothing animates.
    func presentationDefault() -> Self? {
        if isPresentationCopy { return self }
        return presentation(atMediaTime: CACurrentMediaTime())
    }

    /// A presentation copy of the layer at media time `t` (what `presentation()` gives when
    /// `CACurrentMediaTime()` is `t`; for tools that show a chosen time, such as scene dumps).
    public func presentation(atMediaTime t: CFTimeInterval) -> Self {
        let copy = type(of: self).init(presenting: self)
        if let committed = TransactionContext.current.committedModel(of: self) {
            copy.layerState = presentedState(over: committed, atLocalTime: localTime(atMediaTime: t))
        } else {
            copy.layerState = presentedState(atMediaTime: t)
        }
        copy.presentationSource = self
        copy.presentationTime = t
        copy.hostCount = 0
        return copy
    }

    /// The default of `model()`: the model layer behind a presentation copy (itself otherwise).
    func modelDefault() -> Self {
        (presentationSource as? Self) ?? self
    }
}
