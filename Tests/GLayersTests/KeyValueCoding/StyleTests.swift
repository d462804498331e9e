import Foundation
import GLayers
import GLayersRenderList
import Testing

/// The `style` dictionary supplies values for properties not set on the layer, through nested
/// `style["style"]` dictionaries (issue #11; docs/semantics.md#the-style-dictionary).
@Suite struct StyleTests {
    let nested: [AnyHashable: Any] = ["opacity": 0.5, "style": ["cornerRadius": 8, "opacity": 0.1]]

    func squares(_ configure: (CALayer) -> Void) -> String {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        configure(square)
        root.addSublayer(square)
        return FrameBuilder().build(root: root, at: 0, size: CGSize(width: 100, height: 100), scale: 1).dump()
    }

    /// The shallowest value wins: opacity 0.5 from the style, cornerRadius 8 from the nested
    /// style (whose opacity 0.1 is deeper), seen by getters, key-value coding, the
    /// presentation and the render list.
    @Test func styleSuppliesUnsetProperties() throws {
        let layer = CALayer()
        layer.style = nested
        #expect(layer.opacity == 0.5 && layer.cornerRadius == 8)
        #expect(layer.value(forKey: "opacity") as? Float == 0.5)
        #expect(layer.value(forKey: "cornerRadius") as? CGFloat == 8)
        let p = try #require(layer.presentation())
        #expect(p.opacity == 0.5 && p.cornerRadius == 8)
        let styled = squares { $0.style = nested }
        let explicit = squares {
            $0.opacity = 0.5
            $0.cornerRadius = 8
        }
        #expect(styled == explicit)
        #expect(styled != squares { _ in })
    }

    /// Any key: an undeclared key reads the style before the class's default.
    @Test func customKeysReadTheStyle() {
        let layer = CALayer()
        layer.style = ["style": ["angle": 0.25]]
        #expect(layer.value(forKey: "angle") as? Double == 0.25)
        layer.setValue(0.75, forKey: "angle")
        #expect(layer.value(forKey: "angle") as? CGFloat == 0.75)
    }

    /// A value set on the layer wins, even one equal to the default, before or after the style.
    @Test func anExplicitValueWins() {
        let layer = CALayer()
        layer.opacity = 1
        layer.style = nested
        #expect(layer.opacity == 1 && layer.cornerRadius == 8)
        layer.cornerRadius = 3
        layer.style = ["cornerRadius": 20, "borderWidth": 2]
        #expect(layer.cornerRadius == 3 && layer.borderWidth == 2 && layer.opacity == 1)
        layer.setValue(4, forKeyPath: "borderWidth")
        layer.style = nil
        #expect(layer.borderWidth == 4)
    }

    /// Removing the style (or replacing it) gives back the class's defaults for what it
    /// supplied: CALayer's, a layer class's own (`CAScrollLayer.masksToBounds`), and those of
    /// subclass properties (`CAShapeLayer.lineWidth`).
    @Test func removingTheStyleRestoresDefaults() {
        let layer = CALayer()
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        layer.style = nested.merging(["shadowPath": path, "backgroundColor": CGColor(gray: 1, alpha: 1)]) { $1 }
        #expect(layer.shadowPath != nil && layer.backgroundColor != nil)
        layer.style = ["cornerRadius": 2]
        #expect(
            layer.opacity == 1 && layer.cornerRadius == 2 && layer.shadowPath == nil && layer.backgroundColor == nil)
        layer.style = nil
        #expect(layer.opacity == 1 && layer.cornerRadius == 0)

        let scroll = CAScrollLayer()
        scroll.style = ["masksToBounds": false]
        #expect(!scroll.masksToBounds)
        scroll.style = nil
        #expect(scroll.masksToBounds, "CAScrollLayer's defaultValue(forKey:)")

        let shape = CAShapeLayer()
        shape.style = ["style": ["lineWidth": 3]]
        #expect(shape.lineWidth == 3 && shape.value(forKey: "lineWidth") as? CGFloat == 3)
        shape.style = [:]
        #expect(shape.lineWidth == 1)
    }

    /// Apple's reference: the style is not consulted for `bounds` and `frame`; nor does glayers
    /// take the layer object's settings from it. A value of the wrong type is reported.
    @Test func whatTheStyleDoesNotSupply() {
        let layer = CALayer()
        let (_, warnings) = Diagnostics.capture {
            layer.style = [
                "bounds": CGRect(x: 0, y: 0, width: 9, height: 9), "frame": CGRect(x: 1, y: 1, width: 2, height: 2),
                "name": "styled", "opacity": "half",
            ]
        }
        #expect(layer.bounds == .zero && layer.frame == .zero && layer.name == nil && layer.opacity == 1)
        #expect(
            warnings.count == 1 && warnings[0].contains("opacity expects a number") && warnings[0].contains("in style"))
    }
}

extension ClockTests {
    @Suite struct StyleOnLiveLayers {
        /// Style values are defaults, not changes: setting the style of a live layer runs no
        /// action, and the next frame shows the values.
        @Test func noImplicitAnimation() throws {
            try withManualClock {
                let layer = CALayer()
                let host = CALayerHost(rootLayer: layer)
                frame(at: 0)
                layer.style = ["opacity": 0.5]
                #expect(layer.animationKeys() == nil)
                frame(at: 0.1)
                let presented = try #require(layer.presentation())
                #expect(presented.opacity == 0.5)
                layer.opacity = 0.25
                #expect(layer.animationKeys() == ["opacity"], "an explicit change still animates")
                host.detach()
            }
        }
    }
}
