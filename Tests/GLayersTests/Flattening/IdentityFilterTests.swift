import Foundation
import GLayers
import GLayersRenderList
import Testing

/// A filter that gives back its input (a bloom adding no glow, a blur of no width, the
/// identity colour matrix) is left out of the frame: a layer whose filters are all such needs
/// no offscreen pass, as a pulse at rest (the kiosk's first frame) (#13).
@Suite struct IdentityFilterTests {
    /// A bordered rounded rect with `filters`, flattened at time 0.
    private func list(_ filters: [CIFilter?]) -> RenderList {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let selection = CALayer()
        selection.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
        selection.cornerRadius = 20
        selection.borderWidth = 2
        selection.borderColor = CGColor(gray: 1, alpha: 1)
        selection.filters = filters.compactMap { $0 }
        root.addSublayer(selection)
        return FrameBuilder().build(root: root, at: 0, size: CGSize(width: 200, height: 100), scale: 1)
    }

    private func filter(_ name: String, _ values: [String: Any]) -> CIFilter? {
        CIFilter(name: name, parameters: values)
    }

    @Test func identitiesNeedNoPass() {
        let plain = list([])
        for filters in [
            [filter("CIBloom", ["inputIntensity": 0])], [filter("CIBloom", ["inputIntensity": -1])],
            [filter("CIGaussianBlur", ["inputRadius": 0])],
            [filter("CIBloom", ["inputIntensity": 0]), filter("CIGaussianBlur", ["inputRadius": 0])],
        ] {
            let l = list(filters)
            #expect(filters.allSatisfy { $0 != nil })
            #expect(l.passes.count == plain.passes.count, "\(filters.map { $0?.name ?? "?" })")
            #expect(l.items.count == plain.items.count)
        }
    }

    @Test func theOthersKeepTheirPassWithoutTheIdentities() {
        let l = list([filter("CIBloom", ["inputIntensity": 0]), filter("CIGaussianBlur", ["inputRadius": 3])])
        #expect(l.passes.map(\.effects.filters).contains([.gaussianBlur(sigma: 3)]))
        let glowing = list([filter("CIBloom", ["inputIntensity": 0.5, "inputRadius": 5])])
        #expect(glowing.passes.map(\.effects.filters).contains([.bloom(sigma: 5, intensity: 0.5)]))
    }

    @Test func whichFiltersAreIdentities() {
        #expect(FilterOp.bloom(sigma: 5, intensity: 0).isIdentity)
        #expect(FilterOp.bloom(sigma: 5, intensity: .nan).isIdentity)
        #expect(!FilterOp.bloom(sigma: 5, intensity: 1e-6).isIdentity)
        #expect(FilterOp.gaussianBlur(sigma: 0).isIdentity)
        #expect(!FilterOp.gaussianBlur(sigma: 0.1).isIdentity)
        #expect(FilterOp.colorMatrix(FilterOp.identityMatrix).isIdentity)
        var tinted = FilterOp.identityMatrix
        tinted[4] = 0.1
        #expect(!FilterOp.colorMatrix(tinted).isIdentity)
    }
}
