/// What planning a frame produces (`FramePlanner`): per pass, draw commands over a run of
/// instances, and the instances' bytes. It names textures by what they show — an image by its
/// `ImageID`, a pass by its index, tile images by their size — never by a GL name: the
/// renderer resolves them when it executes the plan, so a plan can be made, dumped and
/// compared without OpenGL (`FramePlan+Dump.swift`).
import GLayersRenderList

/// Where a command's textures come from.
package enum TextureSource: Hashable {
    case none
    /// One image.
    case image(ImageID)
    /// Two images (a crossfade: the first fades out; a fused matte: the second masks; a trimmed
    /// stroke: the second holds the lengths along it).
    case images(ImageID, ImageID)
    /// No content (the simple program samples a blank texture) and a mask image, second (a
    /// fused matte of a plain colour).
    case mask(ImageID)
    /// The result of a pass of this frame.
    case pass(Int32)
    /// Tile images of one pixel size, one per instance (`FramePlanner.tiles` names them): the
    /// renderer holds them in layers of texture arrays and writes each instance's layer
    /// before the instances are uploaded. Small images share layers of
    /// `FramePlanner.smallImageSide` pixels a side the same way, each at its layer's corner.
    case tiles(width: Int32, height: Int32)

    /// The derived equality, written out so that it inlines: every batched item compares its
    /// textures with the open batch's.
    @inline(__always)
    package static func == (a: TextureSource, b: TextureSource) -> Bool {
        switch (a, b) {
        case (.none, .none): return true
        case (.image(let x), .image(let y)): return x == y
        case (.images(let x0, let x1), .images(let y0, let y1)): return x0 == y0 && x1 == y1
        case (.mask(let x), .mask(let y)): return x == y
        case (.pass(let x), .pass(let y)): return x == y
        case (.tiles(let xw, let xh), .tiles(let yw, let yh)): return xw == yw && xh == yh
        default: return false
        }
    }
}

/// Which quad program draws an instance.
package enum QuadVariant: UInt8, CaseIterable, Sendable {
    case general, simple
    /// `simple` sampling layer `i_flags.w` of a texture array.
    case simpleArray
    /// A sprite: no edge coverage, no dilation (`SpriteRim.swift`).
    case sprite
    /// `general` for shapes alone: background, border, rounded corners, opacity.
    case shape
    /// `simple` masked by the alpha of a second image inside a rect (a fused matte:
    /// `FramePlanner.planFusedMatte`); the instance's clip index names the mask's planned clip,
    /// whose parent is the rect.
    case simpleMasked
    /// `simple` showing a stroke's raster trimmed (`QuadFlags.trim`): the second image holds
    /// the lengths along the path, the instance the trim in place of its rect.
    case simpleTrimmed
    /// `sprite` showing a stroke's raster trimmed, as `simpleTrimmed`.
    case spriteTrimmed
    /// `simple` for an instance in perspective: its texture coordinate interpolated with the
    /// perspective divide, which `simple` leaves out (an affine map needs none, and llvmpipe
    /// pays it at every pixel).
    case simplePerspective
}

/// The parts of the general program (quad.frag.glsl) a batch needs: the program the renderer
/// uses for it leaves out the others. A software rasterizer such as llvmpipe runs every branch
/// of a program for every pixel, whether any pixel takes it or not: the general program with
/// everything costs over three times one without clips, continuous corners, blurred shapes and
/// blend modes, and an image in a rounded rect drawn with every way of showing content (nearest
/// and trilinear sampling, crossfade, nine-slice, screen textures) and a border three times one
/// without them (docs/renderer.md, "Leaner general programs"). The shape program takes two of
/// them: continuous corners and the border.
package struct QuadFeatures: OptionSet, Hashable, Sendable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Clip chains (`i_flags.y`).
    package static let clip = QuadFeatures(rawValue: 1)
    /// Continuous rounded corners, an item's or a clip's.
    package static let continuous = QuadFeatures(rawValue: 2)
    /// Blurred shapes (shadows).
    package static let blurred = QuadFeatures(rawValue: 4)
    /// A W3C blend mode (`u_blendMode`) or the overdraw tint (`u_overdraw`).
    package static let blend = QuadFeatures(rawValue: 8)
    /// Trimmed strokes (`QuadFlags.trim`).
    package static let trim = QuadFeatures(rawValue: 16)
    /// A border.
    package static let border = QuadFeatures(rawValue: 32)
    /// Content: an image, a pass or a screen texture (`QuadFlags.texture`, `.screenTexture`).
    package static let content = QuadFeatures(rawValue: 64)
    /// Content sampled nearest or trilinear (`QuadFlags.nearest`, `.minifyNearest`,
    /// `.minifyTrilinear`); linear sampling is in every program with content.
    package static let sampling = QuadFeatures(rawValue: 128)
    /// A crossfade between two images (`QuadFlags.crossfade`).
    package static let crossfade = QuadFeatures(rawValue: 256)
    /// Nine-slice stretching (`QuadFlags.nineSlice`).
    package static let nineSlice = QuadFeatures(rawValue: 512)
    /// The screen under the item as its content (`QuadFlags.screenTexture`: backdrop filters).
    package static let screen = QuadFeatures(rawValue: 1024)
    /// Continuous corners blended toward circular ones, where a radius nears half the side
    /// (`FramePlanner.cornersReachFullLength`); without it, every continuous corner is the
    /// continuous curve itself, whose segments' normals the shader compiler folds into
    /// constants.
    package static let blended = QuadFeatures(rawValue: 2048)
    /// Everything: the whole general program.
    package static let all: QuadFeatures = [
        .clip, .continuous, .blurred, .blend, .trim, .border, .content, .sampling, .crossfade, .nineSlice, .screen,
        .blended,
    ]
    /// The number of distinct sets (the programs there can be).
    package static let count = Int(all.rawValue) + 1
    /// Each part and its name: in plan dumps, and upper-cased after `NO_` the define that
    /// leaves it out of quad.frag.glsl.
    package static let names: [(QuadFeatures, String)] = [
        (.clip, "clip"), (.continuous, "continuous"), (.blurred, "blurred"), (.blend, "blend"), (.trim, "trim"),
        (.border, "border"), (.content, "content"), (.sampling, "sampling"), (.crossfade, "crossfade"),
        (.nineSlice, "nineslice"), (.screen, "screen"), (.blended, "blended"),
    ]
    /// The parts of the general program that the shape program (quad.frag.glsl with SHAPE)
    /// has too, left out by the same defines.
    package static let shapeParts: QuadFeatures = [.continuous, .blended, .border]
}

/// One thing to do while a pass's target is bound.
package struct DrawCommand: Equatable {
    package enum Kind: UInt8 {
        /// An instanced draw of `count` instances from `first`.
        case batch
        /// One instance blended with a copy of what lies under it (`mode` = BlendMode index).
        case blend
        /// Copy what lies under `box`, run filter chain `mode` on it, draw instance `first`
        /// (the item's rounded rect textured with the result).
        case backdrop
    }

    package var kind: Kind
    package var first: Int32
    package var count: Int32
    package var textures: TextureSource
    /// The quad program.
    package var variant: QuadVariant = .general
    /// What of the general program the command needs (`variant` general), the union of its
    /// instances' needs: blend and backdrop commands take it whole. For the shape program,
    /// whether it needs continuous corners (its only part of the features).
    package var features: QuadFeatures = .all
    /// How a batch blends.
    package var blending: Blending
    package var mode: Int32 = 0
    /// Target pixels (y down) read by blend and backdrop commands.
    package var box: PixelBox = .empty

    package init(
        kind: Kind, first: Int32, count: Int32, textures: TextureSource, variant: QuadVariant = .general,
        blending: Blending, mode: Int32 = 0, box: PixelBox = .empty
    ) {
        (self.kind, self.first, self.count, self.textures) = (kind, first, count, textures)
        (self.variant, self.blending, self.mode, self.box) = (variant, blending, mode, box)
    }
}

/// Fixed-function blending of a batch.
package enum Blending: UInt8 {
    /// Premultiplied source-over: `ONE, ONE_MINUS_SRC_ALPHA`.
    case sourceOver
    /// None: opaque, pixel-aligned items.
    case replace
    /// The W3C screen mode, exact in fixed function on premultiplied colour:
    /// `ONE, ONE_MINUS_SRC_COLOR` gives cs + cb − cs·cb (and αs + αb − αs·αb).
    case screen
    /// Additive (`plus-lighter`): `ONE, ONE`, clamped by the 8-bit target.
    case additive
    /// Porter-Duff XOR, exact in fixed function on premultiplied colour:
    /// `ONE_MINUS_DST_ALPHA, ONE_MINUS_SRC_ALPHA` gives cs·(1 − αb) + cb·(1 − αs) (and the
    /// same for alpha).
    case xor
}

/// A pass's part of the plan.
package struct PassPlan: Equatable {
    package var pass: Int32
    package var commands: Range<Int>
    /// Its content is last frame's cached texture: no commands.
    package var cached: Bool

    package init(pass: Int32, commands: Range<Int>, cached: Bool) {
        (self.pass, self.commands, self.cached) = (pass, commands, cached)
    }
}

/// A pass's pixel size, scale and source rect for this frame.
package struct PassGeometry: Equatable {
    package var width: Int
    package var height: Int
    package var scale: Float
    package var source: Rect
    /// The screen: framebuffer rows bottom-up (top of the image at the last row).
    package var rowsBottomUp: Bool

    /// What the pass's pixels cover, in the coordinates of its items (`source`'s): its origin,
    /// and its whole pixels at its scale.
    package var pixelArea: Rect {
        Rect(x: source.x, y: source.y, width: Float(width) / scale, height: Float(height) / scale)
    }
}

/// An instance that shows a tile image from a texture array (`TextureSource.tiles`), or a
/// small image from a layer larger than it (`FramePlanner.smallImageSide`).
package struct PlannedTile: Equatable {
    package var instance: Int32
    package var image: ImageID
    package var small = false
}

/// Why an item was skipped (reported once each).
package enum SkipReason: Int, CaseIterable {
    case nonFiniteTransform, singularTransform, badRect, missingImage, missingPass, badPlacement, badFilter
    case programFailed

    package var message: String {
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

    /// Its bit in `PlanCounters.skipReasons`.
    package var bit: UInt32 { 1 << UInt32(rawValue) }
}

/// What planning counted.
package struct PlanCounters: Equatable {
    /// Items planned (drawn, or folded into the clear colour).
    package var items = 0
    /// Items folded into the screen's clear colour.
    package var clearedItems = 0
    /// Items skipped as bad input, and the reasons seen (`SkipReason.bit`).
    package var skippedItems = 0
    package var skipReasons: UInt32 = 0
    /// Single-sided items showing their back.
    package var culledItems = 0
    /// Items drawn as sprites.
    package var spriteItems = 0
    /// Screen items outside the damage.
    package var unchangedItems = 0

    package init() {}
}

/// What a plan depends on besides the render list: the driver's texture limit and the
/// renderer's debug switches.
package struct PlanOptions: Equatable {
    /// The largest image texture side (an image larger is drawn downscaled, from a texture of
    /// its own, never as a tile or a sprite).
    package var maximumTextureSize = 16_384
    /// The largest side of a pass's target (a pass larger is rendered at a smaller scale).
    package var maximumPassSize = 16_384
    package var disableBatching = false
    package var outlinePasses = false
    package var showOverdraw = false
    package var disableSprites = false
    /// Every general batch takes the whole general program (`QuadFeatures.all`).
    package var wholeGeneralProgram = false
    /// Every masked pass is rendered as a pass (`FramePlanner.prepareMattes` fuses none).
    package var disableMatteFusion = false
    /// Every small image is drawn from a texture of its own (`FramePlanner.smallImageSide`).
    package var disableSmallImageArrays = false

    package init() {}
}
