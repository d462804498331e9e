/// The style and contents properties of `CALayer` whose setters do more than store a value:
/// filters, the compositing filter and contents are converted and checked here. The
/// properties themselves are declared in `CALayer.swift`, where subclasses can override them;
/// each goes through the change pipeline (`setModel`) with its property-table entry.
import Foundation
import GLayersGraphics

extension CALayer {
    // MARK: Filters

    /// `filters` or `backgroundFilters` as the API returns them (nil when there are none).
    func filterObjects(_ values: [FilterValue]) -> [Any]? {
        values.isEmpty ? nil : values.map { CIFilter($0) }
    }

    /// Sets `filters` (or `backgroundFilters`); filters glayers cannot draw are reported and
    /// left out.
    func setFilters(_ list: [Any]?, background: Bool) {
        if background {
            setModel(
                LayerProperty.backgroundFilters, \.backgroundFilters,
                Self.filterValues(list, property: "backgroundFilters"))
        } else {
            setModel(LayerProperty.filters, \.filters, Self.filterValues(list, property: "filters"))
        }
    }

    /// Sets `compositingFilter` from a blend-mode `CIFilter` or its name; anything else is
    /// reported and clears it.
    /// Sets `shadowRadius`, with a warning when it is over `EngineLimits.maximumBlurRadius`
    /// (kept as given, drawn as the limit).
    func setShadowRadius(_ newValue: CGFloat) {
        if newValue > EngineLimits.maximumBlurRadius {
            Diagnostics.warn(
                "\(diagnosticName): shadowRadius \(newValue) is over the limit (\(EngineLimits.maximumBlurRadius)); drawn as \(EngineLimits.maximumBlurRadius)"
            )
        }
        setModel(.shadowRadius, newValue)
    }

    func setCompositingFilter(_ newValue: Any?) {
        var value: FilterValue?
        switch newValue {
        case nil: value = nil
        case let f as CIFilter: value = f.filterValue
        case let s as String: value = FilterKind(filterName: s).map { FilterValue(kind: $0) }
        default: value = nil
        }
        if let newValue, value == nil || value?.kind.isBlendMode == false {
            Diagnostics.warn(
                "\(diagnosticName): compositingFilter \(String(describing: newValue)) is not a blend mode glayers draws; ignored"
            )
            value = nil
        }
        setModel(LayerProperty.compositingFilter, \.compositingFilter, value)
    }

    static func filterValues(_ list: [Any]?, property: String) -> [FilterValue] {
        var out: [FilterValue] = []
        for item in list ?? [] {
            if let f = item as? CIFilter {
                out.append(f.filterValue)
            } else {
                Diagnostics.warn("\(property): \(item) is not a CIFilter; left out")
            }
        }
        return out
    }

    // MARK: Contents

    /// Sets `contents`: a `CGImage` is drawn; other objects are kept (so the getter returns
    /// them) but not drawn, with a warning.
    func setContents(_ newValue: Any?) {
        let value = ContentsValue(newValue)
        if case .unsupported(let v) = value {
            Diagnostics.warn(
                "\(diagnosticName): contents of type \(type(of: v.value)) cannot be drawn; use a CGImage", once: true)
        }
        setModel(.contents, value)
        // Contents the app sets are an image placed by contentsGravity, not the layer's drawing.
        if layerState.backing != nil { modifyModel { $0.backing = nil } }
    }

    /// The default of `contentsAreFlipped()`: an odd number of layers from this one up to the
    /// root (through the layers masks belong to) have `isGeometryFlipped` (CALayer.h,
    /// docs/semantics.md#flipped-geometry).
    func contentsAreFlippedDefault() -> Bool {
        var flipped = layerState.isGeometryFlipped
        let model = presentationSource ?? self
        var node = model.superlayerStorage ?? model.maskOwner
        while let n = node {
            if n.layerState.isGeometryFlipped { flipped.toggle() }
            node = n.superlayerStorage ?? n.maskOwner
        }
        return flipped
    }
}
