/// One headless GL context and renderer for the whole test process, used by one test at a
/// time: `withRenderer` takes a lock, makes the context current on the calling thread, resets
/// the renderer's switches and caches, and releases the context afterwards.
import Foundation
import GLayersGL
import GLayersGraphics
import GLayersRenderList

enum GLHarness {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: Result<Renderer, Error>?

    /// Runs `body` with the shared renderer (exclusive; context current on this thread).
    static func withRenderer<R>(_ body: (Renderer) throws -> R) throws -> R {
        lock.lock()
        defer { lock.unlock() }
        let renderer: Renderer
        switch shared {
        case .success(let r)?: renderer = r
        case .failure(let e)?: throw e
        case nil:
            do {
                let r = try Renderer(context: try GLContext.headless())
                shared = .success(r)
                renderer = r
            } catch {
                shared = .failure(error)
                throw error
            }
        }
        try renderer.context.makeCurrent()
        defer { renderer.context.releaseCurrent() }
        renderer.debug = RendererDebug()
        renderer.purgeCaches()
        // Each test starts from a full frame (damage tracking has its own tests).
        renderer.invalidate()
        return try body(renderer)
    }

    /// `list` rendered offscreen and read back.
    static func image(of list: RenderList, configure: (Renderer) -> Void = { _ in }) throws -> CGImage {
        try withRenderer { r in
            configure(r)
            r.render(list, to: .offscreen)
            if let error = r.lastError { throw error }
            return try r.readImage()
        }
    }
}
