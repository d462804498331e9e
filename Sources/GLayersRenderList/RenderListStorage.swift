/// The render list of one frame (its text dump is in `RenderList+TextDump.swift`).
import Foundation

/// One frame for the renderer: passes of draw items, clips, and the images they reference.
///
/// - The renderer renders passes in an order that respects `dependencies` (pass 0, the
///   screen, last) and draws each pass's items in order.
public final class RenderList {
    /// Size of the screen pass in pixels.
    @exclusivity(unchecked) public var pixelWidth = 0, pixelHeight = 0
    /// Pixels per point on the screen.
    @exclusivity(unchecked) public var scale: Float = 1
    /// Premultiplied colour the screen is cleared to.
    @exclusivity(unchecked) public var clearColor = Color.clear
    /// `passes[0]` is the screen; the others are offscreen.
    @exclusivity(unchecked) public var passes: [RenderPass] = []
    /// Items of all passes; each pass owns `items[pass.itemRange]`.
    @exclusivity(unchecked) public var items: [DrawItem] = []
    /// The rounded-rect clips items reference by `DrawItem.clip`; each names its enclosing clip.
    @exclusivity(unchecked) public var clips: [ClipNode] = []
    /// Filter chains referenced by `DrawItem.backdropFilters`.
    @exclusivity(unchecked) public var filterChains: [[FilterOp]] = []
    /// The pixels of every image the items reference.
    @exclusivity(unchecked) public var images: [ImageID: any RenderImage] = [:]
    /// The images of `images` that are tiles (of a tiled layer): many of a few pixel sizes,
    /// drawn one after another. The renderer may keep them in texture arrays, one per size, so
    /// that a run of them draws at once; the pixels are the same.
    @exclusivity(unchecked) public var tileImages: Set<ImageID> = []
    /// Number of layers flattened (including invisible ones skipped).
    @exclusivity(unchecked) public var layerCount = 0

    /// An empty render list; `reset` sizes it for a frame.
    public init() {}

    /// Empties the list, keeping its storage for the next frame.
    public func reset(pixelWidth: Int, pixelHeight: Int, scale: Float, clearColor: Color) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.clearColor = clearColor
        passes.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        clips.removeAll(keepingCapacity: true)
        filterChains.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        tileImages.removeAll(keepingCapacity: true)
        layerCount = 0
    }

    /// The items of a pass.
    public func items(of pass: PassID) -> ArraySlice<DrawItem> { items[passes[Int(pass.index)].itemRange] }

    // Building a list: the builder's writes go through these methods. Written from another
    // module, each access to a stored array of the list was checked for exclusivity at run time
    // (the properties' `@exclusivity(unchecked)` holds within this module only): about a
    // hundred instructions an access, 4 % of flattening a Lottie frame with passes.

    /// Appends `pass` with `items` as its items (the pass's range is set here); `items` is left
    /// empty with storage to reuse.
    ///
    /// - `whole`: when the list has no items yet, it takes `items`' storage instead of copying
    ///   them, and `items` gets the list's (a frame of one pass); else the items are copied into
    ///   the list's own storage, kept from frame to frame (a frame of several passes allocates
    ///   nothing).
    public func appendPass(_ pass: consuming RenderPass, items added: inout [DrawItem], whole: Bool) {
        let start = items.count
        if start == 0 && whole { swap(&items, &added) } else { items.append(contentsOf: added) }
        added.removeAll(keepingCapacity: true)
        pass.itemRange = start..<items.count
        passes.append(pass)
    }

    /// Moves the storage of the passes' filter and dependency lists, emptied, to the ends of
    /// `filters` and `dependencies` (before the list is reset for another frame, whose lists
    /// then allocate nothing).
    public func takePassLists(filters: inout [[FilterOp]], dependencies: inout [[PassID]]) {
        for i in passes.indices {
            if passes[i].effects.filters.capacity > 0 { filters.append(passes[i].effects.filters.takeEmptied()) }
            if passes[i].dependencies.capacity > 0 { dependencies.append(passes[i].dependencies.takeEmptied()) }
        }
    }

    /// Adds `image` to the frame's images under `id`.
    public func register(_ image: any RenderImage, as id: ImageID) { images[id] = image }

    /// Appends a clip; returns its index.
    public func appendClip(_ clip: ClipNode) -> Int32 {
        clips.append(clip)
        return Int32(clips.count - 1)
    }

    /// Passes in the order they must be rendered (dependencies first, the screen last).
    public func renderOrder() -> [PassID] {
        var order: [PassID] = []
        var state = [UInt8](repeating: 0, count: passes.count)
        func visit(_ i: Int) {
            guard state[i] == 0 else { return }
            state[i] = 1
            for d in passes[i].dependencies where Int(d.index) < passes.count { visit(Int(d.index)) }
            state[i] = 2
            order.append(PassID(i))
        }
        for i in 1..<max(passes.count, 1) { visit(i) }
        if !passes.isEmpty { visit(0) }
        return order
    }
}

extension Array {
    /// The array's storage, emptied, for reuse; the array is left empty without storage.
    /// Inlinable: called from another module unspecialized, it allocated (a steady kiosk frame
    /// made 0.2 allocations).
    @inlinable package mutating func takeEmptied() -> [Element] {
        var taken: [Element] = []
        swap(&taken, &self)
        taken.removeAll(keepingCapacity: true)
        return taken
    }
}
