#import <UIKit/UIKit.h>

@interface BounceViewController : UIViewController
@end

@implementation BounceViewController

- (void)viewDidAppear:(BOOL)animated {
    [super viewDidAppear:animated];
    CALayer *ball = [CALayer layer];
    ball.bounds = CGRectMake(0, 0, 40, 40);
    ball.cornerRadius = 20;
    ball.backgroundColor = [[UIColor orangeColor] CGColor];
    ball.position = CGPointMake(100, 100);
    [self.view.layer addSublayer:ball];

    CAKeyframeAnimation *bounce = [CAKeyframeAnimation animationWithKeyPath:@"position"];
    bounce.values = @[[NSValue valueWithCGPoint:CGPointMake(100, 100)],
                      [NSValue valueWithCGPoint:CGPointMake(200, 400)],
                      [NSValue valueWithCGPoint:CGPointMake(300, 100)]];
    bounce.keyTimes = @[@0, @0.5, @1];
    bounce.timingFunctions = @[[CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseIn],
                               [CAMediaTimingFunction functionWithName:kCAMediaTimingFunctionEaseOut]];
    bounce.calculationMode = kCAAnimationCubic;
    bounce.duration = 2;
    bounce.autoreverses = YES;
    bounce.repeatCount = INFINITY;
    [ball addAnimation:bounce forKey:@"bounce"];
}

@end
