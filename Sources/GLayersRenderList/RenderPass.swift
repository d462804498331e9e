/// Offscreen passes: subtrees that must be composited as a unit (group opacity, masks,
/// filters, shadows, blend modes, rasterization, transitions).
import Foundation

/// A filter applied to a pass's result before it is composited.
public enum FilterOp: Hashable, Sendable {
    /// Gaussian blur; sigma in item-space points.
    case gaussianBlur(sigma: Float)
    /// A glow: the blurred bright parts added back (`CIBloom`): sigma in points, intensity.
    case bloom(sigma: Float, intensity: Float)
    /// 4×5 colour matrix applied to straight colour (row-major, last column the offset).
    case colorMatrix([Float])

    /// Whether the filter gives back its input whatever it is: a blur of no width, a bloom
    /// that adds no glow (intensity 0, below or not a number: the glow is added × the
    /// intensity, none when it is not positive), the identity matrix. Such a filter is left
    /// out of the frame (a pulse at rest needs no pass).
    public var isIdentity: Bool {
        switch self {
        case .gaussianBlur(let sigma): return !(sigma > 0)
        case .bloom(_, let intensity): return !(intensity > 0)
        case .colorMatrix(let m): return m == Self.identityMatrix
        }
    }

    /// The 4×5 identity colour matrix.
    public static let identityMatrix: [Float] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]
}

/// A shadow cast by a pass's result.
public struct ShadowSpec: Hashable, Sendable {
    /// Premultiplied shadow colour (opacity folded in).
    public var color: Color
    /// Offset in item-space points.
    public var offsetX: Float, offsetY: Float
    /// Gaussian sigma in item-space points.
    public var sigma: Float
    /// Whether the pass's result is the shadow alone: its content only casts it and is not
    /// drawn (a layer's `shadowPath` drawn as a mask into a pass of its own).
    public var shadowOnly: Bool
    /// A shadow; by default the content is drawn over its shadow.
    public init(color: Color, offsetX: Float, offsetY: Float, sigma: Float, shadowOnly: Bool = false) {
        (self.color, self.offsetX, self.offsetY, self.sigma) = (color, offsetX, offsetY, sigma)
        self.shadowOnly = shadowOnly
    }
}

/// The kind of a transition between two passes.
public enum TransitionKind: String, Equatable, Sendable {
    case fade, moveIn, push, reveal
}

/// Where a transition's new content comes from.
public enum TransitionDirection: String, Equatable, Sendable {
    case fromLeft, fromRight, fromTop, fromBottom
}

/// A transition: the pass's own result is the new appearance, `before` the old one.
public struct TransitionSpec: Equatable, Sendable {
    /// The transition's kind (`CATransition.type`).
    public var kind: TransitionKind
    /// The side the new content comes from (`CATransition.subtype`; nil is `fromLeft`).
    public var direction: TransitionDirection
    /// 0 … 1.
    public var progress: Float
    /// The pass holding the old appearance, rendered in the same frame.
    public var before: PassID
    /// A transition at `progress` from `before` to the pass's own result.
    public init(kind: TransitionKind, direction: TransitionDirection, progress: Float, before: PassID) {
        (self.kind, self.direction, self.progress, self.before) = (kind, direction, progress, before)
    }
}

/// What happens to a pass's result before its composite item draws it.
public struct PassEffects: Equatable, Sendable {
    /// Filters applied in order to the pass's result (the layer's `filters`); the first of the effects.
    public var filters: [FilterOp] = []
    /// The shadow cast by the result (after the filters), drawn under it.
    public var shadow: ShadowSpec?
    /// Multiply by the alpha of this pass (same source rect).
    public var mask: PassID?
    /// A transition from another pass's result to this one, applied last.
    public var transition: TransitionSpec?
    /// No effects: the result is composited as it is.
    public init() {}
    /// Whether there is nothing to apply.
    public var isEmpty: Bool { filters.isEmpty && shadow == nil && mask == nil && transition == nil }
}

/// An offscreen pass (pass 0 is the screen).
public struct RenderPass: Equatable, Sendable {
    /// The pass's items: `RenderList.items[itemRange]`, in paint order.
    public var itemRange: Range<Int>
    /// The part of item space the pass covers (screen points or the layer's bounds).
    public var sourceRect: Rect
    /// Pixels per item-space point.
    public var scale: Float
    /// Whether items are in screen points (false: in the local space of one layer).
    public var screenSpace: Bool
    /// Filters, shadow, mask and transition applied to the result before it is composited.
    public var effects: PassEffects
    /// Non-nil for rasterized subtrees: the renderer may reuse last frame's result for the
    /// same key (the key changes whenever the subtree's drawing changes).
    public var cacheKey: UInt64?
    /// Passes that must be rendered before this one (its items composite them).
    public var dependencies: [PassID]

    /// A pass; by default it has no effects, no cache key and no dependencies.
    public init(
        itemRange: Range<Int>, sourceRect: Rect, scale: Float, screenSpace: Bool, effects: PassEffects = PassEffects(),
        cacheKey: UInt64? = nil, dependencies: [PassID] = []
    ) {
        self.itemRange = itemRange
        self.sourceRect = sourceRect
        self.scale = scale
        self.screenSpace = screenSpace
        self.effects = effects
        self.cacheKey = cacheKey
        self.dependencies = dependencies
    }

    /// The pass's size in pixels.
    public var pixelWidth: Int { max(1, Int((sourceRect.width * scale).rounded(.up))) }
    /// The pass's height in pixels: the source rect's height × scale, rounded up, at least 1.
    public var pixelHeight: Int { max(1, Int((sourceRect.height * scale).rounded(.up))) }
}
