/// `CAEmitterCell`'s entries (CAEmitterCell.h, then `CAMediaTiming`), with their checks and
/// descriptions: the cell's key-value coding, its defaults, the emitter layer's
/// `emitterCells.NAME.KEY` key paths, scenes, dumps and the schema read them.
import Foundation
import GLayersGraphics

extension EmitterCellProperty {
    private static func number(
        _ slot: EmitterCellSlot, _ check: EmitterCellCheck = .finite, angle: Bool = false, float: Bool = false,
        summary: String
    ) -> EmitterCellProperty {
        EmitterCellProperty(
            String(describing: slot), .number(slot), check: check, angle: angle, float: float, summary: summary)
    }

    /// A channel's range and speed (`redRange`, `redSpeed`; Apple declares them `float`).
    private static func channel(_ range: EmitterCellSlot, _ speed: EmitterCellSlot) -> [EmitterCellProperty] {
        let name = String(describing: range).replacingOccurrences(of: "Range", with: "")
        return [
            number(
                range, .range, float: true,
                summary: "How far a particle's \(name) may differ from the colour's, either way."),
            number(speed, float: true, summary: "How much a particle's \(name) changes per second."),
        ]
    }

    /// Every property of `CAEmitterCell`, in the order of CAEmitterCell.h, then `CAMediaTiming`.
    package static let all: [EmitterCellProperty] =
        [
            EmitterCellProperty(
                "name", .setting(.property(\.name, .optional())), kind: .object,
                summary: "The cell's name, unique among its siblings, used in key paths: emitterCells.NAME.birthRate."),
            EmitterCellProperty(
                "enabled", .setting(.property(\.isEnabled, .flag())), kind: .bool, aliases: ["isEnabled"],
                summary: "Whether the cell emits and its particles are drawn (default true)."),
            number(.birthRate, .nonNegative, float: true, summary: "Particles emitted per second (default 0)."),
            number(.lifetime, .nonNegative, float: true, summary: "Seconds a particle lives (default 0)."),
            number(
                .lifetimeRange, .range, float: true,
                summary: "How far a particle's lifetime may differ from lifetime, either way."),
            number(
                .emissionLatitude, angle: true,
                summary: "The emission direction's angle from the xy plane towards +z."),
            number(
                .emissionLongitude, angle: true,
                summary: "The emission direction's angle in the xy plane from +x (y points down: \"90deg\" is down)."),
            number(
                .emissionRange, .range, angle: true,
                summary: "The apex angle of the cone particles leave in (\"360deg\": every direction)."),
            number(.velocity, summary: "A particle's initial speed, points per second."),
            number(.velocityRange, .range, summary: "How far a particle's speed may differ from velocity, either way."),
            number(.xAcceleration, summary: "Acceleration along x, points per second squared."),
            number(.yAcceleration, summary: "Acceleration along y (down), points per second squared."),
            number(.zAcceleration, summary: "Acceleration along z, points per second squared."),
            number(.scale, summary: "A particle's initial scale of its image (default 1)."),
            number(.scaleRange, .range, summary: "How far a particle's scale may differ from scale, either way."),
            number(.scaleSpeed, summary: "How much a particle's scale changes per second."),
            number(.spin, angle: true, summary: "A particle's rotation speed, radians per second."),
            number(
                .spinRange, .range, angle: true,
                summary: "How far a particle's rotation speed may differ from spin, either way."),
            EmitterCellProperty(
                "color", .color, kind: .color, summary: "The colour that multiplies a particle's image (default white)."
            ),
        ] + channel(.redRange, .redSpeed) + channel(.greenRange, .greenSpeed) + channel(.blueRange, .blueSpeed)
        + channel(.alphaRange, .alphaSpeed) + [
            EmitterCellProperty(
                "contents", .setting(.property(\.contents, .any)), kind: .image,
                summary: "The particle's image file (PNG or JPEG) relative to the scene file."),
            EmitterCellProperty(
                "contentsRect", .contentsRect, kind: .rect, summary: "The part of the image drawn, in unit coordinates."
            ),
            EmitterCellProperty(
                "contentsScale", .setting(.property(\.contentsScale, .number())), check: .positive,
                summary: "Pixels of the image per point (default 1)."),
            EmitterCellProperty(
                "minificationFilter", .setting(.property(\.minificationFilter, .name)), kind: .object,
                names: CALayerContentsFilter.names,
                summary: "The filter used to shrink the image."),
            EmitterCellProperty(
                "magnificationFilter", .setting(.property(\.magnificationFilter, .name)), kind: .object,
                names: CALayerContentsFilter.names,
                summary: "The filter used to enlarge the image."),
            EmitterCellProperty(
                "minificationFilterBias", .setting(.property(\.minificationFilterBias, .number())),
                summary: "The level-of-detail bias of the minification filter."),
            EmitterCellProperty(
                "emitterCells", .setting(.property(\.emitterCells, .optional())), kind: .object,
                summary: "Cells each particle emits, relative to its direction of motion (at most 16 deep)."),
            EmitterCellProperty(
                "style", .setting(.property(\.style, .optional())), kind: .object,
                summary: "Values for the properties not set on the cell (scenes set the properties directly)."),
            EmitterCellProperty(
                "beginTime", .setting(.property(\.beginTime, .number(accepts: \.isFinite))),
                summary: "When the cell starts emitting, in its parent's time (the layer's, or a particle's age)."),
            EmitterCellProperty(
                "duration", .setting(.property(\.duration, .number(accepts: \.isFinite))),
                summary: "How long the cell emits (0: for ever)."),
            EmitterCellProperty(
                "speed", .setting(.property(\.speed, .number(accepts: \.isFinite))),
                summary: "How fast the cell's time runs."),
            EmitterCellProperty(
                "timeOffset", .setting(.property(\.timeOffset, .number(accepts: \.isFinite))),
                summary: "An offset added to the cell's time."),
            EmitterCellProperty(
                "repeatCount", .setting(.property(\.repeatCount, .number(accepts: { $0.isFinite || $0 == .infinity }))),
                summary: "How many times the duration repeats."),
            EmitterCellProperty(
                "repeatDuration", .setting(.property(\.repeatDuration, .number(accepts: \.isFinite))),
                summary: "How long the cell repeats, in seconds."
            ),
            EmitterCellProperty(
                "autoreverses", .setting(.property(\.autoreverses, .flag())), kind: .bool,
                summary: "Whether each cycle's emission time doubles."),
            EmitterCellProperty(
                "fillMode", .setting(.property(\.fillMode, .option)),
                kind: .object, names: CAMediaTimingFillMode.names,
                summary: "The cell's fill mode (kept; a cell emits only while active)."),
        ]
}

extension EmitterCellSetting {
    /// The setting kept in the cell's property at `path`, converted by `access`.
    static func property<V>(_ path: ReferenceWritableKeyPath<CAEmitterCell, V>, _ access: KeyValueAccess<V>) -> Self {
        EmitterCellSetting(
            get: { access.output($0[keyPath: path]) },
            set: { cell, value in
                guard let v = access.input(value) else { return false }
                cell[keyPath: path] = v
                return true
            })
    }
}
