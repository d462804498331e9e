/// `import CoreGraphics` for code written for Apple's platforms: glayers' CoreGraphics-like
/// types (contexts, paths, colours, images, gradients, Core Text's lines and fonts) and the
/// CoreFoundation and C names such code uses that Foundation on Linux lacks. `import
/// QuartzCore` brings all of it too, as Apple's QuartzCore re-exports CoreGraphics.
///
/// Code that also imports the toolchain's own `CoreFoundation` module meets two `CFString`s,
/// `CFArray`s and `CFRange`s; leave that import out (docs/porting.md#at-a-glance).
@_exported import Foundation
@_exported import GLayersGraphics

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
