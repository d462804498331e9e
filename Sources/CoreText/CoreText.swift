/// `import CoreText` for code written for Apple's platforms: Core Text's fonts, lines, runs and
/// frames, which glayers keeps with its CoreGraphics-like types (docs/porting.md#core-text).
@_exported import CoreGraphics
