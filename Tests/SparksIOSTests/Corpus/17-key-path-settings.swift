import UIKit

class PulseViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        let replicator = CAReplicatorLayer()
        replicator.setValue(CGRect(x: 0, y: 0, width: 120, height: 120), forKeyPath: "bounds")
        replicator.setValue(NSValue(cgPoint: CGPoint(x: 200, y: 300)), forKeyPath: "position")
        replicator.setValue(3, forKey: "instanceCount")
        replicator.setValue(0.6, forKeyPath: "instanceDelay")
        let circle = CAShapeLayer()
        circle.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 120, height: 120)).cgPath
        circle.fillColor = UIColor.systemTeal.cgColor
        circle.frame = CGRect(x: 0, y: 0, width: 120, height: 120)
        circle.setValue(0.2, forKeyPath: "transform.scale")
        circle.opacity = 0
        replicator.addSublayer(circle)

        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.2
        grow.toValue = 1.2
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.8
        fade.toValue = 0
        let both = CAAnimationGroup()
        both.animations = [grow, fade]
        both.duration = 1.8
        both.repeatCount = .greatestFiniteMagnitude
        circle.add(both, forKey: nil)
        view.layer.addSublayer(replicator)
    }
}
