import UIKit

class FireworksViewController: UIViewController {
    let emitter = CAEmitterLayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        let rocket = CAEmitterCell()
        let burst = CAEmitterCell()
        let spark = CAEmitterCell()
        emitter.emitterPosition = CGPoint(x: view.bounds.width / 2, y: view.bounds.height)
        emitter.renderMode = .additive
        // Cells are set up after they are attached, as in Apple's fireworks sample.
        emitter.emitterCells = [rocket]
        rocket.emitterCells = [burst]
        burst.emitterCells = [spark]
        rocket.birthRate = 1
        rocket.lifetime = 1.02
        rocket.velocity = 300
        rocket.emissionRange = 0.3
        rocket.yAcceleration = 100
        rocket.contents = UIImage(named: "spark")?.cgImage
        burst.birthRate = 1
        burst.lifetime = 0.1
        spark.birthRate = 400
        spark.lifetime = 2
        spark.velocity = 120
        spark.emissionRange = 2 * .pi
        spark.alphaSpeed = -0.5
        spark.contents = UIImage(named: "spark")?.cgImage
        view.layer.addSublayer(emitter)
    }
}
