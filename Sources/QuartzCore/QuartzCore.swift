/// `import QuartzCore` for code written for Apple's platforms: the Core Animation engine and
/// the CoreGraphics-like types it uses, as Apple's QuartzCore re-exports CoreGraphics.
@_exported import CoreGraphics
@_exported import Foundation
@_exported import GLayers
@_exported import GLayersGraphics
