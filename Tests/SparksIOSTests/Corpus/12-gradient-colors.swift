import UIKit

final class SunsetView: UIView {
    override func awakeFromNib() {
        super.awakeFromNib()
        let gradient = CAGradientLayer()
        gradient.frame = bounds
        gradient.colors = [UIColor.systemOrange.cgColor, UIColor.systemPink.cgColor, UIColor.systemPurple.cgColor]
        gradient.locations = [0, 0.6, 1]
        gradient.startPoint = CGPoint(x: 0.5, y: 0)
        gradient.endPoint = CGPoint(x: 0.5, y: 1)
        layer.insertSublayer(gradient, at: 0)

        let shift = CABasicAnimation(keyPath: "colors")
        shift.fromValue = gradient.colors
        shift.toValue = [UIColor.systemBlue.cgColor, UIColor.systemTeal.cgColor, UIColor.systemGreen.cgColor]
        shift.duration = 3
        shift.autoreverses = true
        shift.repeatCount = Float.infinity
        gradient.add(shift, forKey: "shift")
    }
}
