/// `CAEmitterCell`: the definition of one kind of particle an emitter layer emits — how many a
/// second, how long they live, how they move, turn, grow and change colour, what image they
/// show, and the cells their particles emit in turn (CAEmitterCell.h).
///
/// A cell is a model object: an emitter layer takes a snapshot of its cells when its
/// `emitterCells` are set (as on Apple's platforms, changing a cell afterwards changes nothing
/// drawn; set `emitterCells` again, or the value through the layer:
/// `layer.setValue(0, forKeyPath: "emitterCells.spark.birthRate")`, which also animates).
/// Values are checked where they enter: NaN is refused, negative rates and lifetimes become 0,
/// negative ranges their magnitude, each with a warning naming the cell and the property.
import Foundation
import GLayersGraphics

/// One kind of particle of an emitter layer.
open class CAEmitterCell: NSObject, CAMediaTiming {
    /// The animatable numbers, in `EmitterCellSlot` order.
    final var numbers = EmitterCellSlot.defaults
    /// Keys stored by key-value coding that the cell does not declare.
    final var extraValues: [String: Any] = [:]
    /// The keys set on the cell (a key not set takes its value from `style`, if it has one).
    final var explicitKeys: Set<String> = []

    // MARK: Creating cells

    /// A cell with Core Animation's defaults. Not `required`, as on Apple's platforms:
    /// subclasses write `override init()`.
    public override init() { super.init() }

    /// A cell with Core Animation's defaults: decoding an archive is not supported (NSCoding's
    /// initializer, which subclasses with initializers of their own provide, as on Apple's).
    public required init?(coder: NSCoder) { super.init() }

    /// A new cell (Apple's `+emitterCell` factory). glayers returns a `CAEmitterCell` of the
    /// class it is called on only for `CAEmitterCell` itself: a subclass's `emitterCell()` is a
    /// plain cell (Swift can make `Self` only through a required initializer, which would stop
    /// subclasses from writing `override init()`); make a subclass's cells with its initializer.
    open class func emitterCell() -> CAEmitterCell { CAEmitterCell() }

    /// The default of `key` (Core Animation's defaults of the cell's properties; nil for other
    /// keys).
    open class func defaultValue(forKey key: String) -> Any? { EmitterCellProperty.named(key)?.defaultValue }

    /// Whether the value of `key` is archived (glayers does not archive; true for every key).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Identity

    /// The cell's name, used in key paths (`emitterCells.NAME.birthRate`); default nil.
    open var name: String?
    /// Whether the cell emits and its particles are drawn (default true).
    open var isEnabled = true

    // MARK: Emission

    /// Particles emitted per second (default 0), multiplied by the layer's `birthRate`.
    open var birthRate: Float {
        get { Float(numbers[EmitterCellSlot.birthRate.rawValue]) }
        set { setNumber(.birthRate, CGFloat(newValue)) }
    }
    /// Seconds a particle lives (default 0), multiplied by the layer's `lifetime`.
    open var lifetime: Float {
        get { Float(numbers[EmitterCellSlot.lifetime.rawValue]) }
        set { setNumber(.lifetime, CGFloat(newValue)) }
    }
    /// How far a particle's lifetime may differ from `lifetime`, either way (uniformly).
    open var lifetimeRange: Float {
        get { Float(numbers[EmitterCellSlot.lifetimeRange.rawValue]) }
        set { setNumber(.lifetimeRange, CGFloat(newValue)) }
    }
    /// The emission direction's angle from the xy plane towards +z, in radians (default 0).
    open var emissionLatitude: CGFloat {
        get { numbers[EmitterCellSlot.emissionLatitude.rawValue] }
        set { setNumber(.emissionLatitude, newValue) }
    }
    /// The emission direction's angle in the xy plane from +x, in radians (default 0; with
    /// y down, π/2 points down the screen).
    open var emissionLongitude: CGFloat {
        get { numbers[EmitterCellSlot.emissionLongitude.rawValue] }
        set { setNumber(.emissionLongitude, newValue) }
    }
    /// The apex angle of the cone about the emission direction that particles leave in,
    /// uniformly, in radians (default 0; 2π: every direction).
    open var emissionRange: CGFloat {
        get { numbers[EmitterCellSlot.emissionRange.rawValue] }
        set { setNumber(.emissionRange, newValue) }
    }

    // MARK: Motion

    /// A particle's initial speed in points per second (default 0), multiplied by the layer's
    /// `velocity`.
    open var velocity: CGFloat {
        get { numbers[EmitterCellSlot.velocity.rawValue] }
        set { setNumber(.velocity, newValue) }
    }
    /// How far a particle's speed may differ from `velocity`, either way.
    open var velocityRange: CGFloat {
        get { numbers[EmitterCellSlot.velocityRange.rawValue] }
        set { setNumber(.velocityRange, newValue) }
    }
    /// Acceleration along x, points per second squared (default 0).
    open var xAcceleration: CGFloat {
        get { numbers[EmitterCellSlot.xAcceleration.rawValue] }
        set { setNumber(.xAcceleration, newValue) }
    }
    /// Acceleration along y (down the screen), points per second squared (default 0).
    open var yAcceleration: CGFloat {
        get { numbers[EmitterCellSlot.yAcceleration.rawValue] }
        set { setNumber(.yAcceleration, newValue) }
    }
    /// Acceleration along z, points per second squared (default 0).
    open var zAcceleration: CGFloat {
        get { numbers[EmitterCellSlot.zAcceleration.rawValue] }
        set { setNumber(.zAcceleration, newValue) }
    }

    // MARK: Size and rotation

    /// A particle's initial scale of its image (default 1), multiplied by the layer's `scale`.
    open var scale: CGFloat {
        get { numbers[EmitterCellSlot.scale.rawValue] }
        set { setNumber(.scale, newValue) }
    }
    /// How far a particle's scale may differ from `scale`, either way.
    open var scaleRange: CGFloat {
        get { numbers[EmitterCellSlot.scaleRange.rawValue] }
        set { setNumber(.scaleRange, newValue) }
    }
    /// How much a particle's scale changes per second (default 0).
    open var scaleSpeed: CGFloat {
        get { numbers[EmitterCellSlot.scaleSpeed.rawValue] }
        set { setNumber(.scaleSpeed, newValue) }
    }
    /// A particle's rotation speed in radians per second (default 0; positive turns clockwise
    /// on screen), multiplied by the layer's `spin`.
    open var spin: CGFloat {
        get { numbers[EmitterCellSlot.spin.rawValue] }
        set { setNumber(.spin, newValue) }
    }
    /// How far a particle's rotation speed may differ from `spin`, either way.
    open var spinRange: CGFloat {
        get { numbers[EmitterCellSlot.spinRange.rawValue] }
        set { setNumber(.spinRange, newValue) }
    }

    // MARK: Colour

    /// The colour that multiplies a particle's image (default opaque white; nil sets white).
    open var color: CGColor? {
        get { CGColor(red: number(.red), green: number(.green), blue: number(.blue), alpha: number(.alpha)) }
        set {
            let c = newValue?.rgba ?? RGBA(1, 1, 1, 1)
            for (slot, v) in [(EmitterCellSlot.red, c.r), (.green, c.g), (.blue, c.b), (.alpha, c.a)] {
                setNumber(slot, v, key: "color")
            }
        }
    }
    /// How far a particle's red may differ from the colour's, either way.
    open var redRange: Float {
        get { float(.redRange) }
        set { setNumber(.redRange, CGFloat(newValue)) }
    }
    /// How far a particle's green may differ from the colour's, either way.
    open var greenRange: Float {
        get { float(.greenRange) }
        set { setNumber(.greenRange, CGFloat(newValue)) }
    }
    /// How far a particle's blue may differ from the colour's, either way.
    open var blueRange: Float {
        get { float(.blueRange) }
        set { setNumber(.blueRange, CGFloat(newValue)) }
    }
    /// How far a particle's alpha may differ from the colour's, either way.
    open var alphaRange: Float {
        get { float(.alphaRange) }
        set { setNumber(.alphaRange, CGFloat(newValue)) }
    }
    /// How much a particle's red changes per second (kept within 0…1).
    open var redSpeed: Float {
        get { float(.redSpeed) }
        set { setNumber(.redSpeed, CGFloat(newValue)) }
    }
    /// How much a particle's green changes per second.
    open var greenSpeed: Float {
        get { float(.greenSpeed) }
        set { setNumber(.greenSpeed, CGFloat(newValue)) }
    }
    /// How much a particle's blue changes per second.
    open var blueSpeed: Float {
        get { float(.blueSpeed) }
        set { setNumber(.blueSpeed, CGFloat(newValue)) }
    }
    /// How much a particle's alpha changes per second.
    open var alphaSpeed: Float {
        get { float(.alphaSpeed) }
        set { setNumber(.alphaSpeed, CGFloat(newValue)) }
    }

    // MARK: Contents

    /// The particle's image, a `CGImage` (default nil: particles draw nothing, though they still
    /// emit their sub-cells).
    open var contents: Any? { didSet { explicitKeys.insert("contents") } }
    /// The part of the image drawn, in unit coordinates (default the unit rect).
    open var contentsRect: CGRect {
        get {
            CGRect(
                x: number(.contentsX), y: number(.contentsY), width: number(.contentsWidth),
                height: number(.contentsHeight))
        }
        set {
            let parts: [(EmitterCellSlot, CGFloat)] = [
                (.contentsX, newValue.origin.x), (.contentsY, newValue.origin.y), (.contentsWidth, newValue.width),
                (.contentsHeight, newValue.height),
            ]
            for (slot, v) in parts { setNumber(slot, v, key: "contentsRect") }
        }
    }
    /// Pixels of the image per point of the particle (default 1).
    open var contentsScale: CGFloat = 1 {
        didSet {
            explicitKeys.insert("contentsScale")
            guard !(contentsScale > 0 && contentsScale.isFinite) else { return }
            Diagnostics.warn("\(diagnosticName): contentsScale must be positive, got \(contentsScale); ignored")
            contentsScale = oldValue
        }
    }
    /// The filter used when the image is drawn smaller (default "linear").
    open var minificationFilter = "linear"
    /// The filter used when the image is drawn larger (default "linear"; "nearest" samples the
    /// nearest pixel).
    open var magnificationFilter = "linear"
    /// The level-of-detail bias of the minification filter (kept; glayers does not use it).
    open var minificationFilterBias: Float = 0

    // MARK: Sub-cells and style

    /// Cells each particle of this cell emits, from its position, relative to its direction of
    /// motion (default nil).
    open var emitterCells: [CAEmitterCell]?
    /// Values for properties not set on the cell (as a layer's `style`).
    open var style: [AnyHashable: Any]?

    // MARK: CAMediaTiming

    /// When the cell starts emitting, in its parent's time: the emitter layer's time for its
    /// cells, a particle's age for the cells it emits (default 0).
    open var beginTime: CFTimeInterval = 0
    /// How long the cell emits for, in its own time (default 0: for ever).
    open var duration: CFTimeInterval = 0
    /// How fast the cell's time runs: its particles age, move and emit at this rate (default 1).
    open var speed: Float = 1
    /// An offset added to the cell's time (default 0).
    open var timeOffset: CFTimeInterval = 0
    /// How many times `duration` repeats (default 0: once).
    open var repeatCount: Float = 0
    /// How long the cell repeats, in seconds (default 0).
    open var repeatDuration: CFTimeInterval = 0
    /// Whether each cycle plays forward then backward (a cycle's emission time doubles).
    open var autoreverses = false
    /// What the cell shows outside its active time (kept; a cell only emits while active).
    open var fillMode = CAMediaTimingFillMode.removed

    // MARK: Key-value coding (CAEmitterCell+KeyValueCoding.swift)

    /// Sets a declared property by name (checked as its Swift setter checks it), or keeps any
    /// other key; a value of the wrong type is reported and ignored.
    open func setValue(_ value: Any?, forKey key: String) { setValueDefault(value, forKey: key) }
    /// The value of a declared property, or of another key (its style value or default when
    /// unset).
    open func value(forKey key: String) -> Any? { valueDefault(forKey: key) }
    /// Sets the value at a key path: a key, or `emitterCells.NAME.KEYPATH` of a sub-cell.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { setValueDefault(value, forKeyPath: keyPath) }
    /// The value at a key path (nil, with a warning, for an unknown sub-cell).
    open func value(forKeyPath keyPath: String) -> Any? { valueDefault(forKeyPath: keyPath) }

    open override var description: String {
        "<CAEmitterCell\(name.map { " \"\($0)\"" } ?? "") birthRate=\(birthRate) lifetime=\(lifetime)>"
    }

    // MARK: Numbers

    /// The cell as diagnostics name it.
    var diagnosticName: String { name.map { "CAEmitterCell \"\($0)\"" } ?? "a CAEmitterCell" }

    @inline(__always)
    final func number(_ slot: EmitterCellSlot) -> CGFloat { numbers[slot.rawValue] }

    @inline(__always)
    private func float(_ slot: EmitterCellSlot) -> Float { Float(numbers[slot.rawValue]) }

    /// Sets a number after checking it (`key`: the property named in warnings and recorded as
    /// set; the slot's own name by default).
    final func setNumber(_ slot: EmitterCellSlot, _ value: CGFloat, key: String? = nil) {
        let property = EmitterCellProperty.named(key ?? String(describing: slot))
        let (v, warning) =
            property.map { $0.checked(value, owner: diagnosticName) } ?? (value.isFinite ? value : nil, nil)
        if let warning { Diagnostics.warn(warning) }
        guard let v else { return }
        numbers[slot.rawValue] = v
        explicitKeys.insert(key ?? String(describing: slot))
    }
}
