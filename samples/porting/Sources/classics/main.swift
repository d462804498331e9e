// Shows the classics in a window until it is closed.
import Classics
import GLayersHost
import QuartzCore

final class Gallery: WindowContent {
    let gallery = ClassicsGallery()
    var started = false
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

    func frameWillBegin(at time: CFTimeInterval) {
        guard !started else { return }
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
