import Foundation
import GLayersGraphics
import GLayersRenderList
import Testing

@testable import GLayers

/// A tiled layer that records every tile it is asked to draw and fills it with one colour.
final class RecordingTiledLayer: CATiledLayer {
    struct Call: Equatable {
        var clip: CGRect
        var scale: CGFloat
        var onMainThread: Bool
        var bounds: CGRect
        var tileSize: CGSize
    }

    private let lock = NSLock()
    private var recorded: [Call] = []
    /// Set before the layer is shown; read on tile threads.
    var gate: DispatchSemaphore?

    var calls: [Call] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func forget() {
        lock.lock()
        recorded = []
        lock.unlock()
    }

    override func draw(in ctx: CGContext) {
        _ = gate?.wait(timeout: .now() + 10)
        let call = Call(
            clip: ctx.boundingBoxOfClipPath, scale: ctx.ctm.a, onMainThread: Thread.isMainThread, bounds: bounds,
            tileSize: tileSize)
        ctx.setFillColor(CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
        ctx.fill(ctx.boundingBoxOfClipPath)
        lock.lock()
        recorded.append(call)
        lock.unlock()
    }
}

extension ClockTests {
    /// CATiledLayer (#12): tiles drawn on tile threads, only the visible ones, at the level the
    /// on-screen scale needs, fading in; invalidation by rect; bad settings reported.
    @Suite struct TiledLayers {
        let viewport = CGSize(width: 200, height: 100)

        /// A root of the viewport's size holding `layer`.
        func root(_ layer: CALayer) -> CALayer {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: viewport)
            root.addSublayer(layer)
            return root
        }

        /// The image items of the frame at `t` (manual clock: the frame waits for its tiles).
        func tileItems(_ root: CALayer, at t: CFTimeInterval = 0, builder: FrameBuilder = FrameBuilder()) -> [DrawItem]
        {
            frame(at: t)
            let list = builder.build(root: root, at: t, size: viewport, scale: 1)
            return list.items.filter { $0.content.placement != nil }
        }

        func tiled(_ frame: CGRect) -> RecordingTiledLayer {
            let layer = RecordingTiledLayer()
            layer.frame = frame
            return layer
        }

        @Test func everyVisibleTileIsDrawnOnATileThreadClippedToItsRect() throws {
            try withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 300, height: 100))
                layer.tileSize = CGSize(width: 64, height: 64)
                let items = tileItems(root(layer))
                let calls = layer.calls
                // The view shows x 0 … 200: columns 0 … 3 (64-point tiles), rows 0 and 1.
                var expected: Set<String> = []
                for row in 0..<2 {
                    for col in 0..<4 {
                        let h: CGFloat = row == 0 ? 64 : 36
                        expected.insert(
                            String(describing: CGRect(x: CGFloat(col * 64), y: CGFloat(row * 64), width: 64, height: h))
                        )
                    }
                }
                #expect(Set(calls.map { String(describing: $0.clip) }) == expected)
                #expect(calls.count == 8)
                #expect(calls.allSatisfy { $0.scale == 1 && !$0.onMainThread })
                #expect(calls.allSatisfy { $0.bounds == layer.bounds && $0.tileSize == layer.tileSize })
                #expect(items.count == 8)
                #expect(items.allSatisfy { $0.opacity == 1 })
                // Opaque tiles reach one pixel under the next column and row drawn, not past the
                // bounds nor the tiles drawn.
                let last = try #require(items.first { $0.rect.x == 192 && $0.rect.y == 64 })
                #expect(last.rect == Rect(x: 192, y: 64, width: 64, height: 36))
                let first = try #require(items.first { $0.rect.x == 0 && $0.rect.y == 0 })
                #expect(first.rect == Rect(x: 0, y: 0, width: 65, height: 65))
            }
        }

        /// The render list names the tiles' images as tiles (the renderer keeps them in texture
        /// arrays), and no other image.
        @Test func tileImagesAreMarkedInTheRenderList() throws {
            try withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 128, height: 64))
                layer.tileSize = CGSize(width: 64, height: 64)
                let plain = CALayer()
                plain.frame = CGRect(x: 150, y: 0, width: 20, height: 20)
                plain.contents = try CGImage(width: 1, height: 1, premultipliedRGBA: [255, 0, 0, 255])
                let root = root(layer)
                root.addSublayer(plain)
                frame(at: 0)
                let list = FrameBuilder().build(root: root, at: 0, size: viewport, scale: 1)
                var tiles: Set<ImageID> = [], others: Set<ImageID> = []
                for item in list.items {
                    guard case .image(let id, _) = item.content else { continue }
                    if item.rect.width > 32 { tiles.insert(id) } else { others.insert(id) }
                }
                #expect(tiles.count == 2 && others.count == 1)
                #expect(list.tileImages == tiles)
            }
        }

        /// Tile threads run at nice 10, below the thread that owns the tree (Linux: per thread).
        @Test func tileThreadsRunAtALowerPriority() throws {
            withManualClock { _ = tileItems(root(tiled(CGRect(x: 0, y: 0, width: 100, height: 100)))) }
            let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
            let nices = tasks.compactMap { task -> Int? in
                guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
                    let end = stat.lastIndex(of: ")")
                else { return nil }
                // After "(comm)": state is field 3, nice field 19.
                let fields = stat[stat.index(after: end)...].split(separator: " ")
                return fields.count > 16 ? Int(fields[16]) : nil
            }
            let workers = TileCache.shared.locked { TileCache.shared.workerCount }
            #expect(workers >= 1 && nices.filter { $0 == 10 }.count == workers, "\(nices)")
            #expect(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) == 0)
        }

        @Test func onlyTheTilesInTheViewAreDrawn() {
            withManualClock {
                let layer = tiled(CGRect(x: -1000, y: -2000, width: 4096, height: 4096))
                _ = tileItems(root(layer))
                // The view is x 1000 … 1200, y 2000 … 2100 of the layer: columns 3 and 4, row 7 (and 8).
                let clips = Set(layer.calls.map { "\(Int($0.clip.minX)),\(Int($0.clip.minY))" })
                #expect(clips == ["768,1792", "1024,1792", "768,2048", "1024,2048"])
            }
        }

        @Test func theLevelFollowsTheOnScreenScale() {
            withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 800, height: 400))
                layer.levelsOfDetail = 4
                layer.levelsOfDetailBias = 1
                layer.anchorPoint = .zero
                layer.position = .zero
                layer.transform = CATransform3DMakeScale(0.25, 0.25, 1)
                let r = root(layer)
                _ = tileItems(r)
                #expect(Set(layer.calls.map(\.scale)) == [0.25])
                #expect(layer.calls.map(\.clip) == [CGRect(x: 0, y: 0, width: 800, height: 400)])
                layer.forget()
                layer.transform = CATransform3DMakeScale(1.5, 1.5, 1)
                _ = tileItems(r, at: 1)
                #expect(Set(layer.calls.map(\.scale)) == [2])
                #expect(layer.calls.count == 2)
            }
        }

        @Test func setNeedsDisplayInRectRedrawsTheTilesItMeets() {
            withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 200, height: 100))
                layer.tileSize = CGSize(width: 50, height: 50)
                let r = root(layer)
                let builder = FrameBuilder()
                _ = tileItems(r, builder: builder)
                #expect(layer.calls.count == 8)
                layer.forget()
                _ = tileItems(r, at: 0.1, builder: builder)
                #expect(layer.calls.isEmpty, "cached")
                layer.setNeedsDisplay(CGRect(x: 60, y: 10, width: 45, height: 5))
                _ = tileItems(r, at: 0.2, builder: builder)
                #expect(layer.calls.map(\.clip.minX).sorted() == [50, 100])
                layer.forget()
                layer.setNeedsDisplay()
                _ = tileItems(r, at: 0.3, builder: builder)
                #expect(layer.calls.count == 8)
            }
        }

        /// With the real clock's behaviour (no waiting), a frame does not wait for drawing; tiles
        /// show once arrived and fade in over `fadeDuration()` (0.25 s).
        @Test func tilesArriveAndFadeInWithoutBlockingTheFrame() throws {
            try withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 100, height: 100))
                let gate = DispatchSemaphore(value: 0)
                layer.gate = gate
                let r = root(layer)
                let builder = FrameBuilder()
                builder.tileWaiting = .never
                #expect(tileItems(r, builder: builder).isEmpty, "not drawn yet")
                #expect(builder.lastFrameMissingTiles == 1)
                #expect(CALayerHost.hasPendingWork, "the window keeps drawing while tiles are drawn")
                gate.signal()
                TileCache.shared.waitForDrawings()
                // Shown first at 1.0 (opacity 0, not drawn), half at 1.125, whole at 1.25.
                #expect(tileItems(r, at: 1, builder: builder).isEmpty)
                #expect(builder.lastFrameMissingTiles == 0, "arrived, fading in")
                let half = try #require(tileItems(r, at: 1.125, builder: builder).first)
                #expect(half.opacity == 0.5)
                #expect(CALayerHost.hasPendingWork, "fading")
                #expect(tileItems(r, at: 1.25, builder: builder).first?.opacity == 1)
                #expect(tileItems(r, at: 1.3, builder: builder).first?.opacity == 1)
                #expect(!TileCache.shared.hasPendingWork)
            }
        }

        /// While the level the view needs is not drawn yet, the cached tiles of another level
        /// are drawn under it.
        @Test func otherLevelsShowUntilTheNeededOneArrives() {
            withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 100, height: 100))
                layer.levelsOfDetail = 2
                layer.levelsOfDetailBias = 1
                let r = root(layer)
                let builder = FrameBuilder()
                #expect(tileItems(r, builder: builder).count == 1)
                #expect(layer.calls.map(\.scale) == [1])
                let gate = DispatchSemaphore(value: 0)
                layer.gate = gate
                builder.tileWaiting = .never
                layer.transform = CATransform3DMakeScale(2, 2, 1)
                let items = tileItems(r, at: 1, builder: builder)
                // The 1× tile (one image of 100 pixels) stands in for the 2× tile.
                #expect(items.count == 1)
                #expect(builder.lastFrameMissingTiles == 1, "the 2× tile")
                gate.signal()
                TileCache.shared.waitForDrawings()
                #expect(tileItems(r, at: 2, builder: builder).count == 1, "the 2× tile arrives at 2 s")
                #expect(Set(layer.calls.map(\.scale)) == [1, 2])
                let fading = tileItems(r, at: 2.125, builder: builder)
                #expect(fading.map(\.opacity) == [1, 0.5], "the 1× tile under the fading 2× tile")
                #expect(tileItems(r, at: 3, builder: builder).count == 1)
            }
        }

        /// Under a missing tile only the nearest coarser level that covers it whole is drawn,
        /// not the coarser ones it hides (in a zoom each covered the whole view).
        @Test func onlyTheNearestCompleteCoarserLevelGoesUnder() {
            withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 800, height: 400))
                layer.levelsOfDetail = 4
                layer.anchorPoint = .zero
                layer.position = .zero
                let r = root(layer)
                let builder = FrameBuilder()
                // Levels 3, 2 and 1 drawn and cached (one tile each in view).
                for (i, scale) in [0.125, 0.25, 0.5].enumerated() {
                    layer.transform = CATransform3DMakeScale(scale, scale, 1)
                    #expect(tileItems(r, at: Double(i), builder: builder).count == 1)
                }
                layer.gate = DispatchSemaphore(value: 0)
                builder.tileWaiting = .never
                layer.transform = CATransform3DIdentity
                let items = tileItems(r, at: 5, builder: builder)
                #expect(builder.lastFrameMissingTiles == 1)
                // Level 1's tile (512 points) alone stands in for level 0's.
                #expect(items.map(\.rect) == [Rect(x: 0, y: 0, width: 512, height: 400)])
                layer.gate?.signal()
                TileCache.shared.waitForDrawings()
            }
        }

        /// While `draw(in:)` runs, the layer's tiling properties answer as when the tile was asked
        /// for, whatever the thread that owns the tree does meanwhile.
        @Test func drawingReadsTheSnapshotTakenWhenTheTileWasAskedFor() {
            withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 100, height: 100))
                let gate = DispatchSemaphore(value: 0)
                layer.gate = gate
                let builder = FrameBuilder()
                builder.tileWaiting = .never
                _ = tileItems(root(layer), builder: builder)
                layer.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
                layer.tileSize = CGSize(width: 64, height: 64)
                gate.signal()
                TileCache.shared.waitForDrawings()
                #expect(layer.calls.first?.bounds == CGRect(x: 0, y: 0, width: 100, height: 100))
                #expect(layer.calls.first?.tileSize == CGSize(width: 256, height: 256))
                #expect(layer.bounds.width == 50 && layer.tileSize.width == 64)
            }
        }

        /// Tile sides that are no number, no levels, and more levels or magnification than
        /// tiling places: each clamped with one warning naming the property; the layer draws.
        @Test func extremeSettingsAreClampedAndTheLayerStillDraws() {
            withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 100, height: 100))
                layer.name = "extreme"
                layer.tileSize = CGSize(width: CGFloat.nan, height: .infinity)
                layer.levelsOfDetail = 0
                let r = root(layer)
                let (_, first) = Diagnostics.capture { _ = tileItems(r) }
                #expect(
                    first == [
                        "layer \"extreme\": CATiledLayer tileSize.width nan is not a finite number; using 256",
                        "layer \"extreme\": CATiledLayer tileSize.height inf is not a finite number; using 256",
                        "layer \"extreme\": CATiledLayer levelsOfDetail 0.0 is less than one level; using 1",
                    ])
                #expect(layer.calls.map(\.clip) == [CGRect(x: 0, y: 0, width: 100, height: 100)])
                layer.forget()
                layer.tileSize = CGSize(width: 64, height: 64)
                layer.levelsOfDetail = Int.max
                layer.levelsOfDetailBias = Int.max
                let (items, second) = Diagnostics.capture { tileItems(r, at: 1) }
                #expect(second.count == 2 && second[0].contains("levelsOfDetail 9.") && second[0].hasSuffix("using 64"))
                #expect(second[1].contains("levelsOfDetailBias 9.") && second[1].hasSuffix("using 24"))
                // 2^24 × down to one pixel: the level drawn at 1× is level 24, in 64-pixel tiles.
                #expect(items.count == 4 && Set(layer.calls.map(\.scale)) == [1])
            }
        }

        @Test func unusableSettingsAreReportedOnceAndClamped() {
            withManualClock {
                let layer = tiled(CGRect(x: 0, y: 0, width: 100, height: 100))
                layer.name = "odd"
                layer.tileSize = CGSize(width: 0, height: 100_000)
                layer.levelsOfDetail = -3
                layer.levelsOfDetailBias = -1
                let r = root(layer)
                let (_, warnings) = Diagnostics.capture { _ = tileItems(r) }
                #expect(warnings.count == 4)
                #expect(warnings.allSatisfy { $0.hasPrefix("layer \"odd\": CATiledLayer ") })
                #expect(layer.calls.count == 7 * 1, "16-pixel columns, one 100-point row")
                let (_, again) = Diagnostics.capture { _ = tileItems(r, at: 1) }
                #expect(again.isEmpty)
                let (_, refused) = Diagnostics.capture { layer.setValue(CGFloat.nan, forKey: "levelsOfDetail") }
                #expect(refused.count == 1 && refused[0].contains("levelsOfDetail"))
                #expect(layer.levelsOfDetail == -3)
            }
        }
    }
}
