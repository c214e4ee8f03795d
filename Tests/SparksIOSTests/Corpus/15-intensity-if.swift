import UIKit

final class RainViewController: UIViewController {
    var intensity: CGFloat = 0.8
    private lazy var rain: CAEmitterLayer = {
        let layer = CAEmitterLayer()
        layer.emitterShape = .line
        return layer
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        rain.emitterPosition = CGPoint(x: view.bounds.midX, y: 0)
        rain.emitterSize = CGSize(width: view.bounds.width, height: 0)
        let drop = CAEmitterCell()
        if intensity > 0.5 {
            drop.birthRate = Float(200 * intensity)
        } else {
            drop.birthRate = 20
        }
        drop.lifetime = 2
        drop.velocity = 600
        drop.emissionLongitude = .pi
        drop.contents = UIImage(named: "raindrop")?.cgImage
        rain.emitterCells = [drop]
        view.layer.addSublayer(rain)
    }
}
