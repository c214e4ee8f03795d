//
//  UIColor.swift
//  HGNearbyUsers_Example
//
//  Created by Hamza Ghazouani on 24/01/2018.
//  Copyright © 2018 CocoaPods. All rights reserved.
//

import UIKit

extension UIColor {
    static var ripplePinkDark = UIColor(red: 69.0/255.0, green: 65.0/255.0, blue: 101.0/255.0, alpha: 1.0)
    static var ripplePink = UIColor(red: 199.0/255.0, green: 118.0/255.0, blue: 255.0/255.0, alpha: 1.0)
    static var rippleDark = UIColor(red: 98.0/255.0, green: 98.0/255.0, blue: 137.0/255.0, alpha: 1.0)
    static var rippleWhite = UIColor(red: 204.0/255.0, green: 204.0/255.0, blue: 234.0/255.0, alpha: 1.0)
    static var turquoise = UIColor(red: 96.0/255.0, green: 217.0/255.0, blue: 247.0/255.0, alpha: 1.0)
}
