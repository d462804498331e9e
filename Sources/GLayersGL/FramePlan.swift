/// The CPU half of a frame: draw commands per pass, built from the render list before any GL
/// call draws, into arrays that keep their storage from frame to frame.
import GLayersRenderList

/// Where an instance's textures come from.
enum TextureSource: Equatable {
    case none
    /// One image texture (GL name).
    case image(UInt32)
    /// Two image textures (crossfade).
    case images(UInt32, UInt32)
    /// The result of a pass of this frame.
    case pass(Int32)
    /// A texture array (GL name) whose layers hold tile images (`TextureArrays`); each
    /// instance names its layer.
    case array(UInt32)
    /// While an item is planned only: a tile image, resolved to `array` when the simple
    /// program draws the item, else to `image` (never in a command).
    case pendingTile(ImageID)
}

/// One thing to do while a pass's target is bound.
struct DrawCommand {
    enum Kind: UInt8 {
        /// An instanced draw of `count` instances from `first`.
        case batch
        /// One instance blended with a copy of what lies under it (`mode` = BlendMode index).
        case blend
        /// Copy what lies under `box`, run filter chain `mode` on it, draw instance `first`
        /// (the item's rounded rect textured with the result).
        case backdrop
    }

    var kind: Kind
    var first: Int32
    var count: Int32
    var textures: TextureSource
    /// The quad program.
    var variant: QuadVariant = .general
    /// How a batch blends.
    var blending: Blending
    var mode: Int32 = 0
    /// Target pixels (y down) read by blend and backdrop commands.
    var box: PixelBox = .empty
}

/// Fixed-function blending of a batch.
enum Blending: UInt8 {
    /// Premultiplied source-over: `ONE, ONE_MINUS_SRC_ALPHA`.
    case sourceOver
    /// None: opaque, pixel-aligned items.
    case replace
    /// The W3C screen mode, exact in fixed function on premultiplied colour:
    /// `ONE, ONE_MINUS_SRC_COLOR` gives cs + cb − cs·cb (and αs + αb − αs·αb).
    case screen
    /// Additive (`plus-lighter`): `ONE, ONE`, clamped by the 8-bit target.
    case additive
}

/// A pass's part of the plan.
struct PassPlan {
    var pass: Int32
    var commands: Range<Int>
    /// Its content is last frame's cached texture: no commands.
    var cached: Bool
}

/// Why an item was skipped (reported once each).
enum SkipReason: Int, CaseIterable {
    case nonFiniteTransform, singularTransform, badRect, missingImage, missingPass, badPlacement, badFilter
    case programFailed

    var message: String {
        switch self {
        case .nonFiniteTransform: return "an item's transform or values are not finite (NaN or infinity); skipped"
        case .singularTransform: return "an item's transform is singular (its plane collapses to a line); skipped"
        case .badRect: return "an item's rect is empty or not finite; skipped"
        case .missingImage: return "an item's image is not in RenderList.images; skipped"
        case .missingPass: return "an item composites a pass that is not rendered before it; skipped"
        case .badPlacement: return "an item's content placement has an empty or non-finite rect; skipped"
        case .badFilter: return "a colour matrix without 20 finite numbers; filter ignored"
        case .programFailed: return "an item's quad program failed to compile (reported above); skipped"
        }
    }
}
