// Shows the classics in a window until it is closed.
import Classics
import GLayersHost
import QuartzCore

final class Gallery: WindowContent {
    let gallery = ClassicsGallery()
    var started = false
    var frames = 0
    var rootLayer: CALayer { gallery.layer }
    var background: CGColor? { CGColor(gray: 0.96, alpha: 1) }

    func handleKey(_ name: String) -> Bool {
        switch name {
        case "space": gallery.card.flip()
        case "Up": gallery.ring.progress = min(1, gallery.ring.progress + 0.1)
        case "Down": gallery.ring.progress = max(0, gallery.ring.progress - 0.1)
        default: return false
        }
        return true
    }

    func handleClick(at point: CGPoint) { gallery.card.flip() }
    func layout(size: CGSize) {}

    /// Starts the classics on the second frame: the first frame's commit brings the tree on
    /// screen, and changes made before it do not animate (the progress ring would jump).
    func frameWillBegin(at time: CFTimeInterval) {
        frames += 1
        guard !started, frames == 2 else { return }
        started = true
        gallery.start()
    }
}

var options = WindowOptions()
options.title = "Core Animation classics"
options.size = CGSize(width: 320, height: 320)
do {
    try WindowHost(options: options).run(Gallery())
} catch {
    print("classics: \(error)")
}
