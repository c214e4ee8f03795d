import UIKit

class FireViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        let fireEmitter = CAEmitterLayer()
        fireEmitter.emitterPosition = CGPoint(x: view.bounds.midX, y: view.bounds.maxY - 60)
        fireEmitter.emitterSize = CGSize(width: 50, height: 10)
        fireEmitter.renderMode = .additive
        fireEmitter.emitterShape = .line
        let fire = CAEmitterCell()
        fire.name = "fire"
        fire.birthRate = 200
        fire.lifetime = 1.5
        fire.velocity = 80
        fire.emissionLongitude = CGFloat.pi
        fire.yAcceleration = -120
        fire.color = UIColor(red: 0.8, green: 0.4, blue: 0.2, alpha: 0.1).cgColor
        fire.contents = UIImage(named: "fire")?.cgImage
        fireEmitter.emitterCells = [fire]
        fireEmitter.setValue(350, forKeyPath: "emitterCells.fire.birthRate")
        view.layer.addSublayer(fireEmitter)
    }
}
