import GLayersHost
import QuartzCore

/// The kiosk menu: a list of items and a selection that the arrow keys move.
final class KioskMenu: WindowContent {
    let rootLayer = CALayer()
    var background: CGColor? { CGColor(gray: 0, alpha: 1) }

    func handleKey(_ name: String) -> Bool {
        false
    }

    func handleClick(at point: CGPoint) {}

    func layout(size: CGSize) {
        rootLayer.frame = CGRect(origin: .zero, size: size)
    }

    func frameWillBegin(at time: CFTimeInterval) {}
}

var options = WindowOptions()
options.title = "Kiosk"
options.size = CGSize(width: 1024, height: 768)
try WindowHost(options: options).run(KioskMenu())
