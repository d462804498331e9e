import Foundation
import GLayersHost
import GLayersTestSupport
import Testing

/// The first frame driver tunes the process's allocator so that rasters allocated and freed at
/// every frame (a shape whose path animates) reuse their memory instead of having the kernel
/// map and zero fresh pages each time (docs/performance.md, "Fills without cairo, turned
/// shapes, rasters without page faults").
@Suite struct AllocatorTuningTests {
    /// This thread's minor page faults so far.
    private func faults() -> Int {
        var usage = rusage()
        getrusage(1, &usage)  // RUSAGE_THREAD (Linux), which Glibc's module leaves out
        return usage.ru_minflt
    }

    @Test func framesOfLargeRastersReuseTheirPages() throws {
        // Under a sanitizer its runtime owns the allocator and the settings do not apply.
        guard !TestBuild.isSanitized else { return }
        #expect(FrameDriver.allocatorTuned)
        // A frame of three 600 KiB rasters (a 390-pixel square each), every page written, then
        // freed. glibc's own thresholds map the first and trim the heap past twice the largest
        // freed block, which faulted every page again at every frame.
        let size = 600 << 10, pages = 3 * size / 4096
        func frame() {
            let rasters = (0..<3).map { _ in malloc(size)! }
            for r in rasters { memset(r, 1, size) }
            for r in rasters { free(r) }
        }
        frame()
        // The fewest of three rounds: a test running beside this one that shoots a frame gives
        // free memory back (`malloc_trim`, after the shot's tree is let go), and the round it
        // lands in faults its pages again (one fresh-clone run failed so, 451 faults a frame).
        var perFrame = Double.infinity
        for _ in 0..<3 {
            let before = faults()
            for _ in 0..<10 { frame() }
            perFrame = min(perFrame, Double(faults() - before) / 10)
        }
        #expect(perFrame < Double(pages) / 10, "\(perFrame) page faults a frame of \(pages) pages")
    }
}
