import Foundation
import GLayers
import Testing

@testable import GLayersScene

extension SceneSerialTests {
    /// Layers: classes, every kind of property value, aliases, frame, filters, constraints,
    /// actions and animations.
    @Suite struct LayerDecodingTests {
        /// The first sublayer of the root of a scene holding `layer`.
        func decodeLayer(_ layer: String, extra: String = "") throws -> CALayer {
            let scene = try loadScene(withLayer(layer, extra: extra))
            return try #require(scene.rootLayer.sublayers?.first)
        }

        @Test func scalarsPointsRectsAndColours() throws {
            let l = try decodeLayer(
                #"""
                { "name": "box", "bounds": [0, 0, 120, 80], "position": [100, 100], "anchorPoint": [0.5, 0.5],
                  "zPosition": 3, "opacity": 0.5, "isHidden": false, "masksToBounds": true, "cornerRadius": 8,
                  "borderWidth": 2, "borderColor": "#FF000080", "backgroundColor": [0, 0, 1, 1],
                  "shadowOpacity": 0.7, "shadowOffset": [2, 4], "shadowRadius": 5, "shadowColor": "white",
                  "contentsRect": [0, 0, 0.5, 0.5], "contentsGravity": "resizeAspect", "isDoubleSided": false,
                  "allowsEdgeAntialiasing": true, "shouldRasterize": true, "rasterizationScale": 2,
                  "maskedCorners": ["layerMinXMinYCorner", "layerMaxXMaxYCorner"], "cornerCurve": "continuous",
                  "minificationFilter": "nearest", "speed": 2, "timeOffset": 1, "repeatCount": "infinity" }
                """#)
            #expect(l.name == "box" && l.frame == CGRect(x: 40, y: 60, width: 120, height: 80))
            #expect(l.zPosition == 3 && l.opacity == 0.5 && !l.isHidden && l.masksToBounds && l.cornerRadius == 8)
            #expect(l.borderColor?.rgba == RGBA(1, 0, 0, 128.0 / 255) && l.backgroundColor?.rgba == RGBA(0, 0, 1, 1))
            #expect(l.shadowOffset == CGSize(width: 2, height: 4) && l.shadowColor?.rgba == RGBA(1, 1, 1, 1))
            #expect(l.contentsRect == CGRect(x: 0, y: 0, width: 0.5, height: 0.5) && l.contentsGravity == .resizeAspect)
            #expect(!l.isDoubleSided && l.shouldRasterize && l.rasterizationScale == 2)
            #expect(l.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMaxYCorner] && l.cornerCurve == .continuous)
            #expect(l.minificationFilter == .nearest && l.speed == 2 && l.timeOffset == 1 && l.repeatCount == .infinity)
        }

        /// A tiled layer in a scene (#12): its properties, and its image drawn tile by tile.
        @Test func tiledLayersDrawTheirTiledImage() throws {
            let l = try decodeLayer(
                #"""
                { "class": "CATiledLayer", "frame": [0, 0, 4096, 4096], "tileSize": [512, 128], "levelsOfDetail": 6,
                  "levelsOfDetailBias": 2, "tiledImage": "images/flake0.png" }
                """#)
            let tiled = try #require(l as? CATiledLayer)
            #expect(tiled.tileSize == CGSize(width: 512, height: 128))
            #expect(tiled.levelsOfDetail == 6 && tiled.levelsOfDetailBias == 2)
            #expect(tiled.tiledImage?.width == 64 && tiled.contents == nil)
            #expect(
                theError(withLayer(#"{ "tiledImage": "images/flake0.png" }"#))
                    == "test.json:3:7: root.sublayers[0].tiledImage: unknown key \"tiledImage\" for CALayer; "
                    + "it is a CATiledLayer key (set \"class\": \"CATiledLayer\")")
            #expect(theError(withLayer(#"{ "class": "CATiledLayer", "tiledImage": 3 }"#)).contains("tiledImage"))
        }

        /// Tiled settings that drawing would clamp (#12) refuse the scene, each where the file
        /// sets it; levels are whole numbers.
        @Test func unusableTiledSettingsNameTheirPlace() {
            let tiled = #"{ "class": "CATiledLayer", "frame": [0, 0, 100, 100], "#
            #expect(
                theError(withLayer(tiled + #""tileSize": [0, 256] }"#))
                    == "test.json:3:71: root.sublayers[0].tileSize: tileSize.width 0.0 is outside 16…1024 pixels")
            #expect(
                theError(withLayer(tiled + #""tileSize": [256, 100000] }"#))
                    == "test.json:3:71: root.sublayers[0].tileSize: tileSize.height 100000.0 is outside 16…1024 pixels")
            #expect(
                theError(withLayer(tiled + #""levelsOfDetail": 0 }"#))
                    == "test.json:3:77: root.sublayers[0].levelsOfDetail: levelsOfDetail 0.0 is less than one level")
            #expect(
                theError(withLayer(tiled + #""levelsOfDetail": 1e12 }"#))
                    == "test.json:3:77: root.sublayers[0].levelsOfDetail: levelsOfDetail 1000000000000.0 is more than 64 levels"
            )
            #expect(
                theError(withLayer(tiled + #""levelsOfDetail": 2.5 }"#))
                    == "test.json:3:77: root.sublayers[0].levelsOfDetail: expected an integer, got the number 2.5")
            #expect(
                theError(withLayer(tiled + #""levelsOfDetailBias": -1 }"#))
                    == "test.json:3:81: root.sublayers[0].levelsOfDetailBias: levelsOfDetailBias -1.0 is negative")
            #expect(
                theError(withLayer(tiled + #""levelsOfDetailBias": 100 }"#))
                    == "test.json:3:81: root.sublayers[0].levelsOfDetailBias: levelsOfDetailBias 100.0 is more than 24 magnified levels"
            )
            let all = sceneErrors(
                withLayer(tiled + #""tileSize": [0, 1e9], "levelsOfDetail": -2, "levelsOfDetailBias": 30 }"#))
            #expect(
                all.map(\.path.description) == [
                    "root.sublayers[0].tileSize", "root.sublayers[0].tileSize", "root.sublayers[0].levelsOfDetail",
                    "root.sublayers[0].levelsOfDetailBias",
                ], "\(all)")
            let limits = #""tileSize": [16, 1024], "levelsOfDetail": 64, "levelsOfDetailBias": 24 }"#
            #expect(sceneErrors(withLayer(tiled + limits)).isEmpty)
        }

        @Test func frameIsSetLastAsApplesSetter() throws {
            // The anchor point given after the frame still counts: the frame is applied last.
            let l = try decodeLayer(#"{ "frame": [10, 20, 100, 50], "anchorPoint": [0, 0] }"#)
            #expect(l.position == CGPoint(x: 10, y: 20) && l.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        }

        @Test func nullColoursAndTransforms() throws {
            let l = try decodeLayer(
                #"{ "backgroundColor": null, "transform": [{ "rotate": "90deg" }], "sublayerTransform": [{ "perspective": 400 }] }"#
            )
            #expect(l.backgroundColor == nil)
            #expect(close(l.transform.m12, 1) && close(l.transform.m21, -1))
            #expect(l.sublayerTransform.m34 == -1.0 / 400)
        }

        @Test func subclassesAndTheirProperties() throws {
            let text = try decodeLayer(
                #"{ "class": "CATextLayer", "string": "Hi", "fontSize": 32, "font": "DejaVu Sans", "foregroundColor": "red", "alignmentMode": "center", "wrapped": true, "truncationMode": "end" }"#
            )
            let t = try #require(text as? CATextLayer)
            #expect(t.string as? String == "Hi" && t.fontSize == 32 && t.font as? String == "DejaVu Sans")
            #expect(
                t.alignmentMode == .center && t.isWrapped && t.truncationMode == .end
                    && t.foregroundColor?.rgba == RGBA(1, 0, 0, 1))
            let shape = try #require(
                try decodeLayer(
                    #"{ "class": "CAShapeLayer", "path": "M 0 0 L 10 0", "fillColor": null, "strokeColor": "white", "lineWidth": 3, "lineDashPattern": [2, 1], "lineCap": "round", "fillRule": "even-odd", "strokeEnd": 0.5 }"#
                ) as? CAShapeLayer)
            #expect(
                shape.path?.elements.count == 2 && shape.fillColor == nil && shape.lineWidth == 3
                    && shape.lineCap == .round)
            #expect(
                shape.lineDashPattern?.map(\.doubleValue) == [2, 1] && shape.fillRule == .evenOdd
                    && shape.strokeEnd == 0.5)
            let gradient = try #require(
                try decodeLayer(
                    #"{ "class": "CAGradientLayer", "colors": ["red", "blue"], "locations": [0, 1], "startPoint": [0, 0], "endPoint": [1, 1], "type": "radial" }"#
                ) as? CAGradientLayer)
            #expect(gradient.colors?.count == 2 && gradient.type == .radial && gradient.endPoint == CGPoint(x: 1, y: 1))
            let replicator = try #require(
                try decodeLayer(
                    #"{ "class": "CAReplicatorLayer", "instanceCount": 4, "instanceTransform": [{ "translate": [10, 0] }], "instanceDelay": 0.1, "instanceColor": "white" }"#
                ) as? CAReplicatorLayer)
            #expect(
                replicator.instanceCount == 4 && replicator.instanceTransform.m41 == 10
                    && replicator.instanceDelay == 0.1)
            let scroll = try #require(
                try decodeLayer(#"{ "class": "CAScrollLayer", "scrollMode": "vertically" }"#) as? CAScrollLayer)
            #expect(scroll.scrollMode == .vertically)
            #expect(try decodeLayer(#"{ "class": "CATransformLayer" }"#) is CATransformLayer)
        }

        @Test func contentsImagesAreSharedAndCompositingFilters() throws {
            let scene = try loadScene(
                withLayer(
                    #"{ "contents": "images/flake0.png", "compositingFilter": "screenBlendMode" }, { "contents": "images/flake0.png" }"#
                ))
            let subs = try #require(scene.rootLayer.sublayers)
            let image = try #require(subs[0].contents as? CGImage)
            #expect(image.width == 64 && (subs[1].contents as? CGImage) === image)
            #expect((subs[0].compositingFilter as? CIFilter)?.kind == .screen)
            #expect(scene.imagePaths[image.identity] == "images/flake0.png")
        }

        /// One file spelt several ways is decoded once (#24: every spelling decoded its own
        /// copy, and twenty spellings of a 16 384² image were twenty gigabytes).
        @Test func anImageSpeltSeveralWaysIsDecodedOnce() throws {
            let spellings = [
                "images/flake0.png", "./images/flake0.png", "images//flake0.png", "./images/./flake0.png",
            ]
            let scene = try loadScene(withLayer(spellings.map { #"{ "contents": "\#($0)" }"# }.joined(separator: ", ")))
            let images = try #require(scene.rootLayer.sublayers).compactMap { $0.contents as? CGImage }
            #expect(images.count == 4 && images.allSatisfy { $0 === images[0] })
            #expect(scene.imagePaths[images[0].identity] == "images/flake0.png")
        }

        @Test func filtersWithNamesAndInputs() throws {
            let l = try decodeLayer(
                #"{ "filters": [{ "type": "CIBloom", "name": "pulseFilter", "inputRadius": 5 }, { "type": "CIGaussianBlur", "enabled": false }], "backgroundFilters": [{ "type": "CIGaussianBlur", "inputRadius": 3 }] }"#
            )
            let filters = try #require(l.filters as? [CIFilter])
            #expect(filters.map(\.name) == ["pulseFilter", "CIGaussianBlur"])
            #expect(
                filters[0].value(forKey: "inputRadius") as? Double == 5
                    && filters[0].value(forKey: "inputIntensity") as? Double == 0.5)
            #expect(!filters[1].isEnabled)
            #expect((l.backgroundFilters?.first as? CIFilter)?.value(forKey: "inputRadius") as? Double == 3)
            #expect(
                theError(withLayer(#"{ "filters": [{ "type": "CIBlom" }] }"#)).hasPrefix(
                    "test.json:3:29: root.sublayers[0].filters[0].type: unknown filter \"CIBlom\"; did you mean \"CIBloom\"?"
                ))
            #expect(
                theError(withLayer(#"{ "filters": [{ "type": "CIBloom", "inputRadus": 1 }] }"#))
                    == "test.json:3:40: root.sublayers[0].filters[0].inputRadus: unknown key \"inputRadus\" for filter CIBloom; did you mean \"inputRadius\"?"
            )
        }

        @Test func constraintsImplyTheLayoutManager() throws {
            let scene = try loadScene(
                #"""
                { "size": [400, 300], "root": { "sublayers": [
                  { "name": "a", "bounds": [0, 0, 100, 20], "constraints": [
                    { "attribute": "midX", "relativeTo": "superlayer" },
                    { "attribute": "maxY", "relativeTo": "superlayer", "offset": -10 } ] },
                  { "name": "b", "constraints": [
                    { "attribute": "width", "relativeTo": "a", "scale": 2 },
                    { "attribute": "height", "relativeTo": "a", "sourceAttribute": "height" },
                    { "attribute": "minX", "relativeTo": "a" },
                    { "attribute": "maxY", "relativeTo": "a", "sourceAttribute": "minY", "offset": -5 } ] } ] } }
                """#)
            #expect(scene.rootLayer.layoutManager is CAConstraintLayoutManager)
            let subs = try #require(scene.rootLayer.sublayers)
            #expect(subs[0].frame == CGRect(x: 150, y: 270, width: 100, height: 20))
            #expect(subs[1].frame == CGRect(x: 150, y: 245, width: 200, height: 20))
            scene.layout(size: CGSize(width: 600, height: 400))
            #expect(subs[0].frame == CGRect(x: 250, y: 370, width: 100, height: 20))
            #expect(
                theError(withLayer(#"{ "layoutManager": "grid" }"#))
                    == "test.json:3:24: root.sublayers[0].layoutManager: unknown layout manager \"grid\"; expected one of: constraints"
            )
        }

        @Test func autoresizingFollowsTheWindow() throws {
            let scene = try loadScene(
                #"{ "size": [200, 100], "root": { "sublayers": [{ "frame": [10, 10, 180, 80], "autoresizingMask": ["layerWidthSizable", "layerHeightSizable"] }] } }"#
            )
            scene.layout(size: CGSize(width: 300, height: 200))
            #expect(scene.rootLayer.sublayers?.first?.frame == CGRect(x: 10, y: 10, width: 280, height: 180))
        }

        @Test func masksAndNesting() throws {
            let l = try decodeLayer(
                #"{ "mask": { "name": "m", "bounds": [0, 0, 10, 10] }, "sublayers": [{ "sublayers": [{ "name": "deep" }] }] }"#
            )
            #expect(l.mask?.name == "m")
            #expect(l.sublayers?.first?.sublayers?.first?.name == "deep")
        }

        @Test func actionsAndAnimations() throws {
            let l = try decodeLayer(
                #"""
                { "actions": { "opacity": null, "position": { "duration": 1, "timingFunction": "easeIn" }, "onOrderIn": { "class": "CATransition" } },
                  "animations": { "spin": { "keyPath": "transform.rotation.z", "byValue": "90deg", "duration": 2 } } }
                """#)
            #expect(l.actions?["opacity"] is NSNull)
            let position = try #require(l.actions?["position"] as? CABasicAnimation)
            #expect(position.keyPath == "position" && position.duration == 1 && position.fromValue == nil)
            #expect(l.actions?["onOrderIn"] is CATransition)
            let spin = try #require(l.animation(forKey: "spin") as? CABasicAnimation)
            #expect(spin.keyPath == "transform.rotation.z" && close(spin.byValue as? CGFloat ?? 0, .pi / 2))
            #expect(
                theError(withLayer(#"{ "actions": { "opacty": null } }"#))
                    == "test.json:3:20: root.sublayers[0].actions.opacty: unknown action key \"opacty\" (a property name or onOrderIn, onOrderOut, transition); did you mean \"opacity\"?"
            )
        }
    }
}
