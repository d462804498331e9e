/// `CAEmitterLayer`: a layer that emits, moves and draws particles (CAEmitterLayer.h). Its
/// `emitterCells` say what kinds of particle it emits; its own properties where (the emission
/// shape), and multiply the cells' rates, lifetimes, velocities, scales and spins.
///
/// Particles are simulated from the layer's local time 0 (its `beginTime`) in fixed steps of
/// 1/120 s on a generator seeded by `seed`, so the same tree at the same time shows the same
/// particles (`Emitter/ParticleSystem.swift`); they are drawn above the layer's background and
/// contents, below its sublayers, one draw item each (`FrameBuilder+Particles.swift`).
import Foundation
import GLayersGraphics

/// Where particles start (CAEmitterLayer.h `emitterShape`).
public struct CAEmitterLayerEmitterShape: CAStringOption {
    /// The option's string, as Core Animation spells it.
    public let rawValue: String
    /// The option with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// At `emitterPosition` (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// Along a horizontal line `emitterSize.width` long, centred on `emitterPosition`.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// In a rectangle of `emitterSize` centred on `emitterPosition`.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// In a box of `emitterSize` and `emitterDepth` centred on the emitter's position.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// In a circle of radius `emitterSize.width` in the xy plane.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// In a sphere of radius `emitterSize.width`.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the shape particles start from (CAEmitterLayer.h `emitterMode`).
public struct CAEmitterLayerEmitterMode: CAStringOption {
    /// The option's string, as Core Animation spells it.
    public let rawValue: String
    /// The option with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The shape's corners (its centre for a circle or sphere, its ends for a line).
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// The shape's outline (edges, circumference).
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// The shape's surface (faces, a sphere's skin; a rectangle's or circle's area).
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// The shape's inside (the default).
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// The order and blending of particles (CAEmitterLayer.h `renderMode`).
public struct CAEmitterLayerRenderMode: CAStringOption {
    /// The option's string, as Core Animation spells it.
    public let rawValue: String
    /// The option with this string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Cell by cell (the default): one draw per cell.
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// The oldest particles first, the newest on top.
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// The newest particles first, the oldest on top.
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Sorted by z, the farthest first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Added to what lies under them (additive blending), cell by cell.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

extension CAEmitterLayerEmitterShape: PropertyValue {}
extension CAEmitterLayerEmitterMode: PropertyValue {}
extension CAEmitterLayerRenderMode: PropertyValue {}

extension LayerProperty {
    /// `CAEmitterLayer`'s properties (CAEmitterLayer.h, whose "Animatable" ones have implicit
    /// animations here): `emitterCells`, then the layer's multipliers and emission shape.
    enum Emitter {
        static let emitterCells = EmitterCellsProperty()
        static let birthRate = StoredProperty(
            "birthRate", default: CGFloat(1), action: .animation, accepts: { $0.isFinite && $0 >= 0 },
            requirement: "a finite number ≥ 0", summary: "Multiplies every cell's birth rate (default 1).")
        static let lifetime = StoredProperty(
            "lifetime", default: CGFloat(1), action: .animation, accepts: { $0.isFinite && $0 >= 0 },
            requirement: "a finite number ≥ 0",
            summary: "Multiplies every cell's lifetime and lifetime range (default 1).")
        static let emitterPosition = StoredProperty(
            "emitterPosition", default: CGPoint.zero, action: .animation,
            summary: "The centre of the emission shape, in the layer's coordinates.")
        static let emitterZPosition = StoredProperty(
            "emitterZPosition", default: CGFloat(0), action: .animation,
            summary: "The z of the emission shape's centre.")
        static let emitterSize = StoredProperty(
            "emitterSize", default: CGSize.zero, action: .animation,
            summary: "The size of the emission shape [width, height] (a circle's or sphere's radius is the width).")
        static let emitterDepth = StoredProperty(
            "emitterDepth", default: CGFloat(0), action: .animation, summary: "The depth of a cuboid emission shape.")
        static let emitterShape = StoredProperty(
            "emitterShape", default: CAEmitterLayerEmitterShape.point,
            choices: .names(["point", "line", "rectangle", "cuboid", "circle", "sphere"]),
            summary: "The emission shape (default point).")
        static let emitterMode = StoredProperty(
            "emitterMode", default: CAEmitterLayerEmitterMode.volume,
            choices: .names(["points", "outline", "surface", "volume"]),
            summary: "Which part of the shape particles start from (default volume).")
        static let renderMode = StoredProperty(
            "renderMode", default: CAEmitterLayerRenderMode.unordered,
            choices: .names(["unordered", "oldestFirst", "oldestLast", "backToFront", "additive"]),
            summary: "The order and blending of particles (default unordered).")
        static let preservesDepth = StoredProperty(
            "preservesDepth", default: false, summary: "Whether particles keep their z in the superlayer's 3D space.")
        static let velocity = StoredProperty(
            "velocity", default: CGFloat(1), action: .animation,
            summary: "Multiplies every cell's velocity and velocity range (default 1).")
        static let scale = StoredProperty(
            "scale", default: CGFloat(1), action: .animation,
            summary: "Multiplies every cell's scale, scale range and scale speed (default 1).")
        static let spin = StoredProperty(
            "spin", default: CGFloat(1), action: .animation,
            summary: "Multiplies every cell's spin and spin range (default 1).")
        static let seed = StoredProperty(
            "seed", default: CGFloat(0), choices: .integers(0...Int(UInt32.max)),
            summary: "The seed of the particles' random numbers (default 0): the same seed gives the same particles.")

        static let all: [LayerProperty] = [
            emitterCells, birthRate, lifetime, emitterPosition, emitterZPosition, emitterSize, emitterDepth,
            emitterShape, emitterMode, renderMode, preservesDepth, velocity, scale, spin, seed,
        ]
    }
}

private typealias Emitter = LayerProperty.Emitter

/// A layer that emits particles.
open class CAEmitterLayer: CALayer {
    /// The cell objects the app set (a presentation copy makes its own from its state).
    final var cellObjects: [CAEmitterCell]?
    /// The particles (model layers only; made by the first frame that draws the layer).
    final var particleSystem: ParticleSystem?

    /// The kinds of particle the layer emits (default nil). The layer takes a snapshot of the
    /// cells: change them through it (`setValue(_:forKeyPath: "emitterCells.NAME.KEY")`) or
    /// set the array again.
    open var emitterCells: [CAEmitterCell]? {
        get { cellsForAPI }
        set { setEmitterCells(newValue, actionKey: Emitter.emitterCells.key) }
    }
    /// Multiplies every cell's birth rate (default 1).
    open var birthRate: Float {
        get { Float(self[stored: Emitter.birthRate]) }
        set { setMultiplier(Emitter.birthRate, newValue, nonNegative: true) }
    }
    /// Multiplies every cell's lifetime and lifetime range (default 1).
    open var lifetime: Float {
        get { Float(self[stored: Emitter.lifetime]) }
        set { setMultiplier(Emitter.lifetime, newValue, nonNegative: true) }
    }
    /// The centre of the emission shape in the layer's coordinates (default zero).
    open var emitterPosition: CGPoint {
        get { self[stored: Emitter.emitterPosition] }
        set { self[stored: Emitter.emitterPosition] = newValue }
    }
    /// The z of the emission shape's centre (default 0).
    open var emitterZPosition: CGFloat {
        get { self[stored: Emitter.emitterZPosition] }
        set { self[stored: Emitter.emitterZPosition] = newValue }
    }
    /// The size of the emission shape (default zero; a circle's or sphere's radius is the width).
    open var emitterSize: CGSize {
        get { self[stored: Emitter.emitterSize] }
        set { self[stored: Emitter.emitterSize] = newValue }
    }
    /// The depth of a cuboid emission shape (default 0).
    open var emitterDepth: CGFloat {
        get { self[stored: Emitter.emitterDepth] }
        set { self[stored: Emitter.emitterDepth] = newValue }
    }
    /// The emission shape (default point).
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { self[stored: Emitter.emitterShape] }
        set { self[stored: Emitter.emitterShape] = newValue }
    }
    /// Which part of the shape particles start from (default volume).
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { self[stored: Emitter.emitterMode] }
        set { self[stored: Emitter.emitterMode] = newValue }
    }
    /// The order and blending of particles (default unordered).
    open var renderMode: CAEmitterLayerRenderMode {
        get { self[stored: Emitter.renderMode] }
        set { self[stored: Emitter.renderMode] = newValue }
    }
    /// Whether particles keep their z in the superlayer's 3D space instead of being flattened
    /// into the layer's plane (default false).
    open var preservesDepth: Bool {
        get { self[stored: Emitter.preservesDepth] }
        set { self[stored: Emitter.preservesDepth] = newValue }
    }
    /// Multiplies every cell's velocity and velocity range (default 1).
    open var velocity: Float {
        get { Float(self[stored: Emitter.velocity]) }
        set { setMultiplier(Emitter.velocity, newValue, nonNegative: false) }
    }
    /// Multiplies every cell's scale, scale range and scale speed (default 1).
    open var scale: Float {
        get { Float(self[stored: Emitter.scale]) }
        set { setMultiplier(Emitter.scale, newValue, nonNegative: false) }
    }
    /// Multiplies every cell's spin and spin range (default 1).
    open var spin: Float {
        get { Float(self[stored: Emitter.spin]) }
        set { setMultiplier(Emitter.spin, newValue, nonNegative: false) }
    }
    /// The seed of the particles' random numbers (default 0): the same seed, cells and times
    /// give the same particles.
    open var seed: UInt32 {
        get { Self.seedValue(self[stored: Emitter.seed]) }
        set { self[stored: Emitter.seed] = CGFloat(newValue) }
    }

    /// An emitter layer with no cells (it emits nothing until `emitterCells` is set).
    public override init() { super.init() }
    /// An emitter layer with no cells: decoding an archive is not supported.
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    public override init(layer: Any) {
        super.init(layer: layer)
        cellObjects = (layer as? CAEmitterLayer)?.cellObjects
    }

    override class var declaredProperties: [LayerProperty] { super.declaredProperties + Emitter.all }

    /// Sets one of the multipliers, as cells' numbers are set: NaN and infinities refused (the
    /// old value stays), a negative birth rate or lifetime 0, each with a warning.
    private final func setMultiplier(_ p: StoredProperty<CGFloat>, _ value: Float, nonNegative: Bool) {
        guard value.isFinite else {
            Diagnostics.warn("\(diagnosticName): \(p.key) must be a finite number, got \(value); ignored")
            return
        }
        if nonNegative && value < 0 {
            Diagnostics.warn("\(diagnosticName): \(p.key) \(value) is negative; using 0")
            self[stored: p] = 0
            return
        }
        self[stored: p] = CGFloat(value)
    }

    // MARK: Cells

    /// `emitterCells` as the API returns them: the app's objects on a model layer, cells made
    /// from the presented values on a presentation copy.
    final var cellsForAPI: [CAEmitterCell]? {
        guard isPresentationCopy else { return cellObjects }
        let tree = EmitterCellsProperty.tree(in: layerState)
        return tree.nodes.isEmpty ? nil : tree.makeCells(values: EmitterCellsProperty.values(in: layerState))
    }

    /// Keeps `cells` and their snapshot through the change pipeline (`actionKey`: the key the
    /// change's action runs under).
    final func setEmitterCells(_ cells: [CAEmitterCell]?, actionKey: String) {
        cellObjects = cells
        let tree = EmitterCellTree(cells: cells, owner: diagnosticName)
        let p = Emitter.emitterCells
        if isPresentationCopy {
            EmitterCellsProperty.store(tree, into: &layerState)
            return
        }
        explicitProperties.insert(p)
        let change = willChangeModel(actionKey)
        let before = ChangeWitness(p, layerState)
        modifyModel { EmitterCellsProperty.store(tree, into: &$0) }
        didChangeModel(p, before)
        runAction(forChange: change)
    }

    /// `seed` from its stored number (any number may arrive through key-value coding).
    static func seedValue(_ n: CGFloat) -> UInt32 {
        n.isNaN ? 0 : UInt32(max(0, min(CGFloat(UInt32.max), n.rounded(.down))))
    }
}
