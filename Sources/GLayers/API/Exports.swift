/// The engine's API is written in the graphics module's types (`CGColor`, `CGImage`,
/// `CGPath`, `CGContext`), so `import GLayers` brings them too, as QuartzCore brings
/// CoreGraphics on Apple's platforms.
@_exported import GLayersGraphics
