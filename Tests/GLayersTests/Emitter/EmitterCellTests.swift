import Foundation
import GLayers
import Testing

/// `CAEmitterCell` (#12): Apple's defaults (CAEmitterCell.h), key-value coding of every
/// property of its table, key paths into sub-cells, and bad values refused or clamped with a
/// warning naming the cell and the property.
@Suite struct EmitterCellTests {
    @Test func defaultsAreApples() {
        let cell = CAEmitterCell.emitterCell()
        #expect(cell.name == nil && cell.isEnabled)
        #expect(cell.birthRate == 0 && cell.lifetime == 0 && cell.lifetimeRange == 0)
        #expect(cell.emissionLatitude == 0 && cell.emissionLongitude == 0 && cell.emissionRange == 0)
        #expect(cell.velocity == 0 && cell.velocityRange == 0)
        #expect(cell.xAcceleration == 0 && cell.yAcceleration == 0 && cell.zAcceleration == 0)
        #expect(cell.scale == 1 && cell.scaleRange == 0 && cell.scaleSpeed == 0)
        #expect(cell.spin == 0 && cell.spinRange == 0)
        #expect(cell.color?.rgba == RGBA(1, 1, 1, 1))
        #expect(cell.redRange == 0 && cell.alphaRange == 0 && cell.redSpeed == 0 && cell.alphaSpeed == 0)
        #expect(cell.contents == nil && cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(cell.contentsScale == 1 && cell.minificationFilter == "linear" && cell.magnificationFilter == "linear")
        #expect(cell.emitterCells == nil && cell.style == nil)
        #expect(cell.beginTime == 0 && cell.duration == 0 && cell.speed == 1 && cell.timeOffset == 0)
        #expect(cell.repeatCount == 0 && cell.repeatDuration == 0 && !cell.autoreverses && cell.fillMode == .removed)
    }

    @Test func defaultValueForKeyIsWhatANewCellShows() {
        let cell = CAEmitterCell()
        for key in EmitterCellProperty.keys {
            let shown = cell.value(forKey: key), declared = CAEmitterCell.defaultValue(forKey: key)
            if let declared {
                #expect(same(shown, declared), "\(key): shows \(String(describing: shown)), default \(declared)")
            } else {
                #expect(shown == nil, "\(key) has no default and no value")
            }
        }
        #expect(CAEmitterCell.defaultValue(forKey: "noSuchKey") == nil)
    }

    @Test func everyPropertyRoundTripsThroughKeyValueCoding() {
        let image = try? CGImage(width: 2, height: 2, premultipliedRGBA: [UInt8](repeating: 255, count: 16))
        let sub = CAEmitterCell()
        let samples: [String: Any] = [
            "name": "spark", "enabled": false, "color": CGColor(red: 1, green: 0.5, blue: 0.25, alpha: 0.75),
            "contents": image as Any, "contentsRect": CGRect(x: 0, y: 0, width: 0.5, height: 0.5),
            "contentsScale": CGFloat(2), "minificationFilter": "nearest", "magnificationFilter": "trilinear",
            "emitterCells": [sub], "style": ["birthRate": 3] as [AnyHashable: Any], "autoreverses": true,
            "fillMode": "both", "repeatCount": Float(2),
        ]
        for key in EmitterCellProperty.keys {
            let cell = CAEmitterCell()
            let value = samples[key] ?? CGFloat(0.75)
            cell.setValue(value, forKey: key)
            #expect(same(cell.value(forKey: key), value), "\(key): got \(String(describing: cell.value(forKey: key)))")
        }
        let cell = CAEmitterCell()
        cell.setValue(true, forKey: "isEnabled")
        #expect(cell.isEnabled)
        cell.setValue("kept", forKey: "custom")
        #expect(cell.value(forKey: "custom") as? String == "kept")
    }

    @Test func keyPathsReachSubCellsByName() {
        let spark = CAEmitterCell()
        spark.name = "spark"
        let burst = CAEmitterCell()
        burst.name = "burst"
        burst.emitterCells = [spark]
        let rocket = CAEmitterCell()
        rocket.emitterCells = [burst]
        rocket.setValue(400, forKeyPath: "emitterCells.burst.emitterCells.spark.birthRate")
        #expect(spark.birthRate == 400)
        #expect(rocket.value(forKeyPath: "emitterCells.burst.emitterCells.spark.birthRate") as? Float == 400)
        let (_, warnings) = Diagnostics.capture { rocket.setValue(1, forKeyPath: "emitterCells.smoke.birthRate") }
        #expect(warnings.count == 1 && warnings[0].contains("no sub-cell named \"smoke\""))
    }

    @Test func badNumbersAreRefusedOrClampedWithAWarning() {
        let cell = CAEmitterCell()
        cell.name = "spark"
        cell.birthRate = 10
        var (_, warnings) = Diagnostics.capture { cell.birthRate = .nan }
        #expect(cell.birthRate == 10)
        #expect(warnings == ["CAEmitterCell \"spark\": birthRate must be a finite number, got nan; ignored"])
        (_, warnings) = Diagnostics.capture { cell.birthRate = -5 }
        #expect(cell.birthRate == 0 && warnings == ["CAEmitterCell \"spark\": birthRate -5.0 is negative; using 0"])
        (_, warnings) = Diagnostics.capture { cell.birthRate = 1e7 }
        #expect(cell.birthRate == 1_000_000 && warnings.count == 1 && warnings[0].contains("above 1000000"))
        (_, warnings) = Diagnostics.capture { cell.lifetime = -1 }
        #expect(cell.lifetime == 0 && warnings[0].contains("lifetime"))
        (_, warnings) = Diagnostics.capture { cell.velocityRange = -20 }
        #expect(cell.velocityRange == 20 && warnings[0].contains("velocityRange -20.0 is negative; a range is ±20.0"))
        (_, warnings) = Diagnostics.capture { cell.setValue(Double.infinity, forKey: "lifetimeRange") }
        #expect(cell.lifetimeRange == 0 && warnings[0].contains("lifetimeRange must be a finite number"))
        (_, warnings) = Diagnostics.capture { cell.contentsScale = 0 }
        #expect(cell.contentsScale == 1 && warnings[0].contains("contentsScale must be positive"))
        (_, warnings) = Diagnostics.capture { cell.setValue("fast", forKey: "velocity") }
        #expect(cell.velocity == 0 && warnings[0].contains("velocity expects a number"))
        // Negative velocities, accelerations and speeds are meaningful: kept.
        cell.velocity = -30
        cell.alphaSpeed = -2
        #expect(cell.velocity == -30 && cell.alphaSpeed == -2)
    }

    @Test func styleSuppliesValuesNotSetOnTheCell() {
        let cell = CAEmitterCell()
        cell.style = ["birthRate": 7, "lifetime": 2]
        cell.lifetime = 5
        #expect(cell.value(forKey: "custom") == nil)
        // The layer's snapshot of the cell takes the style's values for what the cell does not set.
        let layer = CAEmitterLayer()
        layer.emitterCells = [cell]
        let shown = layer.presentation(atMediaTime: 0).emitterCells?.first
        #expect(shown?.birthRate == 7 && shown?.lifetime == 5)
    }
}
