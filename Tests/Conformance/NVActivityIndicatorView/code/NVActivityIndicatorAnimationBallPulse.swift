//
//  NVActivityIndicatorAnimationBallPulse.swift
//  NVActivityIndicatorView
//
// The MIT License (MIT)

// Copyright (c) 2016 Vinh Nguyen

// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:

// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.

// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.
//

#if canImport(UIKit)
    import UIKit

    class NVActivityIndicatorAnimationBallPulse: NVActivityIndicatorAnimationDelegate {
        func setUpAnimation(in layer: CALayer, size: CGSize, color: UIColor) {
            let circleSpacing: CGFloat = 2
            let circleSize: CGFloat = (size.width - 2 * circleSpacing) / 3
            let x: CGFloat = (layer.bounds.size.width - size.width) / 2
            let y: CGFloat = (layer.bounds.size.height - circleSize) / 2
            let duration: CFTimeInterval = 0.75
            let beginTime = CACurrentMediaTime()
            let beginTimes: [CFTimeInterval] = [0.12, 0.24, 0.36]
            let timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)
            let animation = CAKeyframeAnimation(keyPath: "transform.scale")

            // Animation
            animation.keyTimes = [0, 0.3, 1]
            animation.timingFunctions = [timingFunction, timingFunction]
            animation.values = [1, 0.3, 1]
            animation.duration = duration
            animation.repeatCount = HUGE
            animation.isRemovedOnCompletion = false

            // Draw circles
            for i in 0..<3 {
                let circle = NVActivityIndicatorShape.circle.layerWith(size: CGSize(width: circleSize, height: circleSize), color: color)
                let frame = CGRect(
                    x: x + circleSize * CGFloat(i) + circleSpacing * CGFloat(i),
                    y: y,
                    width: circleSize,
                    height: circleSize)

                animation.beginTime = beginTime + beginTimes[i]
                circle.frame = frame
                circle.add(animation, forKey: "animation")
                layer.addSublayer(circle)
            }
        }
    }
#endif
