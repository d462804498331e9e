/// The `style` dictionary: values for the properties a layer was not given explicitly, searched
/// through the nested `style["style"]` dictionaries, shallowest first, before the class's
/// `defaultValue(forKey:)` (docs/semantics.md#the-style-dictionary).
///
/// Style values are resolved when `style` is set, not when a frame is drawn: the chain is
/// searched once for each property the layer was not given explicitly, and the value found is
/// written into the model state like any other value, so getters, key-value coding,
/// presentation and flattening read it where they read everything else. Apple's reference says
/// the properties are undefined after the dictionary is changed in place until `style` is set
/// again; Swift dictionaries are values, so every change sets it.
///
/// "Explicitly defined" (a decision): the property was set on the layer — through its accessor,
/// `setValue(_:forKey:)` or a key path — since the layer was made; setting it back to its default
/// still counts. The set is kept as bits (`CALayer.explicitProperties`), written by the change
/// pipeline (`setModel`, `setStored`); values the style supplied are not in it.
import Foundation

extension CALayer {
    /// The value `style` gives for `key`: `style[key]`, else the nested `style["style"][key]`,
    /// and so on; nil when no dictionary of the chain has the key.
    func styleValue(forKey key: String) -> Any? {
        var current = style
        var depth = 0
        while let dictionary = current, depth < 64 {
            if let value = dictionary[key] { return value }
            current = dictionary["style"] as? [AnyHashable: Any]
            depth += 1
        }
        return nil
    }

    /// Applies `style` to the properties the layer was not given explicitly: the style's value
    /// where it has one, and the class's default where a previous style supplied the value and
    /// this one does not. Called when `style` is set.
    func styleDidChange() {
        guard !isPresentationCopy else { return }
        for p in type(of: self).properties.all where !explicitProperties.contains(p) {
            let supplied = styleValue(forKey: p.key) ?? p.aliases.lazy.compactMap { self.styleValue(forKey: $0) }.first
            if let supplied {
                do {
                    if try p.applyStyleValue(supplied, on: self) { styledProperties.insert(p) }
                    continue
                } catch {
                    Diagnostics.warn("\(error) in style; the default is used")
                }
            }
            guard styledProperties.contains(p) else { continue }
            styledProperties.remove(p)
            let fallback = type(of: self).defaultValue(forKey: p.key)
            if (try? p.applyStyleValue(fallback, on: self)) == nil {
                _ = try? p.applyStyleValue(p.defaultValue, on: self)
            }
        }
    }

    /// Writes a value the style supplied (or the default that replaces it) into the model
    /// state: the change's side effects happen, no action runs, and the property does not count
    /// as set explicitly.
    func setStyleValue<V>(_ p: LayerProperty, _ field: WritableKeyPath<LayerState, V>, _ value: V) {
        if isPresentationCopy {
            layerState[keyPath: field] = value
            return
        }
        // Bookkeeping of a live tree's change (the frame must be drawn again); no action runs.
        _ = willChangeModel(p.key)
        let before = ChangeWitness(p, layerState)
        modifyModel { $0[keyPath: field] = value }
        didChangeModel(p, before)
    }
}
