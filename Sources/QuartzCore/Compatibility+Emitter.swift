/// `CAEmitterLayer`'s string constants as Swift code before Swift 4.2 spelled them
/// (`kCAEmitterLayerLine`, now `CAEmitterLayerEmitterShape.line`), typed as the option types that
/// replaced them so that old code still compiles (#12).
import Foundation
import GLayers

/// `CAEmitterLayerEmitterShape.point`.
public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point
/// `CAEmitterLayerEmitterShape.line`.
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line
/// `CAEmitterLayerEmitterShape.rectangle`.
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle
/// `CAEmitterLayerEmitterShape.cuboid`.
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid
/// `CAEmitterLayerEmitterShape.circle`.
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle
/// `CAEmitterLayerEmitterShape.sphere`.
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere

/// `CAEmitterLayerEmitterMode.points`.
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points
/// `CAEmitterLayerEmitterMode.outline`.
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline
/// `CAEmitterLayerEmitterMode.surface`.
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface
/// `CAEmitterLayerEmitterMode.volume`.
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume

/// `CAEmitterLayerRenderMode.unordered`.
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered
/// `CAEmitterLayerRenderMode.oldestFirst`.
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst
/// `CAEmitterLayerRenderMode.oldestLast`.
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast
/// `CAEmitterLayerRenderMode.backToFront`.
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront
/// `CAEmitterLayerRenderMode.additive`.
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive
