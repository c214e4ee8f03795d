import Foundation

/// Stand-in textures for images the imported code names but Sparks does not have: a shape
/// the name suggests, white on transparent (so a cell's `color` tints it as iOS tints a
/// template image), anti-aliased by 4×4 supersampling.
enum StandInShapes {
    static let size = 64

    static func texture(named name: String, fileName: String) -> StandInTexture {
        let inside =
            shape(named: name) ?? { x, y in
                // A soft dot: a Gaussian falling to nothing at the edge.
                let r2 = x * x + y * y
                return r2 >= 1 ? 0 : exp(-r2 * 4.5) * (1 - r2)
            }
        var rgba = [UInt8](repeating: 0, count: size * size * 4)
        for py in 0..<size {
            for px in 0..<size {
                var sum = 0.0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let x = (Double(px) + (Double(sx) + 0.5) / 4) / Double(size) * 2 - 1
                        let y = (Double(py) + (Double(sy) + 0.5) / 4) / Double(size) * 2 - 1
                        sum += inside(x, y)
                    }
                }
                let alpha = UInt8(max(0, min(255, (sum / 16 * 255).rounded())))
                let i = (py * size + px) * 4
                rgba[i] = 255
                rgba[i + 1] = 255
                rgba[i + 2] = 255
                rgba[i + 3] = alpha
            }
        }
        return StandInTexture(fileName: fileName, size: size, rgba: rgba)
    }

    /// The shape a name suggests (star, heart, confetti, snowflake, triangle, circle), as
    /// coverage of a point in −1…1; nil when the name suggests none.
    static func shape(named name: String) -> ((Double, Double) -> Double)? {
        let lower = name.lowercased()
        if lower.contains("star") || lower.contains("sparkle") {
            return { x, y in star(x, y) ? 1 : 0 }
        } else if lower.contains("heart") || lower.contains("love") {
            return { x, y in
                let (u, v) = (x * 1.25, -(y * 1.25) + 0.25)
                let a = u * u + v * v - 0.36
                return a * a * a - u * u * v * v * v <= 0 ? 1 : 0
            }
        } else if lower.contains("confetti") || lower.contains("rect") || lower.contains("square") || lower.contains("paper")
            || lower.contains("box")
        {
            return { x, y in abs(x) <= 0.8 && abs(y) <= 0.45 ? 1 : 0 }
        } else if lower.contains("snow") || lower.contains("flake") {
            return { x, y in
                let r = (x * x + y * y).squareRoot()
                guard r <= 0.92 else { return 0 }
                let angle = atan2(y, x)
                let arm = angle - (angle / (Double.pi / 3)).rounded() * (Double.pi / 3)
                let d = abs(sin(arm)) * r
                return d <= 0.07 || r <= 0.15 ? 1 : 0
            }
        } else if lower.contains("triangle") {
            return { x, y in y <= 0.7 && y >= -0.8 + 0 && abs(x) <= (y + 0.8) / 1.5 * 0.87 ? 1 : 0 }
        } else if lower.contains("circle") || lower.contains("ring") || lower.contains("ball") || lower.contains("bubble") {
            return { x, y in x * x + y * y <= 0.81 ? 1 : 0 }
        }
        return nil
    }

    /// A five-pointed star, point up.
    private static func star(_ x: Double, _ y: Double) -> Bool {
        let points = (0..<10).map { k -> (Double, Double) in
            let r = k % 2 == 0 ? 0.95 : 0.4
            let a = -Double.pi / 2 + Double(k) * Double.pi / 5
            return (r * cos(a), r * sin(a))
        }
        var inside = false
        var j = points.count - 1
        for i in points.indices {
            let (xi, yi) = points[i], (xj, yj) = points[j]
            if (yi > y) != (yj > y), x < (xj - xi) * (y - yi) / (yj - yi) + xi { inside.toggle() }
            j = i
        }
        return inside
    }
}
