import Foundation
import GLayers
import Testing

extension ClockTests {
    /// `CAEmitterLayer` (#12): its cells as a snapshot, key paths into them
    /// (`emitterCells.NAME.KEY`, also of sub-cells) for key-value coding and animations, and bad
    /// trees cut with a warning.
    @Suite struct EmitterLayerTests {
        func cell(_ name: String, birthRate: Float = 10) -> CAEmitterCell {
            let c = CAEmitterCell()
            c.name = name
            c.birthRate = birthRate
            c.lifetime = 2
            return c
        }

        @Test func theLayerKeepsASnapshotOfItsCells() {
            withManualClock {
                let layer = CAEmitterLayer()
                let spark = cell("spark")
                layer.emitterCells = [spark]
                #expect(layer.emitterCells?.first === spark)
                // Changed afterwards, the cell object changes; the layer's snapshot does not.
                spark.birthRate = 99
                #expect(layer.presentation()?.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 10)
                // Through the layer, both change.
                layer.setValue(25, forKeyPath: "emitterCells.spark.birthRate")
                #expect(spark.birthRate == 25)
                #expect(layer.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 25)
                #expect(layer.presentation()?.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 25)
                #expect(layer.value(forKeyPath: "emitterCells.spark") as? CAEmitterCell === spark)
            }
        }

        @Test func keyPathsReachSubCells() throws {
            try withManualClock {
                let layer = CAEmitterLayer()
                let spark = cell("spark"), burst = cell("burst"), rocket = cell("rocket")
                burst.emitterCells = [spark]
                rocket.emitterCells = [burst]
                layer.emitterCells = [rocket]
                try layer.strictSetValue(
                    300, forKeyPath: "emitterCells.rocket.emitterCells.burst.emitterCells.spark.birthRate")
                #expect(spark.birthRate == 300)
                let path = "emitterCells.rocket.emitterCells.burst.emitterCells.spark.birthRate"
                #expect(layer.presentation()?.value(forKeyPath: path) as? Float == 300)
                try layer.strictSetValue(
                    CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKeyPath: "emitterCells.rocket.color")
                #expect(rocket.color?.rgba == RGBA(1, 0, 0, 1))
            }
        }

        @Test func badKeyPathsAreReportedWithWhatThereIs() {
            withManualClock {
                let layer = CAEmitterLayer()
                layer.emitterCells = [cell("spark"), cell("smoke")]
                #expect(throws: KeyValueCodingError.self) {
                    try layer.strictSetValue(1, forKeyPath: "emitterCells.fire.birthRate")
                }
                do {
                    try layer.strictSetValue(1, forKeyPath: "emitterCells.fire.birthRate")
                } catch {
                    #expect("\(error)".contains("no emitter cell is named \"fire\" (cells: \"spark\", \"smoke\")"))
                }
                do {
                    try layer.strictSetValue(1, forKeyPath: "emitterCells.spark.birthrate")
                } catch {
                    #expect(
                        "\(error)".contains(
                            "an emitter cell has no property \"birthrate\"; did you mean \"birthRate\"?"))
                }
                #expect(throws: KeyValueCodingError.self) {
                    try layer.strictSetValue(1, forKeyPath: "emitterCells.spark")
                }
                #expect(throws: KeyValueCodingError.self) {
                    try layer.strictSetValue("x", forKeyPath: "emitterCells.spark.velocity")
                }
            }
        }

        @Test func cellValuesAnimateByKeyPath() {
            withManualClock {
                let layer = CAEmitterLayer()
                layer.emitterCells = [cell("spark", birthRate: 0)]
                let rate = CABasicAnimation(keyPath: "emitterCells.spark.birthRate")
                rate.fromValue = 0
                rate.toValue = 100
                rate.duration = 1
                rate.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.add(rate, forKey: "rate")
                let tint = CABasicAnimation(keyPath: "emitterCells.spark.color")
                tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                tint.duration = 1
                tint.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.add(tint, forKey: "tint")
                let crop = CABasicAnimation(keyPath: "emitterCells.spark.contentsRect")
                crop.toValue = CGRect(x: 0.5, y: 0, width: 0.5, height: 1)
                crop.duration = 1
                crop.timingFunction = CAMediaTimingFunction(name: .linear)
                layer.add(crop, forKey: "crop")
                frame(at: 0)
                frame(at: 0.5)
                #expect(presented(layer, "emitterCells.spark.birthRate") == 50)
                let color = layer.presentation()?.value(forKeyPath: "emitterCells.spark.color") as? CGColor
                #expect(color?.rgba == RGBA(0.5, 0, 0.5, 1))
                let rect = layer.presentation()?.value(forKeyPath: "emitterCells.spark.contentsRect") as? CGRect
                #expect(rect == CGRect(x: 0.25, y: 0, width: 0.75, height: 1))
                // The model is unchanged; the presentation's cells show the presented values.
                #expect(layer.value(forKeyPath: "emitterCells.spark.birthRate") as? Float == 0)
                #expect(layer.presentation()?.emitterCells?.first?.birthRate == 50)
            }
        }

        @Test func settingsOfCellsDoNotAnimate() {
            withManualClock {
                let layer = CAEmitterLayer()
                layer.emitterCells = [cell("spark")]
                let a = CABasicAnimation(keyPath: "emitterCells.spark.enabled")
                a.toValue = false
                let (_, warnings) = Diagnostics.capture { layer.add(a, forKey: "off") }
                #expect(warnings.count == 1 && warnings[0].contains("emitterCells.spark.enabled does not animate"))
                #expect(layer.animationKeys() == nil)
            }
        }

        @Test func layerPropertiesAnimateImplicitly() {
            withManualClock {
                let layer = CAEmitterLayer()
                let host = CALayerHost(rootLayer: layer)
                defer { host.detach() }
                frame(at: 0)
                layer.emitterPosition = CGPoint(x: 100, y: 0)
                layer.birthRate = 3
                #expect(Set(layer.animationKeys() ?? []) == ["emitterPosition", "birthRate"])
                layer.renderMode = .additive
                layer.seed = 7
                #expect(Set(layer.animationKeys() ?? []) == ["emitterPosition", "birthRate"])
                #expect(layer.seed == 7 && layer.renderMode == .additive)
            }
        }

        @Test func cellsNestedTooDeepAreCut() {
            withManualClock {
                var top = cell("level0")
                let root = top
                for depth in 1..<100 {
                    let sub = cell("level\(depth)")
                    top.emitterCells = [sub]
                    top = sub
                }
                let layer = CAEmitterLayer()
                layer.name = "deep"
                let (_, warnings) = Diagnostics.capture { layer.emitterCells = [root] }
                #expect(warnings == ["layer \"deep\": emitter cells nested deeper than 16 levels are ignored"])
                var depth = 0
                var cells = layer.presentation()?.emitterCells
                while let next = cells?.first {
                    depth += 1
                    cells = next.emitterCells
                }
                #expect(depth == 16)
                // A cell that contains itself is cut the same way.
                let loop = cell("loop")
                loop.emitterCells = [loop]
                let (_, again) = Diagnostics.capture { layer.emitterCells = [loop] }
                #expect(again.count == 1)
            }
        }
    }
}
