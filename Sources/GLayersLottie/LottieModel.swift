/// The decoded form of a Lottie (Bodymovin) file: a composition, its assets, its layers and
/// their shape items, with every animatable value as keyframes. Nothing here knows about
/// layers or animations of the engine; `LottieBuilder` turns this model into them
/// (docs/lottie.md has the format's rules and where each comes from).
import Foundation
import GLayersJSON

/// One keyframe of a value, at a frame of its layer's time.
///
/// Bodymovin keeps a segment's easing on the keyframe that starts it: `o` (the first control
/// point of the segment's timing curve) and `i` (the second), as a CSS cubic-bezier from
/// (0, 0) to (1, 1); `h` holds the value until the next keyframe; `to` and `ti` are the spatial
/// tangents of a motion path (relative to the segment's start and end values).
struct Keyframe<Value> {
    var time: Double
    var value: Value
    var hold = false
    var easeOut = CGPoint(x: 0, y: 0)
    var easeIn = CGPoint(x: 1, y: 1)
    var spatialOut: CGPoint?
    var spatialIn: CGPoint?
}

/// A value over time: one keyframe when it does not change.
struct Animated<Value> {
    let keyframes: [Keyframe<Value>]
    /// Whether the value changes over time. Stored: asked through `Track` (generic code), the
    /// keyframes' count instantiated the type `Keyframe<Value>` at run time on every call
    /// (400 instructions; half a millisecond of loading a 1 MB file).
    let isAnimated: Bool

    init(_ keyframes: [Keyframe<Value>]) {
        self.keyframes = keyframes
        isAnimated = keyframes.count > 1
    }
    init(constant value: Value) {
        keyframes = [Keyframe(time: 0, value: value)]
        isAnimated = false
    }

    /// The value before any change.
    var initial: Value { keyframes[0].value }

    /// The same keyframes with their values mapped.
    func map<T>(_ f: (Value) -> T) -> Animated<T> {
        Animated<T>(
            keyframes.map {
                Keyframe(
                    time: $0.time, value: f($0.value), hold: $0.hold, easeOut: $0.easeOut, easeIn: $0.easeIn,
                    spatialOut: $0.spatialOut, spatialIn: $0.spatialIn)
            })
    }
}

/// A Bézier shape: vertices with in and out tangents relative to them (Bodymovin's `v`, `i`, `o`).
struct BezierShape: Equatable {
    var vertices: [CGPoint]
    var inTangents: [CGPoint]
    var outTangents: [CGPoint]
    var closed: Bool
    /// Whether every segment is drawn as a curve, straight ones too (their control points at
    /// their ends): shapes whose keyframes must have the same elements to morph, where a
    /// segment is straight at one keyframe and curved at another (corners rounded from 0).
    var curvesOnly = false
}

/// A layer's (or a shape group's) transform, in After Effects' terms: the anchor (in the
/// layer's own space) goes to the position; scale (percent), skew along an axis and rotation
/// (degrees) turn about it; opacity in percent.
struct TransformModel {
    var anchor = Animated<[Double]>(constant: [0, 0])
    /// The position as one value; nil when it is split into `positionX` and `positionY`.
    var position: Animated<[Double]>? = Animated(constant: [0, 0])
    var positionX: Animated<Double>?
    var positionY: Animated<Double>?
    var scale = Animated<[Double]>(constant: [100, 100])
    var rotation = Animated<Double>(constant: 0)
    /// Rotations about the x and y axes (degrees; `rx`, `ry`), drawn without perspective.
    var rotationX = Animated<Double>(constant: 0)
    var rotationY = Animated<Double>(constant: 0)
    var skew = Animated<Double>(constant: 0)
    var skewAxis = Animated<Double>(constant: 0)
    var opacity = Animated<Double>(constant: 100)
}

/// A mask on a layer (`masksProperties`).
struct MaskModel {
    enum Mode: String {
        case add = "a", subtract = "s", intersect = "i", lighten = "l", darken = "d", difference = "f", none = "n"
    }
    var mode: Mode
    var path: Animated<BezierShape>
    var inverted: Bool
    var expansion: Animated<Double>
}

/// The track matte a layer takes from another (`tt`).
enum MatteMode: Int {
    case alpha = 1, alphaInverted = 2, luma = 3, lumaInverted = 4
}

/// A colour stop list of a gradient: `count` colour stops (offset, r, g, b), then opacity stops
/// (offset, alpha) in the rest of the numbers.
struct GradientStops {
    var colorCount: Int
    var values: Animated<[Double]>
}

/// The items of a shape layer, in file order (the first is drawn on top).
indirect enum ShapeItem {
    case group(items: [ShapeItem], transform: TransformModel, name: String)
    case path(Animated<BezierShape>, reversed: Bool)
    case rect(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<Double>, reversed: Bool)
    case ellipse(position: Animated<[Double]>, size: Animated<[Double]>, reversed: Bool)
    case star(StarModel)
    case fill(color: Animated<[Double]>, opacity: Animated<Double>, evenOdd: Bool)
    case stroke(StrokeModel)
    case gradientFill(GradientModel)
    case gradientStroke(GradientModel, StrokeModel)
    case trim(start: Animated<Double>, end: Animated<Double>, offset: Animated<Double>, individually: Bool)
    case repeater(RepeaterModel)
    case roundedCorners(radius: Animated<Double>)
    /// A group's transform (`tr`), taken out of the group's items by the decoder.
    case transform(TransformModel)
    /// Something decoded and reported as not supported, or hidden (`hd`): draws nothing.
    case ignored
}

/// A star or polygon (`sr`).
struct StarModel {
    var isPolygon: Bool
    var position: Animated<[Double]>
    var points: Animated<Double>
    var rotation: Animated<Double>
    var outerRadius: Animated<Double>
    var innerRadius: Animated<Double>
    var outerRoundness: Animated<Double>
    var innerRoundness: Animated<Double>
    var reversed: Bool
}

/// The line of a stroke: colour (unused by gradient strokes), opacity (percent), width, caps,
/// joins and dashes.
struct StrokeModel {
    enum Cap: Int { case butt = 1, round = 2, square = 3 }
    enum Join: Int { case miter = 1, round = 2, bevel = 3 }
    var color = Animated<[Double]>(constant: [0, 0, 0, 1])
    var opacity = Animated<Double>(constant: 100)
    var width = Animated<Double>(constant: 1)
    var cap = Cap.round
    var join = Join.round
    var miterLimit: Double = 4
    /// Dash lengths alternating on and off, then nil; the dash offset.
    var dashes: [Animated<Double>] = []
    var dashOffset = Animated<Double>(constant: 0)
}

/// A gradient fill or stroke: linear or radial from `start` to `end` (the radius's end for a
/// radial one), with colour and opacity stops.
struct GradientModel {
    var radial: Bool
    var start: Animated<[Double]>
    var end: Animated<[Double]>
    var stops: GradientStops
    var opacity: Animated<Double>
    var evenOdd: Bool
}

/// A repeater: `copies` copies of what lies above it in its group, each moved and turned once
/// more by `transform` (as lottie-ios builds it: its offset, start and end opacities and
/// composite order are not read, and its scale applies once to every copy).
struct RepeaterModel {
    var copies: Animated<Double>
    var transform: TransformModel
}

/// A drop shadow (the effect, or the layer style), in the terms lottie-ios gives Core
/// Animation: the decoder turns the effect's direction (clockwise from up) and the style's
/// angle into one angle (clockwise from +x, 90° straight down), and the effect's softness ÷ 5
/// and the style's size ÷ 2 into a blur radius, as lottie-ios does (its renderings are the
/// references: docs/lottie.md, "Drop shadows").
struct ShadowModel {
    var color: Animated<[Double]>
    /// 0…1.
    var opacity: Animated<Double>
    /// Degrees, clockwise from +x (90 = straight down).
    var angle: Animated<Double>
    var distance: Animated<Double>
    /// The blur radius.
    var softness: Animated<Double>
}

/// What a layer draws.
enum LayerContent {
    case precomp(assetID: String, size: CGSize)
    case solid(color: [Double], size: CGSize)
    case image(assetID: String)
    case null
    case shapes([ShapeItem])
    /// Text, set in the file's glyphs or a font (`TextBuilder`).
    case text(TextDocumentModel)
    /// A layer kind that is not played (text, audio, camera, …): draws nothing.
    case unsupported
}

/// One layer of a composition.
struct LayerModel {
    var name: String
    var index: Int?
    var parent: Int?
    var content: LayerContent
    var transform: TransformModel
    var autoOrient: Bool
    /// In and out points, start time (frames) and time stretch.
    var inPoint: Double
    var outPoint: Double
    var startTime: Double
    var stretch: Double
    var timeRemap: Animated<Double>?
    var masks: [MaskModel]
    var matte: MatteMode?
    var isMatteSource: Bool
    /// The index of the matte's layer when given (`tp`); otherwise the layer above.
    var matteParent: Int?
    var hidden: Bool
    var blendMode: Int
    var shadow: ShadowModel?
    var path: JSONPath
}

/// An asset: a composition that precomp layers show, or an image.
enum AssetModel {
    case precomp(layers: [LayerModel])
    /// An image: its bytes (decoded from a data URI or read from beside the file), or nil when
    /// it could not be found (drawn as nothing, with a warning).
    case image(data: Data?, size: CGSize, name: String)
}

/// A whole Lottie file.
struct CompositionModel {
    var size: CGSize
    var frameRate: Double
    var inPoint: Double
    var outPoint: Double
    var layers: [LayerModel]
    var assets: [String: AssetModel]
    var name: String
    /// The file's fonts by name, and the glyph outlines it carries (`GlyphModel.key`).
    var fonts: [String: FontModel] = [:]
    var glyphs: [String: GlyphModel] = [:]
}
