import UIKit

class OrbitViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let planet = CALayer()
        planet.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        planet.cornerRadius = 10
        planet.backgroundColor = UIColor.systemBlue.cgColor
        view.layer.addSublayer(planet)

        let orbit = CAKeyframeAnimation(keyPath: "position")
        orbit.path = UIBezierPath(ovalIn: CGRect(x: 87.5, y: 233.5, width: 200, height: 200)).cgPath
        orbit.duration = 4
        orbit.repeatCount = .infinity
        orbit.calculationMode = .paced
        planet.add(orbit, forKey: nil)

        let pulse = CAKeyframeAnimation(keyPath: "opacity")
        pulse.values = [1, 0.3, 1]
        pulse.keyTimes = [0, 0.5, 1]
        pulse.duration = 2
        pulse.repeatCount = .infinity
        planet.add(pulse, forKey: "pulse")
    }
}
