/// `CALayer`: the model object of the layer tree.
///
/// A layer holds its model values in one typed `LayerState`, its place in the tree, its
/// animations and its non-animatable settings. What it does lives in the files named after it:
/// geometry (`CALayer+Geometry`), style and contents (`CALayer+Properties`), hierarchy,
/// conversion and hit testing, key-value coding, layout, display, actions, animations and
/// presentation.
///
/// Swift lets a subclass override only the members of a class's own declaration (a member of
/// an extension cannot be overridden without the Objective-C runtime), and every member of
/// Apple's `CALayer` can be overridden. So this declaration lists all of them, `open`, each in
/// a few lines that call its implementation in those files. The engine's per-frame work reads
/// the internal storage (`layerState`, `sublayerStorage`, `speedStorage`, …), never these
/// members, so an override costs nothing per frame.
import Foundation
import GLayersGraphics

/// A layer: a rectangle with contents, style and sublayers, animated by Core Animation.
open class CALayer: NSObject, CAMediaTiming {
    // MARK: What every frame reads
    // Declared first so that they share the object's first cache lines (stored properties are
    // laid out in declaration order): evaluating an animated layer touches these and its
    // animation block, nothing else. They are internal and final, so reading them is a load,
    // never a dynamic call; the open API below is their face.

    /// The superlayer. Not retained and not weak (weak references make every retain of a layer
    /// slower): a layer clears its sublayers' and mask's back references when it goes away.
    /// Moving a layer changes the media times of its animations' events.
    @exclusivity(unchecked) unowned(unsafe) var superlayerStorage: CALayer? {
        didSet { TransactionContext.current.animationTimesChanged() }
    }
    /// Flattening's memo of the layer's own item, reused while only its placement changes
    /// (FrameBuilder+Memo.swift): made the first time flattening keeps one, on a cache line of
    /// its own (five lines), and kept until the layer goes. A layer never flattened (a scene
    /// being validated or dumped) or never memoized (it has sublayers) holds this pointer
    /// instead of the 288 bytes of a memo. Read through `flattenMemo` while `hasFlattenMemo`;
    /// in the object's first line, which flattening loads a few layers ahead of the memo.
    @exclusivity(unchecked) package final var flattenMemoStorage: UnsafeMutablePointer<FlattenMemo>?
    /// `speed`, `beginTime` and `timeOffset` of `CAMediaTiming`, which map the superlayer's time
    /// to the layer's every frame (CALayer+Timing.swift).
    @exclusivity(unchecked) final var speedStorage: Float = 1
    @exclusivity(unchecked) final var beginTimeStorage: CFTimeInterval = 0
    @exclusivity(unchecked) final var timeOffsetStorage: CFTimeInterval = 0
    /// The layer's time cycle when `duration` is finite and positive (`LayerTimeCycle`): read
    /// with the three above by every mapping of time (`fromParentTime`), so kept beside them.
    @exclusivity(unchecked) final var timeCycle: LayerTimeCycle?
    /// The sublayers (CALayer+Hierarchy.swift). A change may make this layer a leaf or no
    /// longer one, which its superlayer's count of branches depends on.
    @exclusivity(unchecked) var sublayerStorage: [CALayer] = [] {
        didSet {
            paintOrderIsCurrent = false
            sublayerBranches = -1
            superlayerStorage?.sublayerBranches = -1
        }
    }
    @exclusivity(unchecked) var maskStorage: CALayer? { didSet { superlayerStorage?.sublayerBranches = -1 } }
    /// Counts the changes of `layerState` (`modifyModel`): what flattening made of the layer's
    /// model values stays valid while it stays the same (`flattenMemo`).
    @exclusivity(unchecked) final var modelStamp: UInt32 = 0
    /// Whether `flattenMemo` holds an item (read where flattening prefetches, before the memo).
    @exclusivity(unchecked) package final var hasFlattenMemo = false
    /// How many sublayers have sublayers or a mask, counted up to 64 by the evaluation sweep of
    /// a wide layer (CALayer+PresentationTree.swift), so that a steady frame does not read every
    /// sublayer again to count them; -1: not counted since the sublayers or their own
    /// sublayers or masks changed.
    @exclusivity(unchecked) final var sublayerBranches: Int8 = -1
    /// The animations and their presentation cache (AnimationStack.swift); what a frame reads
    /// of it comes first in it, and ends within the object's first two cache lines.
    @exclusivity(unchecked) final var animations = AnimationStack()

    /// Model values (or, on a presentation copy, the presented values). Changed through
    /// `modifyModel` (CALayer+Changes.swift), which tells the presentation cache.
    @exclusivity(unchecked) final var layerState = LayerState()

    /// What few layers set (name, delegate, actions, style, layout, their own time cycle,
    /// host and mask bookkeeping): made the first time one of them is given a value other than
    /// its default (LayerColdFields.swift); nil until then, 8 bytes instead of 240.
    @exclusivity(unchecked) var coldStorage: LayerColdFields?
    /// Whether the layer has been committed as part of a live tree (only such layers run
    /// actions for property changes; CALayer+Changes.swift).
    @exclusivity(unchecked) var isCommittedLive = false

    // Presentation copies (CALayer+Presentation.swift).
    /// The model layer this presentation copy was made from; nil for model layers.
    @exclusivity(unchecked) var presentationSource: CALayer?
    /// The media time a presentation copy shows.
    var presentationTime: CFTimeInterval = 0

    // Layout and display state (CALayer+Layout.swift, CALayer+Display.swift).
    @exclusivity(unchecked) var needsLayoutFlag = false
    @exclusivity(unchecked) var needsDisplayFlag = false
    /// The properties set on the layer since it was made (CALayer+Style.swift).
    var explicitProperties = PropertySet()
    /// The sublayers' indices in paint order (by zPosition; empty when that is their order),
    /// valid while `paintOrderIsCurrent` (FlattenNode.swift).
    @exclusivity(unchecked) var paintOrder: [Int32] = []
    /// The parent time at which `evaluatePresentationTree` last swept this tree (NaN: not
    /// since the last flattening; only a hint for `FrameBuilder`, which skips its own sweep).
    @exclusivity(unchecked) var presentationTreeTime = CFTimeInterval.nan
    /// Whether `paintOrder` was computed from the current sublayers and their model values.
    @exclusivity(unchecked) var paintOrderIsCurrent = false
    /// The transaction context ticking this layer's animations: registered in its
    /// `animatedLayers` exactly while this is set, and cleared by the context when it goes
    /// away. Not `weak`: a weak reference gives the context a side table, and every retain and
    /// release of a context (`TransactionContext.current`, at every model change) then took
    /// the runtime's slow path.
    @exclusivity(unchecked) unowned(unsafe) var animationRegistry: TransactionContext?

    // MARK: Non-animatable settings
    // Kept in the box of cold fields (`coldStorage`); a write of the default to a layer
    // without the box makes none.

    /// The layer's name, used by constraints (`relativeTo:`) and key paths.
    open var name: String? {
        get { coldStorage?.name }
        set { if newValue != nil || coldStorage != nil { cold.name = newValue } }
    }
    /// The delegate that supplies contents, layout and actions (held weakly, as on Apple).
    open var delegate: CALayerDelegate? {
        get { coldStorage?.delegate }
        set { if newValue != nil || coldStorage != nil { cold.delegate = newValue } }
    }
    /// Actions by key, searched after the delegate (`NSNull()` stops the search).
    open var actions: [String: CAAction]? {
        get { coldStorage?.actions }
        set { if newValue != nil || coldStorage != nil { cold.actions = newValue } }
    }
    /// Default values for properties not set on the layer, searched through nested
    /// `style["style"]` dictionaries before `defaultValue(forKey:)`; `style["actions"]` holds
    /// actions.
    ///
    /// - Not consulted for `bounds` and `frame`, nor for the settings of the layer object
    ///   (`name`, `delegate`, `mask`, `sublayers`, timing, …).
    open var style: [AnyHashable: Any]? {
        get { coldStorage?.style }
        set {
            if newValue != nil || coldStorage != nil { cold.style = newValue }
            styleDidChange()
        }
    }
    /// Whether a change of bounds marks the contents as needing display.
    open var needsDisplayOnBoundsChange: Bool {
        get { coldStorage?.needsDisplayOnBoundsChange ?? false }
        set { if newValue || coldStorage != nil { cold.needsDisplayOnBoundsChange = newValue } }
    }
    /// Whether drawing may happen on a background thread (glayers always draws at commit).
    open var drawsAsynchronously: Bool {
        get { coldStorage?.drawsAsynchronously ?? false }
        set { if newValue || coldStorage != nil { cold.drawsAsynchronously = newValue } }
    }
    /// How the layer resizes when its superlayer's bounds size changes.
    open var autoresizingMask: CAAutoresizingMask {
        get { coldStorage?.autoresizingMask ?? [] }
        set { if !newValue.isEmpty || coldStorage != nil { cold.autoresizingMask = newValue } }
    }
    /// The object that lays out the sublayers (`CAConstraintLayoutManager`, or your own).
    open var layoutManager: CALayoutManager? {
        get { coldStorage?.layoutManager }
        set {
            if newValue != nil || coldStorage != nil { cold.layoutManager = newValue }
            setNeedsLayout()
        }
    }
    /// The pixel format of the backing store.
    open var contentsFormat: CALayerContentsFormat {
        get { coldStorage?.contentsFormat ?? .RGBA8Uint }
        set { if newValue != .RGBA8Uint || coldStorage != nil { cold.contentsFormat = newValue } }
    }

    // MARK: CAMediaTiming (a layer's duration is infinite: docs/semantics.md#timing-defaults)

    /// When the layer's time starts, in its superlayer's time (default 0).
    open var beginTime: CFTimeInterval {
        get { beginTimeStorage }
        set {
            beginTimeStorage = newValue
            timingDidChange()
        }
    }
    /// How fast the layer's time passes relative to its superlayer's (default 1; 0 pauses).
    open var speed: Float {
        get { speedStorage }
        set {
            speedStorage = newValue
            timingDidChange()
        }
    }
    /// An offset added to the layer's time (default 0).
    open var timeOffset: CFTimeInterval {
        get { timeOffsetStorage }
        set {
            timeOffsetStorage = newValue
            timingDidChange()
        }
    }
    /// The duration of the layer's time (default infinite; a finite one makes the layer's time
    /// cycle: docs/semantics.md#layer-time-cycles).
    open var duration: CFTimeInterval {
        get { coldStorage?.duration ?? .infinity }
        set {
            if newValue != .infinity || coldStorage != nil { cold.duration = newValue }
            cycleDidChange()
        }
    }
    /// How many times the layer's time repeats (default 0).
    open var repeatCount: Float {
        get { coldStorage?.repeatCount ?? 0 }
        set {
            if newValue != 0 || coldStorage != nil { cold.repeatCount = newValue }
            cycleDidChange()
        }
    }
    /// How long the layer's time repeats, in seconds (default 0).
    open var repeatDuration: CFTimeInterval {
        get { coldStorage?.repeatDuration ?? 0 }
        set {
            if newValue != 0 || coldStorage != nil { cold.repeatDuration = newValue }
            cycleDidChange()
        }
    }
    /// Whether the layer's time plays forward and then backward (default false).
    open var autoreverses: Bool {
        get { coldStorage?.autoreverses ?? false }
        set {
            if newValue || coldStorage != nil { cold.autoreverses = newValue }
            cycleDidChange()
        }
    }
    /// What the layer shows outside its active time (default removed).
    open var fillMode: CAMediaTimingFillMode {
        get { coldStorage?.fillMode ?? .removed }
        set { if newValue != .removed || coldStorage != nil { cold.fillMode = newValue } }
    }

    // MARK: Creating layers

    /// A new layer with Core Animation's defaults.
    public override init() {
        super.init()
    }

    /// A shadow copy of `layer` (Core Animation uses this for presentation copies).
    ///
    /// - Subclasses copy their own stored properties here and call `super.init(layer:)`, as on
    ///   Apple's platforms: `override init(layer: Any)`. glayers calls the layer's own class's
    ///   `init(layer:)` for every presentation copy (through the class's vtable: it need not be
    ///   `required`); a subclass that does not inherit or override it stops there with "Use of
    ///   unimplemented initializer 'init(layer:)'", as on Apple's platforms.
    /// - Main-actor isolated with `@preconcurrency`, as Apple's Objective-C initializers are to
    ///   Swift: a `@MainActor` subclass's override may call its own methods, and code without
    ///   strict concurrency checking calls it from anywhere (glayers calls it on the thread
    ///   that owns the tree).
    @preconcurrency @MainActor
    public init(layer: Any) {
        super.init()
        // Assigned in the initializer, where the properties' observers do not run (a method
        // would run them: a style or a delegate applied as a change, holding old values).
        guard let other = layer as? CALayer else { return }
        layerState = other.layerState
        coldStorage = other.coldStorage?.copiedForLayerCopy()
        beginTimeStorage = other.beginTimeStorage
        speedStorage = other.speedStorage
        timeOffsetStorage = other.timeOffsetStorage
    }

    /// Decoding from an archive is not supported; this makes a default layer so subclasses
    /// written for Apple (which must provide `init?(coder:)`) still compile and run.
    ///
    /// - Main-actor isolated with `@preconcurrency`, as Apple's Objective-C initializers are to
    ///   Swift: a `@MainActor` subclass's `required init?(coder:)` may call its own methods.
    @preconcurrency @MainActor
    public required init?(coder: NSCoder) {
        super.init()
    }

    deinit {
        if let memo = flattenMemoStorage { FlattenMemo.free(memo) }
        for sub in sublayerStorage where sub.superlayerStorage === self { sub.superlayerStorage = nil }
        if let m = maskStorage, m.maskOwner === self { m.maskOwner = nil }
        if let context = animationRegistry { context.unregister(self) }
    }

    /// Whether the layer keeps its sublayers in 3D instead of flattening them into its plane
    /// (`CATransformLayer` overrides this; `CAEmitterLayer.preservesDepth` is another thing:
    /// its particles in 3D).
    var keepsSublayersIn3D: Bool { false }

    open override var description: String {
        let kind = String(describing: type(of: self))
        let named = name.map { " \"\($0)\"" } ?? ""
        return "<\(kind)\(named) frame=\(frame)>"
    }

    // MARK: Geometry (CALayer+Geometry.swift)

    /// The layer's rectangle in its own coordinates (default zero).
    open var bounds: CGRect {
        get { layerState.bounds }
        set { setModel(.bounds, newValue) }
    }

    /// Where the anchor point sits in the superlayer's coordinates (default zero).
    open var position: CGPoint {
        get { layerState.position }
        set { setModel(.position, newValue) }
    }

    /// The layer's z position in the superlayer (sorts siblings; default 0).
    open var zPosition: CGFloat {
        get { layerState.zPosition }
        set { setModel(.zPosition, newValue) }
    }

    /// The point of the bounds, in unit coordinates, that `position` refers to and transforms
    /// pivot about (default (0.5, 0.5)).
    open var anchorPoint: CGPoint {
        get { layerState.anchorPoint }
        set { setModel(.anchorPoint, newValue) }
    }

    /// The z of the anchor point (default 0).
    open var anchorPointZ: CGFloat {
        get { layerState.anchorPointZ }
        set { setModel(.anchorPointZ, newValue) }
    }

    /// The transform applied about the anchor point (default identity).
    open var transform: CATransform3D {
        get { layerState.transform }
        set { setModel(.transform, newValue) }
    }

    /// The transform applied to the sublayers, about this layer's anchor point (default identity).
    open var sublayerTransform: CATransform3D {
        get { layerState.sublayerTransform }
        set { setModel(.sublayerTransform, newValue) }
    }

    /// The layer's rectangle in its superlayer: the box of the transformed bounds. Setting it
    /// sets `bounds` (its size; the origin stays) and `position`, through their setters.
    open var frame: CGRect {
        get { layerState.frame }
        set { setFrameDefault(newValue) }
    }

    /// The transform as an affine transform (the identity when it is not affine).
    open func affineTransform() -> CGAffineTransform { affineTransformDefault() }

    /// Sets the transform to an affine transform.
    open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    // MARK: Visibility (CALayer+Properties.swift)

    /// The layer's opacity, 0 … 1 (default 1).
    open var opacity: Float {
        get { layerState.opacity }
        set { setModel(.opacity, newValue) }
    }

    /// Whether the layer (and its sublayers) are hidden (default false).
    open var isHidden: Bool {
        get { layerState.isHidden }
        set { setModel(.hidden, newValue) }
    }

    /// Whether sublayers and contents are clipped to the (rounded) bounds (default false).
    open var masksToBounds: Bool {
        get { layerState.masksToBounds }
        set { setModel(.masksToBounds, newValue) }
    }

    /// Whether the back of the layer is drawn when it faces away (default true).
    open var isDoubleSided: Bool {
        get { layerState.isDoubleSided }
        set { setModel(.doubleSided, newValue) }
    }

    /// Whether the layer promises to be fully opaque (lets the renderer skip blending).
    open var isOpaque: Bool {
        get { layerState.isOpaque }
        set { setModel(.opaque, newValue) }
    }

    /// Whether the layer's geometry is flipped (y up) relative to its superlayer.
    open var isGeometryFlipped: Bool {
        get { layerState.isGeometryFlipped }
        set { setModel(.geometryFlipped, newValue) }
    }

    /// Whether a layer with opacity < 1 and sublayers is composited as one group (default true).
    open var allowsGroupOpacity: Bool {
        get { layerState.allowsGroupOpacity }
        set { setModel(.allowsGroupOpacity, newValue) }
    }

    /// Whether the layer's edges may be anti-aliased, as `edgeAntialiasingMask` asks (default
    /// true).
    ///
    /// - Apple's default is read from `UIViewEdgeAntialiasing` in the app's Info.plist, false
    ///   when it is missing; glayers smooths edges unless told not to
    ///   (docs/porting.md#behaviour-decisions). When false, the layer's straight edges are
    ///   drawn hard (a pixel is in when its centre is); rounded corners stay smooth.
    open var allowsEdgeAntialiasing: Bool {
        get { layerState.allowsEdgeAntialiasing }
        set { setModel(.allowsEdgeAntialiasing, newValue) }
    }

    /// Which edges are anti-aliased when `allowsEdgeAntialiasing` is true (default all four).
    /// "Bottom" is minimum y and "top" maximum y, as everywhere in Core Animation.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask {
        get { layerState.edgeAntialiasingMask }
        set { setModel(.edgeAntialiasingMask, newValue) }
    }

    /// Whether the layer subtree is rendered once into a cached bitmap (default false).
    open var shouldRasterize: Bool {
        get { layerState.shouldRasterize }
        set { setModel(.shouldRasterize, newValue) }
    }

    /// The scale of the rasterized bitmap relative to the layer's points (default 1).
    open var rasterizationScale: CGFloat {
        get { layerState.rasterizationScale }
        set { setModel(.rasterizationScale, newValue) }
    }

    // MARK: Style (CALayer+Properties.swift)

    /// The background colour (default nil: none).
    open var backgroundColor: CGColor? {
        get { layerState.backgroundColor.cgColor }
        set { setModel(.backgroundColor, ColorValue(newValue)) }
    }

    /// The radius of the rounded corners of the background, border and clip (default 0).
    open var cornerRadius: CGFloat {
        get { layerState.cornerRadius }
        set { setModel(.cornerRadius, newValue) }
    }

    /// Which corners are rounded (default all four).
    open var maskedCorners: CACornerMask {
        get { layerState.maskedCorners }
        set { setModel(.maskedCorners, newValue) }
    }

    /// The shape of the rounded corners (default circular): `.continuous` draws Apple's
    /// continuous corners (docs/renderer.md#continuous-corners), for the background, border,
    /// `masksToBounds` and the shadow alike.
    open var cornerCurve: CALayerCornerCurve {
        get { layerState.cornerCurve }
        set { setModel(.cornerCurve, newValue) }
    }

    /// How far along each edge a corner of `curve` reaches, in radii (Core Animation's
    /// "expansion factor required to produce a curve with the same visual size" as circular):
    /// 1 for circular corners, 1.52866 for continuous ones, whose curve leaves the edge that
    /// many radii before the corner (docs/renderer.md#continuous-corners).
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.52866 : 1
    }

    /// The width of the border, drawn inside the bounds above contents and sublayers (default 0).
    open var borderWidth: CGFloat {
        get { layerState.borderWidth }
        set { setModel(.borderWidth, newValue) }
    }

    /// The border colour (default opaque black).
    open var borderColor: CGColor? {
        get { layerState.borderColor.cgColor }
        set { setModel(.borderColor, ColorValue(newValue)) }
    }

    /// The shadow colour (default opaque black).
    open var shadowColor: CGColor? {
        get { layerState.shadowColor.cgColor }
        set { setModel(.shadowColor, ColorValue(newValue)) }
    }

    /// The shadow's opacity, 0 … 1 (default 0: no shadow).
    open var shadowOpacity: Float {
        get { layerState.shadowOpacity }
        set { setModel(.shadowOpacity, newValue) }
    }

    /// The shadow's offset (default (0, −3)).
    open var shadowOffset: CGSize {
        get { layerState.shadowOffset }
        set { setModel(.shadowOffset, newValue) }
    }

    /// The blur radius of the shadow (default 3).
    open var shadowRadius: CGFloat {
        get { layerState.shadowRadius }
        set { setShadowRadius(newValue) }
    }

    /// The shape of the shadow, instead of the layer's alpha (default nil).
    open var shadowPath: CGPath? {
        get { layerState.shadowPath }
        set { setModel(.shadowPath, newValue) }
    }

    /// Filters applied to the layer and its sublayers (`CIFilter` objects).
    ///
    /// - Filters glayers cannot draw are reported and left out.
    open var filters: [Any]? {
        get { filterObjects(layerState.filters) }
        set { setFilters(newValue, background: false) }
    }

    /// Filters applied to what lies behind the layer.
    open var backgroundFilters: [Any]? {
        get { filterObjects(layerState.backgroundFilters) }
        set { setFilters(newValue, background: true) }
    }

    /// How the layer blends with what lies behind it: a blend-mode `CIFilter` or its name
    /// (`"multiplyBlendMode"`, `"CIScreenBlendMode"`, …).
    open var compositingFilter: Any? {
        get { layerState.compositingFilter.map { CIFilter($0) } }
        set { setCompositingFilter(newValue) }
    }

    // MARK: Contents (CALayer+Properties.swift, CALayer+Display.swift)

    /// The layer's contents: a `CGImage` (other objects are kept but not drawn, with a warning).
    open var contents: Any? {
        get { layerState.contents.object }
        set { setContents(newValue) }
    }

    /// The part of the contents drawn, in unit coordinates (default (0, 0, 1, 1)).
    open var contentsRect: CGRect {
        get { layerState.contentsRect }
        set { setModel(.contentsRect, newValue) }
    }

    /// The stretchable centre of the contents for nine-slice scaling (default (0, 0, 1, 1)).
    open var contentsCenter: CGRect {
        get { layerState.contentsCenter }
        set { setModel(.contentsCenter, newValue) }
    }

    /// Pixels per point of the contents (default 1).
    open var contentsScale: CGFloat {
        get { layerState.contentsScale }
        set { setModel(.contentsScale, newValue) }
    }

    /// How the contents are placed in the bounds (default resize).
    open var contentsGravity: CALayerContentsGravity {
        get { layerState.contentsGravity }
        set { setModel(.contentsGravity, newValue) }
    }

    /// The filter used when contents are drawn smaller than their pixels (default linear).
    open var minificationFilter: CALayerContentsFilter {
        get { layerState.minificationFilter }
        set { setModel(.minificationFilter, newValue) }
    }

    /// The filter used when contents are drawn larger than their pixels (default linear).
    open var magnificationFilter: CALayerContentsFilter {
        get { layerState.magnificationFilter }
        set { setModel(.magnificationFilter, newValue) }
    }

    /// Added to the level of detail that chooses between the minification and magnification
    /// filters and picks the mipmap levels of `.trilinear` (default 0).
    open var minificationFilterBias: Float {
        get { layerState.minificationFilterBias }
        set { setModel(.minificationFilterBias, newValue) }
    }

    /// Whether the layer's contents are implicitly flipped when rendered: an odd number of
    /// layers from this one up to the root have `isGeometryFlipped`.
    ///
    /// - A contents image then still shows upright, and `draw(in:)` gets a y-flipped context.
    open func contentsAreFlipped() -> Bool { contentsAreFlippedDefault() }

    /// Updates the contents: the delegate's `display(_:)`, or drawing with `draw(in:)`.
    open func display() { displayDefault() }

    /// What `display()` does when the delegate does not implement `display(_:)` (or there is
    /// none): draws with `draw(in:)` into a backing store; a gradient or shape layer, whose
    /// picture is not drawing, makes that picture instead (CALayer+Display.swift).
    func displayWithoutDelegate() { displayByDrawing() }

    /// Draws the contents (the default asks the delegate's `draw(_:in:)`).
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Draws the layer and its sublayers into `ctx`, in the layer's coordinate space: model
    /// values (animations are ignored), without layers that have 3D transforms, filters or a
    /// mask, as Core Animation's reference says (CALayer+Render.swift;
    /// docs/porting.md#rendering-a-layer-into-a-context).
    open func render(in ctx: CGContext) { renderDefault(in: ctx) }

    /// Marks the contents as needing display.
    open func setNeedsDisplay() { markNeedsDisplay() }

    /// Marks a part of the contents as needing display (glayers redraws the whole layer).
    open func setNeedsDisplay(_ r: CGRect) { markNeedsDisplay() }

    /// Whether the contents are marked as needing display.
    open func needsDisplay() -> Bool { needsDisplayFlag }

    /// Displays the layer now if it is marked as needing display.
    open func displayIfNeeded() { displayIfNeededDefault() }

    // MARK: The tree (CALayer+Hierarchy.swift)

    /// The layer's superlayer (nil for a root, and for a layer used as a mask).
    open var superlayer: CALayer? { superlayerStorage }

    /// The sublayers, back to front before `zPosition` sorting. Setting replaces them all.
    open var sublayers: [CALayer]? {
        get { sublayersDefault }
        set { setSublayersDefault(newValue) }
    }

    /// A layer whose alpha masks this layer's contents and sublayers (its superlayer is nil,
    /// but this layer owns it).
    open var mask: CALayer? {
        get { maskDefault }
        set { setMaskDefault(newValue) }
    }

    /// Appends `layer` to the sublayers (removing it from where it was).
    open func addSublayer(_ layer: CALayer) { insertSublayerDefault(layer, at: sublayerStorage.count) }

    /// Inserts `layer` at `index` in the sublayers (an index past the end appends, with a warning).
    open func insertSublayer(_ layer: CALayer, at index: UInt32) { insertSublayerDefault(layer, at: Int(index)) }

    /// Inserts `layer` just below `sibling` (at the start when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { insertSublayerDefault(layer, below: sibling) }

    /// Inserts `layer` just above `sibling` (at the end when `sibling` is nil or not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { insertSublayerDefault(layer, above: sibling) }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index; the superlayer runs
    /// its `transition` action.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        replaceSublayerDefault(oldLayer, with: newLayer)
    }

    /// Removes the layer from its superlayer, or from the layer it masks.
    open func removeFromSuperlayer() { removeFromSuperlayerDefault() }

    // MARK: Animations (CALayer+Animations.swift)

    /// Adds a copy of `anim` under `key` (replacing an animation with the same key).
    ///
    /// - A property animation with no `keyPath` animates `key`. A duration of 0 or less
    ///   becomes the transaction's duration (0.25 s by default). A begin time of 0 becomes the
    ///   layer's time when the transaction commits. Transitions are stored under "transition".
    /// - An animation that cannot run (unknown key path, wrong value type, NaN, …) is reported
    ///   and not added.
    /// - Implicit animations (actions) are added through this method too, as on Apple's
    ///   platforms.
    open func add(_ anim: CAAnimation, forKey key: String?) { addDefault(anim, forKey: key) }

    /// The animation added under `key` (the layer's copy), or nil.
    open func animation(forKey key: String) -> CAAnimation? { animationDefault(forKey: key) }

    /// The keys of the layer's animations in the order they were added, or nil when it has none.
    open func animationKeys() -> [String]? { animationKeysDefault() }

    /// Removes the animation under `key`; its delegate hears `finished: false` if it was running.
    open func removeAnimation(forKey key: String) { removeAnimationDefault(forKey: key) }

    /// Removes every animation; delegates of running ones hear `finished: false`.
    open func removeAllAnimations() { removeAllAnimationsDefault() }

    // MARK: Layout (CALayer+Layout.swift, CAConstraint.swift)

    /// Lays out the sublayers (the default asks the delegate, then the layout manager).
    open func layoutSublayers() { layoutSublayersDefault() }

    /// Marks the layer as needing layout.
    open func setNeedsLayout() { markNeedsLayout() }

    /// Whether the layer is marked as needing layout.
    open func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out now the layers that need it, from the highest ancestor that does.
    open func layoutIfNeeded() { layoutIfNeededDefault() }

    /// The preferred size: the layout manager's answer, or the bounds size.
    open func preferredFrameSize() -> CGSize { layoutManager?.preferredSize(of: self) ?? layerState.bounds.size }

    /// Tells the sublayers that this layer's bounds size changed (autoresizing).
    open func resizeSublayers(withOldSize size: CGSize) { resizeSublayersDefault(oldSize: size) }

    /// Resizes the layer by its `autoresizingMask` after the superlayer's bounds changed.
    open func resize(withOldSuperlayerSize size: CGSize) { resizeDefault(oldSuperlayerSize: size) }

    /// The layer's constraints, used by its superlayer's `CAConstraintLayoutManager`.
    open var constraints: [CAConstraint]? {
        get { constraintStorage.isEmpty ? nil : constraintStorage }
        set { setConstraintsDefault(newValue ?? []) }
    }

    /// Adds a constraint.
    open func addConstraint(_ c: CAConstraint) { setConstraintsDefault(constraintStorage + [c]) }

    // MARK: Coordinates, time and hit testing (CALayer+Conversion.swift, CALayer+Timing.swift)

    /// Converts `p` from the space of layer `l` (nil: the root space) to this layer's.
    ///
    /// - A point that has no image (the layer is edge-on or the point lies behind the viewer)
    ///   converts to (nan, nan).
    open func convert(_ p: CGPoint, from l: CALayer?) -> CGPoint { convertDefault(p, from: l) }

    /// Converts `p` from this layer's space to layer `l`'s (nil: the root space).
    open func convert(_ p: CGPoint, to l: CALayer?) -> CGPoint { convertDefault(p, to: l) }

    /// Converts `r` from layer `l`'s space to this layer's: the box of its converted corners.
    open func convert(_ r: CGRect, from l: CALayer?) -> CGRect { convertDefault(r, from: l) }

    /// Converts `r` from this layer's space to layer `l`'s (nil: the root space).
    open func convert(_ r: CGRect, to l: CALayer?) -> CGRect { convertDefault(r, to: l) }

    /// Converts `t` from the time space of layer `l` (nil: media time) to this layer's.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { convertTimeDefault(t, from: l) }

    /// Converts `t` from this layer's time space to that of layer `l` (nil: media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { convertTimeDefault(t, to: l) }

    /// The frontmost layer at `p` (in the superlayer's coordinates), or nil.
    open func hitTest(_ p: CGPoint) -> CALayer? { hitTestDefault(p) }

    /// Whether `p` (in the layer's coordinates) is inside its bounds.
    open func contains(_ p: CGPoint) -> Bool { layerState.bounds.contains(p) }

    /// Scrolls the nearest enclosing scroll layer so `p` (in this layer's space) is at its origin.
    open func scroll(_ p: CGPoint) { scrollDefault(p) }

    /// Scrolls the nearest enclosing scroll layer so `r` (in this layer's space) is visible.
    open func scrollRectToVisible(_ r: CGRect) { scrollRectToVisibleDefault(r) }

    /// The part of the layer visible through its enclosing scroll layer (its bounds otherwise).
    open var visibleRect: CGRect { visibleRectDefault }

    // MARK: Class behaviour, actions, presentation and key-value coding

    /// The entries layers of this class declare in the property table: `CALayer`'s, then each
    /// layer class's own (layer classes override this to add theirs).
    class var declaredProperties: [LayerProperty] { LayerProperty.layerProperties }

    /// The default value of `key` when it is not set (Core Animation's defaults for declared
    /// properties, from the property table; nil for other keys). Subclasses override it for
    /// their own keys.
    open class func defaultValue(forKey key: String) -> Any? { properties[key]?.defaultValue }

    /// Whether a change of `key` marks the contents as needing display (true for the properties
    /// a layer class draws from, such as `CAShapeLayer.path`; false otherwise).
    open class func needsDisplay(forKey key: String) -> Bool {
        properties[key]?.effects.contains(.display) ?? false
    }

    /// The class's action for `event`, searched after the delegate, `actions` and `style`.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// Whether the value of `key` is archived (glayers does not archive; true for every key).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// The action for `event`: the delegate's, the `actions` dictionary's, the style's, the
    /// class default, or Core Animation's implicit animation; nil when `NSNull` stops the search.
    open func action(forKey event: String) -> CAAction? { searchAction(event) }

    /// A copy of the layer with its animations applied at the current media time.
    open func presentation() -> Self? { presentationDefault() }

    /// The model layer behind a presentation copy (the layer itself for a model layer).
    open func model() -> Self { modelDefault() }

    /// Sets a declared property by name, or stores any other key as a custom property.
    ///
    /// - A value of the wrong type is reported and ignored (see `strictSetValue`).
    open func setValue(_ value: Any?, forKey key: String) {
        do { try setValueChecked(value, forKey: key) } catch { Diagnostics.warn("\(error)") }
    }

    /// The value of a declared property or custom key (its default when unset).
    open func value(forKey key: String) -> Any? { valueChecked(forKey: key) }

    /// Sets the value at a key path (`position.x`, `transform.rotation.z`, …).
    ///
    /// - An unknown key path or a value of the wrong type is reported and ignored.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) {
        do { try strictSetValue(value, forKeyPath: keyPath) } catch { Diagnostics.warn("\(error)") }
    }

    /// The value at a key path; nil (with a warning) for an unknown one.
    open func value(forKeyPath keyPath: String) -> Any? {
        do { return try strictValue(forKeyPath: keyPath) } catch {
            Diagnostics.warn("\(error)")
            return nil
        }
    }
}
