import UIKit

class BubblesView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        let emitter = CAEmitterLayer()
        emitter.emitterPosition = CGPoint(x: frame.midX, y: frame.maxY)
        emitter.emitterSize = CGSize(width: frame.width, height: 0)
        emitter.emitterShape = .line
        var cells: [CAEmitterCell] = []
        for i in 0..<3 {
            let cell = CAEmitterCell()
            cell.name = "bubble\(i)"
            cell.birthRate = Float(4 * (i + 1))
            cell.lifetime = 8
            cell.velocity = CGFloat(30 + 20 * i)
            cell.emissionLongitude = -.pi / 2
            cell.scale = 0.1 * CGFloat(i + 1)
            cell.alphaSpeed = -0.1
            cell.contents = UIImage(named: "sun")?.cgImage
            cells.append(cell)
        }
        emitter.emitterCells = cells
        layer.addSublayer(emitter)
    }

    required init?(coder: NSCoder) { nil }
}
