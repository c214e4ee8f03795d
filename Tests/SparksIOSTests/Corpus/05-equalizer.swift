import UIKit

class EqualizerView: UIView {
    override func didMoveToWindow() {
        super.didMoveToWindow()
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 100, y: 300, width: 200, height: 80)
        replicator.instanceCount = 5
        replicator.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        replicator.instanceDelay = 0.2

        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 0, width: 30, height: 80)
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.position = CGPoint(x: 15, y: 80)
        bar.backgroundColor = UIColor.systemGreen.cgColor
        replicator.addSublayer(bar)

        let bounce = CABasicAnimation(keyPath: "transform.scale.y")
        bounce.fromValue = 1
        bounce.toValue = 0.2
        bounce.duration = 0.4
        bounce.autoreverses = true
        bounce.repeatCount = .infinity
        bounce.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        bar.add(bounce, forKey: "bounce")
        layer.addSublayer(replicator)
    }
}
