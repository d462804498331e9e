/// Filters for `filters`, `backgroundFilters` and `compositingFilter`, spelled as Core Image
/// names them (`CIFilter(name: "CIBloom")`), and their typed form in a layer's state.
///
/// glayers implements the filters the renderer can draw (the table in `FilterKind`); an
/// unknown name gives nil from `CIFilter(name:)` and a warning, never a silently wrong picture.
import Foundation

/// A filter the renderer implements.
package enum FilterKind: String, CaseIterable, Sendable {
    case gaussianBlur = "CIGaussianBlur"
    case bloom = "CIBloom"
    case colorInvert = "CIColorInvert"
    case colorMonochrome = "CIPhotoEffectMono"
    case sepiaTone = "CISepiaTone"
    case colorControls = "CIColorControls"
    case multiply = "CIMultiplyBlendMode"
    case screen = "CIScreenBlendMode"
    case overlay = "CIOverlayBlendMode"
    case darken = "CIDarkenBlendMode"
    case lighten = "CILightenBlendMode"
    case difference = "CIDifferenceBlendMode"
    case colorDodge = "CIColorDodgeBlendMode"
    case colorBurn = "CIColorBurnBlendMode"
    case softLight = "CISoftLightBlendMode"
    case hardLight = "CIHardLightBlendMode"
    case exclusion = "CIExclusionBlendMode"
    case linearBurn = "CILinearBurnBlendMode"
    case linearDodge = "CILinearDodgeBlendMode"
    case linearLight = "CILinearLightBlendMode"
    case pinLight = "CIPinLightBlendMode"
    case vividLight = "CIVividLightBlendMode"
    case subtract = "CISubtractBlendMode"
    case divide = "CIDivideBlendMode"
    case hue = "CIHueBlendMode"
    case saturation = "CISaturationBlendMode"
    case color = "CIColorBlendMode"
    case luminosity = "CILuminosityBlendMode"
    case sourceOver = "CISourceOverCompositing"
    /// Porter-Duff XOR: Core Animation's compositing filter `xor` (`kCAFilterXor`, which
    /// lottie-ios sets for inverted mattes). Core Image has no filter of that name (only
    /// `CIBlendKernel.exclusiveOr`), so this kind has no Core Image spelling
    /// (docs/semantics.md#filters-and-blend-modes).
    case xor = "xor"

    /// The kind for a Core Image name, or for Core Animation's short compositing names
    /// (`multiplyBlendMode`, `screenBlendMode`, …, and `xor`).
    package init?(filterName: String) {
        if let k = FilterKind(rawValue: filterName) {
            self = k
            return
        }
        let short = FilterKind.allCases.first {
            guard $0.rawValue.hasPrefix("CI") else { return false }
            let raw = $0.rawValue.dropFirst(2)  // "CI"
            return raw.prefix(1).lowercased() + raw.dropFirst() == filterName
        }
        guard let short else { return nil }
        self = short
    }

    /// The numeric inputs of the filter and their defaults (Core Image's defaults).
    package var inputs: [(key: String, defaultValue: Double)] {
        switch self {
        case .gaussianBlur: return Self.blurInputs
        case .bloom: return Self.bloomInputs
        case .sepiaTone: return Self.sepiaInputs
        case .colorControls: return Self.colorControlsInputs
        default: return []
        }
    }

    // The tables `inputs` returns, made once (an animation of an input looks it up in them).
    private static let blurInputs: [(key: String, defaultValue: Double)] = [("inputRadius", 10)]
    private static let bloomInputs: [(key: String, defaultValue: Double)] = [
        ("inputRadius", 10), ("inputIntensity", 0.5),
    ]
    private static let sepiaInputs: [(key: String, defaultValue: Double)] = [("inputIntensity", 1)]
    private static let colorControlsInputs: [(key: String, defaultValue: Double)] = [
        ("inputSaturation", 1), ("inputBrightness", 0), ("inputContrast", 1),
    ]

    /// The position of `key` among the filter's inputs (its slot in a `FilterValue`), or nil
    /// when the filter has no such input.
    package func inputIndex(_ key: String) -> Int? {
        inputs.firstIndex { $0.key == key }
    }

    /// Whether the filter is a blend mode (for `compositingFilter`).
    package var isBlendMode: Bool {
        switch self {
        case .multiply, .screen, .overlay, .darken, .lighten, .difference, .colorDodge, .colorBurn, .softLight,
            .hardLight, .exclusion, .linearBurn, .linearDodge, .linearLight, .pinLight, .vividLight, .subtract,
            .divide, .hue, .saturation, .color, .luminosity, .sourceOver, .xor:
            return true
        default:
            return false
        }
    }
}

/// A filter in a layer's state: its kind, its `name` (for `filters.NAME.KEY` key paths) and up
/// to three numeric inputs, stored inline so presentation can animate them without allocating.
package struct FilterValue: Equatable {
    package var kind: FilterKind
    package var name: String?
    package var enabled = true
    var slots: (Double, Double, Double) = (0, 0, 0)

    /// A filter of `kind` with Core Image's default inputs.
    package init(kind: FilterKind, name: String? = nil) {
        self.kind = kind
        self.name = name
        for (i, input) in kind.inputs.enumerated() { setSlot(i, input.defaultValue) }
    }

    /// The value of `input`, or nil when the filter has no such input.
    package func input(_ key: String) -> Double? {
        guard let i = kind.inputIndex(key) else { return nil }
        return slot(i)
    }

    /// Sets `input`; returns false when the filter has no such input.
    @discardableResult
    package mutating func setInput(_ key: String, _ value: Double) -> Bool {
        guard let i = kind.inputIndex(key) else { return false }
        setSlot(i, value)
        return true
    }

    /// Input 0 (`inputRadius` for blur and bloom).
    package var radius: Double { slot(0) }
    /// Input 1 (`inputIntensity` for bloom).
    package var intensity: Double { kind == .sepiaTone ? slot(0) : slot(1) }

    func slot(_ i: Int) -> Double {
        switch i {
        case 0: return slots.0
        case 1: return slots.1
        default: return slots.2
        }
    }

    mutating func setSlot(_ i: Int, _ v: Double) {
        switch i {
        case 0: slots.0 = v
        case 1: slots.1 = v
        default: slots.2 = v
        }
    }

    package static func == (a: FilterValue, b: FilterValue) -> Bool {
        a.kind == b.kind && a.name == b.name && a.enabled == b.enabled && a.slots == b.slots
    }
}

/// A Core Image style filter object (`CIFilter(name: "CIBloom")`), as layers take them.
open class CIFilter: NSObject {
    /// The filter's name: its Core Image name until you set another, which key paths such as
    /// `filters.pulseFilter.inputIntensity` refer to.
    open var name: String
    /// Whether the filter is applied.
    open var isEnabled = true
    /// The filter's kind.
    package let kind: FilterKind
    private var values: [String: Double] = [:]

    /// A filter by Core Image name; nil (with a warning) for a filter glayers does not draw.
    public init?(name filterName: String) {
        guard let kind = FilterKind(filterName: filterName) else {
            let known = FilterKind.allCases.map(\.rawValue).joined(separator: ", ")
            Diagnostics.warn("CIFilter: \"\(filterName)\" is not a filter glayers draws (known: \(known))")
            return nil
        }
        self.kind = kind
        self.name = filterName
        super.init()
        setDefaults()
    }

    /// A filter with inputs from a dictionary (Apple's `init(name:parameters:)`).
    public convenience init?(name filterName: String, parameters: [String: Any]?) {
        self.init(name: filterName)
        for (k, v) in parameters ?? [:] { setValue(v, forKey: k) }
    }

    /// Resets every input to its default.
    open func setDefaults() {
        for input in kind.inputs { values[input.key] = input.defaultValue }
    }

    /// The names of the filter's inputs.
    open var inputKeys: [String] { kind.inputs.map(\.key) }

    /// Sets an input (or `name`, `enabled`).
    ///
    /// - A key the filter lacks, or a non-numeric value, is reported and ignored.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name":
            if let s = value as? String { name = s }
        case "enabled", "isEnabled":
            isEnabled = NumberCoercion.bool(value) ?? true
        default:
            guard inputKeys.contains(key) else {
                Diagnostics.warn(
                    "CIFilter \(kind.rawValue): unknown input \"\(key)\" (inputs: \(inputKeys.joined(separator: ", ")))"
                )
                return
            }
            guard let d = NumberCoercion.double(value), d.isFinite else {
                Diagnostics.warn("CIFilter \(kind.rawValue): \(key) expects a finite number")
                return
            }
            if key == "inputRadius" && d > EngineLimits.maximumBlurRadius {
                Diagnostics.warn(
                    "CIFilter \(kind.rawValue): inputRadius \(d) is over the limit (\(EngineLimits.maximumBlurRadius)); drawn as \(EngineLimits.maximumBlurRadius)"
                )
            }
            values[key] = d
        }
    }

    /// The value of an input (or `name`, `enabled`).
    open func value(forKey key: String) -> Any? {
        switch key {
        case "name": return name
        case "enabled", "isEnabled": return isEnabled
        default: return values[key]
        }
    }

    /// The filter's state as a layer stores it.
    var filterValue: FilterValue {
        var v = FilterValue(kind: kind, name: name)
        v.enabled = isEnabled
        for (k, d) in values { v.setInput(k, d) }
        return v
    }

    /// A filter object for a state value (what `filters` returns).
    convenience init(_ value: FilterValue) {
        // The kind is known, so the failable initializer cannot fail here.
        self.init(kind: value.kind)
        name = value.name ?? value.kind.rawValue
        isEnabled = value.enabled
        for input in value.kind.inputs { values[input.key] = value.input(input.key) }
    }

    private init(kind: FilterKind) {
        self.kind = kind
        self.name = kind.rawValue
        super.init()
        setDefaults()
    }
}
