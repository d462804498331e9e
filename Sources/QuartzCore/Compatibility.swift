/// Names that code written for Apple's platforms uses with `import QuartzCore` and that
/// Foundation on Linux lacks: a few CoreFoundation and C names, and Core Animation's string
/// constants as Swift code before Swift 4.2 spelled them (`kCAFillModeForwards`, now
/// `CAMediaTimingFillMode.forwards`), typed as the option types that replaced them so that old
/// code still compiles.
import Foundation
import GLayers

// MARK: CoreFoundation and C

/// Any object (CoreFoundation's `CFTypeRef`, which Swift imports as `AnyObject`).
public typealias CFTypeRef = AnyObject

/// CoreFoundation's string, which Swift code converts with `as CFString` and `as String`: a
/// `String` here (`CTFontCreateWithName("Helvetica" as CFString, 24, nil)`).
public typealias CFString = String

/// CoreFoundation's array, which Swift code makes with `as CFArray` to pass to Core Graphics:
/// an `NSArray` here (`CGGradient(colorsSpace: nil, colors: [top, bottom] as CFArray,
/// locations: [0, 1])`).
public typealias CFArray = NSArray

/// CoreFoundation's attributed string, which Core Text's functions take: an
/// `NSAttributedString` here (`CTLineCreateWithAttributedString(text as CFAttributedString)`).
public typealias CFAttributedString = NSAttributedString

/// CoreFoundation's allocator; glayers allocates with Swift, so it is never used.
public typealias CFAllocator = AnyObject

/// The default allocator (nil: any allocator argument is ignored).
public let kCFAllocatorDefault: CFAllocator? = nil

/// An attributed string of `str` whose every character has `attributes`, keyed by attribute
/// name (CoreFoundation's `CFAttributedStringCreate`; `alloc` is ignored).
public func CFAttributedStringCreate(_ alloc: CFAllocator!, _ str: CFString!, _ attributes: CFDictionary!)
    -> CFAttributedString!
{
    var keyed: [NSAttributedString.Key: Any] = [:]
    for (key, value) in attributes ?? [:] {
        if let name = key as? String { keyed[NSAttributedString.Key(name)] = value }
    }
    return NSAttributedString(string: str ?? "", attributes: keyed)
}

/// The number of elements of `array` (CoreFoundation's `CFArrayGetCount`).
public func CFArrayGetCount(_ array: CFArray) -> CFIndex { array.count }

/// The element at `index` of `array` as CoreFoundation hands it out, an unretained pointer
/// that Apple code turns back into its class with `unsafeBitCast(_:to:)` (`CTRun.self`); valid
/// while the array holds it.
public func CFArrayGetValueAtIndex(_ array: CFArray, _ index: CFIndex) -> UnsafeRawPointer! {
    UnsafeRawPointer(Unmanaged.passUnretained(array[index] as AnyObject).toOpaque())
}

/// CoreFoundation's bytes, which Swift code makes with `data as CFData`: an `NSData` here
/// (`CGDataProvider(data: bytes as CFData)`, `image.dataProvider?.data`).
public typealias CFData = NSData

/// A pointer to the bytes of `data` (CoreFoundation's `CFDataGetBytePtr`), valid while `data`
/// lives; nil when it holds none.
public func CFDataGetBytePtr(_ data: CFData!) -> UnsafePointer<UInt8>! {
    guard let data, data.length > 0 else { return nil }
    return data.bytes.assumingMemoryBound(to: UInt8.self)
}

/// The number of bytes of `data` (CoreFoundation's `CFDataGetLength`).
public func CFDataGetLength(_ data: CFData!) -> CFIndex { data?.length ?? 0 }

/// New bytes copied from `bytes` (CoreFoundation's `CFDataCreate`; `allocator` is ignored).
public func CFDataCreate(_ allocator: CFAllocator!, _ bytes: UnsafePointer<UInt8>!, _ length: CFIndex) -> CFData! {
    guard let bytes, length > 0 else { return NSData() }
    return NSData(bytes: bytes, length: length)
}

/// CoreFoundation's dictionary: an `NSDictionary` here
/// (`ctx.beginTransparencyLayer(auxiliaryInfo: nil)` takes one).
public typealias CFDictionary = NSDictionary

extension CGGradient {
    /// A gradient of the colours in `colors`, an array of `CGColor`s passed `as CFArray`, at
    /// `locations` (evenly spaced when nil), as Core Graphics' `CGGradient(colorsSpace:colors:locations:)`.
    ///
    /// - Returns nil when an element is not a `CGColor`, and where the `[CGColor]` initializer does.
    public convenience init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: [CGFloat]?) {
        var list: [CGColor] = []
        for element in colors {
            guard let color = element as? CGColor else { return nil }
            list.append(color)
        }
        self.init(colorsSpace: space, colors: list, locations: locations)
    }
}

/// The boolean true of CoreFoundation, as key-value coding and `CATransaction.setValue` take it
/// (`CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)`).
public let kCFBooleanTrue = NSNumber(value: true)

/// The boolean false of CoreFoundation.
public let kCFBooleanFalse = NSNumber(value: false)

/// The largest finite `Float` (C's `MAXFLOAT`, which Apple's SDK imports as a `Float`:
/// `animation.repeatCount = MAXFLOAT` repeats for ever).
public let MAXFLOAT = Float.greatestFiniteMagnitude

/// C's `HUGE`, `MAXFLOAT` on Apple's platforms (`animation.repeatCount = HUGE`).
public let HUGE = Float.greatestFiniteMagnitude

// MARK: Timing

/// `CAMediaTimingFillMode.forwards`.
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
/// `CAMediaTimingFillMode.backwards`.
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
/// `CAMediaTimingFillMode.both`.
public let kCAFillModeBoth = CAMediaTimingFillMode.both
/// `CAMediaTimingFillMode.removed`.
public let kCAFillModeRemoved = CAMediaTimingFillMode.removed

/// `CAMediaTimingFunctionName.linear`.
public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
/// `CAMediaTimingFunctionName.easeIn`.
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
/// `CAMediaTimingFunctionName.easeOut`.
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
/// `CAMediaTimingFunctionName.easeInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
/// `CAMediaTimingFunctionName.default`.
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

// MARK: Keyframe and transition animations

/// `CAAnimationCalculationMode.linear`.
public let kCAAnimationLinear = CAAnimationCalculationMode.linear
/// `CAAnimationCalculationMode.discrete`.
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
/// `CAAnimationCalculationMode.paced`.
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
/// `CAAnimationCalculationMode.cubic`.
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
/// `CAAnimationCalculationMode.cubicPaced`.
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
/// `CAAnimationRotationMode.rotateAuto`.
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
/// `CAAnimationRotationMode.rotateAutoReverse`.
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

/// `CATransitionType.fade`.
public let kCATransitionFade = CATransitionType.fade
/// `CATransitionType.moveIn`.
public let kCATransitionMoveIn = CATransitionType.moveIn
/// `CATransitionType.push`.
public let kCATransitionPush = CATransitionType.push
/// `CATransitionType.reveal`.
public let kCATransitionReveal = CATransitionType.reveal
/// `CATransitionSubtype.fromRight`.
public let kCATransitionFromRight = CATransitionSubtype.fromRight
/// `CATransitionSubtype.fromLeft`.
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
/// `CATransitionSubtype.fromTop`.
public let kCATransitionFromTop = CATransitionSubtype.fromTop
/// `CATransitionSubtype.fromBottom`.
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

/// `CAValueFunctionName.rotateX`.
public let kCAValueFunctionRotateX = CAValueFunctionName.rotateX
/// `CAValueFunctionName.rotateY`.
public let kCAValueFunctionRotateY = CAValueFunctionName.rotateY
/// `CAValueFunctionName.rotateZ`.
public let kCAValueFunctionRotateZ = CAValueFunctionName.rotateZ
/// `CAValueFunctionName.scale`.
public let kCAValueFunctionScale = CAValueFunctionName.scale
/// `CAValueFunctionName.scaleX`.
public let kCAValueFunctionScaleX = CAValueFunctionName.scaleX
/// `CAValueFunctionName.scaleY`.
public let kCAValueFunctionScaleY = CAValueFunctionName.scaleY
/// `CAValueFunctionName.scaleZ`.
public let kCAValueFunctionScaleZ = CAValueFunctionName.scaleZ
/// `CAValueFunctionName.translate`.
public let kCAValueFunctionTranslate = CAValueFunctionName.translate
/// `CAValueFunctionName.translateX`.
public let kCAValueFunctionTranslateX = CAValueFunctionName.translateX
/// `CAValueFunctionName.translateY`.
public let kCAValueFunctionTranslateY = CAValueFunctionName.translateY
/// `CAValueFunctionName.translateZ`.
public let kCAValueFunctionTranslateZ = CAValueFunctionName.translateZ

// MARK: Layer contents

/// `CALayerContentsGravity.center`.
public let kCAGravityCenter = CALayerContentsGravity.center
/// `CALayerContentsGravity.top`.
public let kCAGravityTop = CALayerContentsGravity.top
/// `CALayerContentsGravity.bottom`.
public let kCAGravityBottom = CALayerContentsGravity.bottom
/// `CALayerContentsGravity.left`.
public let kCAGravityLeft = CALayerContentsGravity.left
/// `CALayerContentsGravity.right`.
public let kCAGravityRight = CALayerContentsGravity.right
/// `CALayerContentsGravity.topLeft`.
public let kCAGravityTopLeft = CALayerContentsGravity.topLeft
/// `CALayerContentsGravity.topRight`.
public let kCAGravityTopRight = CALayerContentsGravity.topRight
/// `CALayerContentsGravity.bottomLeft`.
public let kCAGravityBottomLeft = CALayerContentsGravity.bottomLeft
/// `CALayerContentsGravity.bottomRight`.
public let kCAGravityBottomRight = CALayerContentsGravity.bottomRight
/// `CALayerContentsGravity.resize`.
public let kCAGravityResize = CALayerContentsGravity.resize
/// `CALayerContentsGravity.resizeAspect`.
public let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect
/// `CALayerContentsGravity.resizeAspectFill`.
public let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill

/// `CALayerContentsFilter.linear`.
public let kCAFilterLinear = CALayerContentsFilter.linear
/// `CALayerContentsFilter.nearest`.
public let kCAFilterNearest = CALayerContentsFilter.nearest
/// `CALayerContentsFilter.trilinear`.
public let kCAFilterTrilinear = CALayerContentsFilter.trilinear

/// `CALayerCornerCurve.circular`.
public let kCACornerCurveCircular = CALayerCornerCurve.circular
/// `CALayerCornerCurve.continuous`.
public let kCACornerCurveContinuous = CALayerCornerCurve.continuous

/// `CALayerContentsFormat.RGBA8Uint`.
public let kCAContentsFormatRGBA8Uint = CALayerContentsFormat.RGBA8Uint
/// `CALayerContentsFormat.RGBA16Float`.
public let kCAContentsFormatRGBA16Float = CALayerContentsFormat.RGBA16Float
/// `CALayerContentsFormat.gray8Uint`.
public let kCAContentsFormatGray8Uint = CALayerContentsFormat.gray8Uint

// MARK: Layer classes

/// `CAShapeLayerFillRule.nonZero`.
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
/// `CAShapeLayerFillRule.evenOdd`.
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd
/// `CAShapeLayerLineCap.butt`.
public let kCALineCapButt = CAShapeLayerLineCap.butt
/// `CAShapeLayerLineCap.round`.
public let kCALineCapRound = CAShapeLayerLineCap.round
/// `CAShapeLayerLineCap.square`.
public let kCALineCapSquare = CAShapeLayerLineCap.square
/// `CAShapeLayerLineJoin.miter`.
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
/// `CAShapeLayerLineJoin.round`.
public let kCALineJoinRound = CAShapeLayerLineJoin.round
/// `CAShapeLayerLineJoin.bevel`.
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel

/// `CATextLayerAlignmentMode.natural`.
public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
/// `CATextLayerAlignmentMode.left`.
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
/// `CATextLayerAlignmentMode.right`.
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
/// `CATextLayerAlignmentMode.center`.
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
/// `CATextLayerAlignmentMode.justified`.
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
/// `CATextLayerTruncationMode.none`.
public let kCATruncationNone = CATextLayerTruncationMode.none
/// `CATextLayerTruncationMode.start`.
public let kCATruncationStart = CATextLayerTruncationMode.start
/// `CATextLayerTruncationMode.end`.
public let kCATruncationEnd = CATextLayerTruncationMode.end
/// `CATextLayerTruncationMode.middle`.
public let kCATruncationMiddle = CATextLayerTruncationMode.middle

/// `CAGradientLayerType.axial`.
public let kCAGradientLayerAxial = CAGradientLayerType.axial
/// `CAGradientLayerType.radial`.
public let kCAGradientLayerRadial = CAGradientLayerType.radial
/// `CAGradientLayerType.conic`.
public let kCAGradientLayerConic = CAGradientLayerType.conic

/// `CAScrollLayerScrollMode.none`.
public let kCAScrollNone = CAScrollLayerScrollMode.none
/// `CAScrollLayerScrollMode.vertically`.
public let kCAScrollVertically = CAScrollLayerScrollMode.vertically
/// `CAScrollLayerScrollMode.horizontally`.
public let kCAScrollHorizontally = CAScrollLayerScrollMode.horizontally
/// `CAScrollLayerScrollMode.both`.
public let kCAScrollBoth = CAScrollLayerScrollMode.both
