/// An empty module for Swift Testing's cross-import of CoreGraphics. The toolchain's Testing
/// declares an overlay `_Testing_CoreGraphics` for files that import both Testing and
/// CoreGraphics (Testing.swiftcrossimport), which Linux toolchains do not ship; with glayers'
/// CoreGraphics module such a file would fail with "no such module". This one is found
/// instead and adds nothing (Apple's overlay adds image attachments).
