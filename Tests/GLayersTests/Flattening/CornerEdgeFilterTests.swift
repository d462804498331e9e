import Foundation
import GLayers
import GLayersRenderList
import Testing

/// `cornerCurve`, `allowsEdgeAntialiasing` with `edgeAntialiasingMask`, and the contents
/// filters reach the render list (#11).
@Suite struct CornerEdgeFilterTests {
    func build(_ root: CALayer) -> RenderList {
        FrameBuilder().build(root: root, at: 0, size: CGSize(width: 200, height: 100), scale: 1)
    }

    /// A card with continuous corners, a border, a shadow and a sublayer it clips.
    func card() -> CALayer {
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 80, height: 60)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        card.cornerRadius = 12
        card.cornerCurve = .continuous
        card.borderWidth = 2
        card.borderColor = CGColor(gray: 0, alpha: 1)
        card.shadowOpacity = 0.5
        card.masksToBounds = true
        let inside = CALayer()
        inside.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        inside.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.addSublayer(inside)
        return card
    }

    func isShadow(_ item: DrawItem) -> Bool {
        if case .blurredShape = item.content { return true }
        return false
    }

    /// The card's own items: background and border (not the composite of the pass its
    /// content-cast shadow needs, whose rect is the pass's).
    func own(_ list: RenderList) -> [DrawItem] {
        list.items.filter { item in
            if case .pass = item.content { return false }
            return item.layerIndex == 0
        }
    }

    @Test func continuousCornersReachBackgroundBorderClipAndShadow() {
        let list = build(card())
        #expect(own(list).count == 2 && own(list).allSatisfy { $0.cornerCurve == .continuous })
        #expect(list.clips.count == 1 && list.clips[0].cornerCurve == .continuous)
        #expect(list.items.filter { $0.layerIndex == 1 }.allSatisfy { $0.cornerCurve == .circular })
        #expect(list.dump().contains("radius 12 continuous"))
        #expect(list.dump().contains("clip 0 rect (0, 0, 80, 60) radius 12 continuous"))
        // Without sublayers the shadow is an analytic blurred shape of the same curve.
        let plain = card()
        plain.sublayers = nil
        #expect(build(plain).items.first(where: isShadow)?.cornerCurve == .continuous)
    }

    @Test func circularIsTheDefaultAndKeyValueCodingSetsTheCurve() {
        let layer = CALayer()
        #expect(layer.cornerCurve == .circular)
        #expect(layer.value(forKey: "cornerCurve") as? String == "circular")
        layer.setValue("continuous", forKey: "cornerCurve")
        #expect(layer.cornerCurve == .continuous)
        #expect(layer.value(forKey: "cornerCurve") as? String == "continuous")
    }

    @Test func edgesAreAntialiasedAsTheMaskSaysWhenAllowed() {
        let layer = card()
        #expect(layer.allowsEdgeAntialiasing)
        #expect(build(layer).items.allSatisfy { $0.antialiasedEdges == .all })
        layer.edgeAntialiasingMask = [.layerLeftEdge, .layerTopEdge]
        var list = build(layer)
        #expect(own(list).allSatisfy { $0.antialiasedEdges == [.minX, .maxY] })
        #expect(list.clips[0].antialiasedEdges == [.minX, .maxY])
        #expect(list.dump().contains("aaEdges 9"))
        layer.allowsEdgeAntialiasing = false
        list = build(layer)
        #expect(own(list).allSatisfy { $0.antialiasedEdges.isEmpty })
        #expect(list.clips[0].antialiasedEdges.isEmpty)
        // A sublayer keeps its own edges.
        #expect(list.items.filter { $0.layerIndex == 1 }.allSatisfy { $0.antialiasedEdges == .all })
    }

    @Test func contentsFiltersAndBiasReachThePlacement() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.contents = try CGImage(
            width: 4, height: 4, premultipliedRGBA: [UInt8](repeating: 255, count: 64))
        #expect(build(layer).items[0].content.placement?.isLinear == true)
        layer.minificationFilter = .trilinear
        layer.magnificationFilter = .nearest
        layer.minificationFilterBias = 0.5
        let placement = try #require(build(layer).items[0].content.placement)
        #expect(placement.minificationFilter == .trilinear && placement.magnificationFilter == .nearest)
        #expect(placement.minificationFilterBias == 0.5)
        #expect(build(layer).dump().contains("min trilinear mag nearest bias 0.5"))
        layer.setValue("nearest", forKey: "minificationFilter")
        #expect(build(layer).items[0].content.placement?.minificationFilter == .nearest)
    }
}
