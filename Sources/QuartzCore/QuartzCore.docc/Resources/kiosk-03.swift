import GLayersHost
import QuartzCore

/// The kiosk menu: a list of items and a selection that the arrow keys move.
final class KioskMenu: WindowContent {
    let rootLayer = CALayer()
    var background: CGColor? { CGColor(gray: 0, alpha: 1) }

    let titles = ["Movies", "Music", "Podcasts", "Photos", "Internet"]
    let rowHeight: CGFloat = 70
    var items: [CATextLayer] = []
    let selection = CALayer()
    var selected = 0

    init() {
        for title in titles {
            let item = CATextLayer()
            item.string = title
            item.fontSize = 32
            item.alignmentMode = .center
            item.foregroundColor = CGColor(gray: 1, alpha: 1)
            item.bounds = CGRect(x: 0, y: 0, width: 400, height: 44)
            rootLayer.addSublayer(item)
            items.append(item)
        }
        selection.bounds = CGRect(x: 0, y: 0, width: 420, height: 52)
        selection.cornerRadius = 26
        selection.borderWidth = 3
        selection.borderColor = CGColor(gray: 0.9, alpha: 1)
        rootLayer.insertSublayer(selection, at: 0)
    }

    func handleKey(_ name: String) -> Bool {
        false
    }

    func handleClick(at point: CGPoint) {}

    func layout(size: CGSize) {
        // Placing the items is not a change to animate.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: size)
        let top = size.height / 2 - rowHeight * CGFloat(items.count - 1) / 2
        for (i, item) in items.enumerated() {
            item.position = CGPoint(x: size.width / 2, y: top + rowHeight * CGFloat(i))
        }
        selection.position = items[selected].position
        CATransaction.commit()
    }

    func frameWillBegin(at time: CFTimeInterval) {}
}

var options = WindowOptions()
options.title = "Kiosk"
options.size = CGSize(width: 1024, height: 768)
try WindowHost(options: options).run(KioskMenu())
