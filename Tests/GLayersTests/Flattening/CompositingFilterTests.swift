import Foundation
import GLayers
import GLayersRenderList
import Testing

/// `compositingFilter`: the spellings Apple's platforms accept reach the render list as blend
/// modes (docs/semantics.md#filters-and-blend-modes), and Core Animation's `xor` composites
/// inside the group the layer is drawn in, as lottie-ios's inverted mattes need.
@Suite struct CompositingFilterTests {
    func build(_ root: CALayer) -> RenderList {
        FrameBuilder().build(root: root, at: 0, size: CGSize(width: 100, height: 100), scale: 1)
    }

    /// A 40×40 layer at (10, 10) with `filter` as its compositing filter.
    func layer(_ filter: Any?) -> CALayer {
        let l = CALayer()
        l.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        l.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        l.compositingFilter = filter
        return l
    }

    /// Every blend mode by its Core Image name, Core Animation's short name and a `CIFilter`.
    static let names: [(ci: String, short: String, mode: BlendMode)] = [
        ("CIMultiplyBlendMode", "multiplyBlendMode", .multiply),
        ("CIScreenBlendMode", "screenBlendMode", .screen),
        ("CIOverlayBlendMode", "overlayBlendMode", .overlay),
        ("CIDarkenBlendMode", "darkenBlendMode", .darken),
        ("CILightenBlendMode", "lightenBlendMode", .lighten),
        ("CIDifferenceBlendMode", "differenceBlendMode", .difference),
        ("CIColorDodgeBlendMode", "colorDodgeBlendMode", .colorDodge),
        ("CIColorBurnBlendMode", "colorBurnBlendMode", .colorBurn),
        ("CISoftLightBlendMode", "softLightBlendMode", .softLight),
        ("CIHardLightBlendMode", "hardLightBlendMode", .hardLight),
        ("CIExclusionBlendMode", "exclusionBlendMode", .exclusion),
        ("CILinearBurnBlendMode", "linearBurnBlendMode", .linearBurn),
        ("CILinearDodgeBlendMode", "linearDodgeBlendMode", .linearDodge),
        ("CILinearLightBlendMode", "linearLightBlendMode", .linearLight),
        ("CIPinLightBlendMode", "pinLightBlendMode", .pinLight),
        ("CIVividLightBlendMode", "vividLightBlendMode", .vividLight),
        ("CISubtractBlendMode", "subtractBlendMode", .subtract),
        ("CIDivideBlendMode", "divideBlendMode", .divide),
        ("CIHueBlendMode", "hueBlendMode", .hue),
        ("CISaturationBlendMode", "saturationBlendMode", .saturation),
        ("CIColorBlendMode", "colorBlendMode", .color),
        ("CILuminosityBlendMode", "luminosityBlendMode", .luminosity),
    ]

    @Test(arguments: names)
    func everySpellingReachesTheItem(_ name: (ci: String, short: String, mode: BlendMode)) throws {
        let filter = try #require(CIFilter(name: name.ci))
        for value: Any in [name.ci, name.short, filter] {
            let l = layer(value)
            #expect((l.compositingFilter as? CIFilter)?.name == name.ci)
            #expect(build(l).items.map(\.blend) == [name.mode], "\(value)")
        }
    }

    /// Core Animation's `xor` (`kCAFilterXor`, as lottie-ios sets it) is Porter-Duff XOR, read
    /// back as a filter named `xor`; Core Image has no XOR filter, so `CIXorCompositing` is
    /// refused with a warning, as any name glayers does not draw.
    @Test func xorIsCoreAnimationsName() {
        let l = layer("xor")
        #expect((l.compositingFilter as? CIFilter)?.name == "xor")
        #expect(build(l).items.map(\.blend) == [.xor])
        let (refused, warnings) = Diagnostics.capture { layer("CIXorCompositing") }
        #expect(refused.compositingFilter == nil && build(refused).items.map(\.blend) == [.normal])
        #expect(warnings.count == 1 && warnings.allSatisfy { $0.contains("CIXorCompositing") })
    }

    /// A layer with sublayers and a compositing filter is drawn in a pass of its own, whose
    /// composite blends; its sublayers draw normally inside it.
    @Test func aLayerWithSublayersBlendsAsAGroup() {
        let l = layer("xor")
        let inner = CALayer()
        inner.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        inner.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        l.addSublayer(inner)
        let list = build(l)
        #expect(list.passes.count == 2)
        let screen = list.items[list.passes[0].itemRange]
        #expect(screen.count == 1 && screen.first?.blend == .xor)
        if case .pass = screen.first?.content {} else { Issue.record("the composite shows the pass") }
        #expect(list.items[list.passes[1].itemRange].allSatisfy { $0.blend == .normal })
    }

    /// lottie-ios's inverted matte: the mask is an opaque black layer with the matte as a
    /// sublayer whose compositing filter is `xor`, so the matte cuts a hole in the mask. The
    /// xor item is drawn in the mask's pass, over the black it cuts.
    @Test func anInvertedMatteXorsInsideTheMask() throws {
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        content.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let base = CALayer()
        base.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        base.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let matte = layer("xor")
        base.addSublayer(matte)
        content.mask = base
        let list = build(content)
        let maskPass = try #require(
            list.passes.first { pass in list.items[pass.itemRange].contains { $0.blend == .xor } })
        let items = list.items[maskPass.itemRange]
        #expect(items.map(\.blend) == [.normal, .xor])
        #expect(items.first?.background == Color(r: 0, g: 0, b: 0, a: 1))
        #expect(list.passes.contains { $0.effects.mask != nil })
    }
}
