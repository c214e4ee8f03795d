import UIKit

final class VolumeView: UIView {
    private let bars = CAReplicatorLayer()
    private let barCount = 4
    private let heights: [CGFloat] = [0.3, 1, 0.6, 0.8]

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUpBars()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpBars()
    }

    private func setUpBars() {
        bars.frame = CGRect(x: 137.5, y: 283.5, width: 100, height: 100)
        bars.instanceCount = barCount
        bars.instanceTransform = CATransform3DMakeTranslation(25, 0, 0)
        bars.instanceDelay = 0.15
        let bar = CALayer()
        bar.anchorPoint = CGPoint(x: 0.5, y: 1)
        bar.frame = CGRect(x: 0, y: 0, width: 15, height: 100)
        bar.backgroundColor = UIColor.systemIndigo.cgColor
        let level = CAKeyframeAnimation(keyPath: "bounds.size.height")
        level.values = heights.map { $0 * 100 }
        level.duration = 1.2
        level.repeatCount = .infinity
        level.calculationMode = .discrete
        bar.add(level, forKey: "level")
        bars.addSublayer(bar)
        layer.addSublayer(bars)
    }
}
