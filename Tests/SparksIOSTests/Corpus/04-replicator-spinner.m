#import <UIKit/UIKit.h>

@interface SpinnerView : UIView
@end

@implementation SpinnerView

- (void)awakeFromNib {
    [super awakeFromNib];
    CAReplicatorLayer *replicator = [CAReplicatorLayer layer];
    replicator.frame = CGRectMake(0, 0, 100, 100);
    replicator.position = self.center;
    NSInteger count = 12;
    replicator.instanceCount = count;
    replicator.instanceTransform = CATransform3DMakeRotation(2 * M_PI / count, 0, 0, 1);
    replicator.instanceDelay = 1.0 / count;

    CALayer *dot = [CALayer layer];
    dot.bounds = CGRectMake(0, 0, 8, 8);
    dot.position = CGPointMake(50, 10);
    dot.cornerRadius = 4;
    dot.backgroundColor = [UIColor whiteColor].CGColor;
    dot.opacity = 0;
    [replicator addSublayer:dot];

    CABasicAnimation *fade = [CABasicAnimation animationWithKeyPath:@"opacity"];
    fade.fromValue = @1;
    fade.toValue = @0;
    fade.duration = 1;
    fade.repeatCount = HUGE_VALF;
    [dot addAnimation:fade forKey:@"fade"];
    [self.layer addSublayer:replicator];
}

@end
