import Testing

/// When llvmpipe is asked to rasterize on the drawing thread (docs/renderer.md, "llvmpipe's
/// threads"): small known frames, unless the environment chooses.
@testable import GLayersGL

struct RasterizerThreadsTests {
    @Test func smallFramesAreDrawnOnTheCallingThread() {
        #expect(RasterizerThreads.drawsOnCallingThread(framePixels: 100 * 100, environmentSays: false))
        #expect(RasterizerThreads.drawsOnCallingThread(framePixels: 160 * 160, environmentSays: false))
        #expect(RasterizerThreads.drawsOnCallingThread(framePixels: 1, environmentSays: false))
    }

    @Test func largeOrUnknownFramesKeepThePool() {
        #expect(!RasterizerThreads.drawsOnCallingThread(framePixels: 160 * 160 + 1, environmentSays: false))
        #expect(!RasterizerThreads.drawsOnCallingThread(framePixels: 1024 * 768, environmentSays: false))
        #expect(!RasterizerThreads.drawsOnCallingThread(framePixels: nil, environmentSays: false))
        #expect(!RasterizerThreads.drawsOnCallingThread(framePixels: 0, environmentSays: false))
    }

    @Test func theEnvironmentDecidesWhenItSays() {
        #expect(!RasterizerThreads.drawsOnCallingThread(framePixels: 100 * 100, environmentSays: true))
    }
}
