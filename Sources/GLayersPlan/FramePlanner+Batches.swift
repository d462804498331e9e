/// Batching: the program an instance takes (`QuadVariant`, and for the general program the
/// parts it needs, `QuadFeatures`) and the batch it joins. Instances that share textures,
/// blending and program are drawn by one call.
import GLayersRenderList

extension FramePlanner {
    /// Writes a batched instance and adds it to the open batch (or a new one) with the program
    /// that draws it.
    func addToBatch(
        _ instance: QuadInstance, textures: TextureSource, blending: Blending, item: UnsafePointer<DrawItem>,
        list: RenderList
    ) {
        // What of the general or shape program it needs, read from the parameter: asked of the
        // copy below, the instance was copied again (with `memcpy`) for every instance planned.
        let features = instance.edgeLines == nil ? generalFeatures(instance) : []
        var textures = textures, instance = instance
        let index = Int32(instanceCount)
        // Whether the instance is a sprite, when asked already (a small image that is one).
        var sprite: Bool?
        if listHasTiles, instance.edgeLines != nil, case .image(let id) = textures, let size = tileSize(item, id, list)
        {
            textures = size
            tiles.append(PlannedTile(instance: index, image: id))
        } else if instance.edgeLines != nil, case .image(let id) = textures, joinsSmallImages(id),
            let (w, h) = smallImage(item, id, list, instance)
        {
            sprite = isSprite(instance, source: textures, list: list)
            if sprite == false {
                // At its layer's corner: the same texels at the same texture coordinates, scaled.
                let side = Float(Self.smallImageSide), sx = Float(w) / side, sy = Float(h) / side
                let s = instance.source
                instance.source = Rect(x: s.x * sx, y: s.y * sy, width: s.width * sx, height: s.height * sy)
                textures = .tiles(width: Self.smallImageSide, height: Self.smallImageSide)
                tiles.append(PlannedTile(instance: index, image: id, small: true))
            }
        }
        instance.write(to: instanceBuffer.append())
        counters.items += 1
        let variant: QuadVariant
        if fusedMask != nil && instance.edgeLines != nil {
            variant = .simpleMasked
        } else if instance.edgeLines != nil && instance.flags.contains(.trim) {
            let sprite = isSprite(instance, source: textures, list: list, clearEdges: item.pointee.content.clearsEdges)
            variant = sprite ? .spriteTrimmed : .simpleTrimmed
            if sprite { counters.spriteItems += 1 }
        } else if instance.edgeLines == nil {
            variant = isShape(instance) ? .shape : .general
        } else if case .tiles = textures {
            variant = .simpleArray
        } else if sprite ?? isSprite(instance, source: textures, list: list) {
            variant = .sprite
            counters.spriteItems += 1
        } else {
            variant = instance.h.isAffine ? .simple : .simplePerspective
        }
        appendToBatch(index, textures: textures, blending: blending, variant: variant, features: features)
    }

    /// Whether an item showing image `id` may be drawn from a small images' layer
    /// (`smallImage`): not the pass's first item, nor one that the open batch of `id`'s own
    /// texture takes. The items of one image batch with its texture anyway (a snowfall's flakes
    /// stay one draw, whichever of them a layer could show); items of different images after
    /// the first join the layers' batch.
    @inline(__always)
    private func joinsSmallImages(_ id: ImageID) -> Bool {
        let last = commands.count - 1
        guard !options.disableSmallImageArrays, last >= passCommands else { return false }
        return commands[last].textures != .image(id)
    }

    /// What of the general program `instance` needs (`QuadFeatures`). The overdraw view takes
    /// the whole program (its tint is with the blend modes).
    @inline(__always)
    func generalFeatures(_ instance: QuadInstance) -> QuadFeatures {
        if options.showOverdraw || options.wholeGeneralProgram { return .all }
        var features: QuadFeatures = []
        if instance.clip >= 0 {
            features.insert(.clip)
            if clipsHaveContinuousCorners { features.insert(.continuous) }
            if clipsHaveBlendedCorners { features.insert(.blended) }
        }
        if instance.shape & ShapeBits.continuous != 0 {
            features.insert(.continuous)
            if !Self.cornersReachFullLength(instance.rect, radius: instance.cornerRadius) {
                features.insert(.blended)
            }
        }
        if instance.flags.contains(.blurredShape) { features.insert(.blurred) }
        if instance.flags.contains(.trim) { features.insert(.trim) }
        if instance.borderWidth > 0 { features.insert(.border) }
        let flags = instance.flags
        if !flags.isDisjoint(with: QuadFlags.texture.union(.screenTexture)) {
            features.insert(.content)
            if !flags.isDisjoint(with: QuadFlags.nearest.union(.minifyNearest).union(.minifyTrilinear)) {
                features.insert(.sampling)
            }
            if flags.contains(.crossfade) { features.insert(.crossfade) }
            if flags.contains(.nineSlice) { features.insert(.nineSlice) }
            if flags.contains(.screenTexture) { features.insert(.screen) }
        }
        return features
    }

    /// Whether the continuous corners of a rounded rect of `radius` reach their full length,
    /// 1.53 radii along each side: quad.frag.glsl's `continuousBlend` is 1 for them, with room
    /// to spare for its rounding, so the program without blended corners draws them as the whole
    /// program does. A radius near half the shorter side blends the corner toward a circle's (a
    /// capsule at half the side). A border's inner edge then reaches its full length too: its
    /// radius and half side are both shorter by the border's width.
    @inline(__always)
    static func cornersReachFullLength(_ rect: Rect, radius: Float) -> Bool {
        let half = min(rect.width, rect.height) / 2
        guard half > 0 else { return true }
        let r = min(max(radius, 0), half)
        return r == 0 || r * continuousCornerReach * 1.0001 <= half
    }

    /// How far a continuous corner reaches along each side, in radii: quad.frag.glsl's
    /// `CONTINUOUS_REACH` (`CALayer.cornerCurveExpansionFactor(.continuous)` rounded).
    static let continuousCornerReach: Float = 1.52866483

    /// Whether `quad_simple.frag.glsl` can draw the instance exactly as the general program:
    /// a plain rect, its content (if any) filling it; its corners must also lie in front of
    /// the eye (`Homography.edgeLines(of:)` checks that).
    @inline(__always)
    func isPlainRect(_ instance: QuadInstance) -> Bool {
        !options.showOverdraw && instance.clip < 0 && instance.cornerRadius == 0 && instance.borderWidth == 0
            && instance.flags.isSubset(
                of: QuadFlags.texture.union(.clipsContent).union(.noDilate).union(.tint).union(.trim))
            && instance.geometry == instance.rect
            && (!instance.flags.contains(.texture) || instance.destination == instance.rect)
    }

    /// Makes an item that shows its content alone the plain rect of that content: with no
    /// background (or a tint, which draws the content only), border or clip, and content its
    /// rect does not clip, the item's pixels are the content's, anti-aliased at the edges of its
    /// destination with the item's hard edges (quad.frag.glsl), which is what the simple and
    /// sprite programs draw for a rect that is the destination. A shape layer's raster is such
    /// an item, its path reaching past its bounds (every shape of a Lottie file: their layers
    /// have empty bounds).
    @inline(__always)
    func drawContentAlone(_ item: UnsafePointer<DrawItem>, _ instance: inout QuadInstance) {
        guard !item.pointee.clipsContent, instance.clip < 0, instance.borderWidth == 0,
            instance.flags.contains(.texture), instance.flags.contains(.tint) || item.pointee.background.isClear
        else { return }
        instance.rect = instance.destination
        instance.geometry = instance.destination
        instance.cornerRadius = 0
    }

    /// Whether the shape program draws the instance exactly as the general program: nothing
    /// but background, border and rounded corners (no content, clip or overdraw tint).
    @inline(__always)
    func isShape(_ instance: QuadInstance) -> Bool {
        !options.showOverdraw && instance.clip < 0
            && instance.flags.isDisjoint(
                with: QuadFlags.texture.union(.blurredShape).union(.screenTexture).union(.crossfade).union(.nineSlice)
                    .union(.tint))
    }

    /// Adds instance `index` to the open batch when it shares textures, blending and program
    /// (a general or shape batch takes the union of its instances' `features`).
    @inline(__always)
    func appendToBatch(
        _ index: Int32, textures: TextureSource, blending: Blending, variant: QuadVariant, features: QuadFeatures = []
    ) {
        // Never merge into a command of an earlier pass. The last command is read in place.
        let last = commands.count - 1
        if !options.disableBatching, last >= passCommands, commands[last].kind == .batch,
            commands[last].first + commands[last].count == index, commands[last].variant == variant,
            commands[last].blending == blending, commands[last].textures == textures
        {
            commands[last].count += 1
            commands[last].features.formUnion(features)
            return
        }
        var command = DrawCommand(
            kind: .batch, first: index, count: 1, textures: textures, variant: variant, blending: blending)
        command.features = variant == .general || variant == .shape ? features : []
        commands.append(command)
    }
}
