#import <UIKit/UIKit.h>

@interface GridView : UIView
@end

@implementation GridView

- (void)didMoveToWindow {
    [super didMoveToWindow];
    CAReplicatorLayer *rows = [CAReplicatorLayer layer];
    rows.frame = CGRectMake(37.5, 183.5, 300, 300);
    rows.instanceCount = 5;
    rows.instanceTransform = CATransform3DMakeTranslation(0, 60, 0);
    rows.instanceDelay = 0.1;
    rows.instanceColor = [UIColor whiteColor].CGColor;
    rows.instanceBlueOffset = -0.15;

    CAReplicatorLayer *columns = [CAReplicatorLayer layer];
    columns.frame = CGRectMake(0, 0, 300, 60);
    columns.instanceCount = 5;
    columns.instanceTransform = CATransform3DMakeTranslation(60, 0, 0);
    columns.instanceDelay = 0.1;
    columns.instanceRedOffset = -0.15;

    CALayer *square = [CALayer layer];
    square.frame = CGRectMake(10, 10, 40, 40);
    square.backgroundColor = [UIColor whiteColor].CGColor;
    CABasicAnimation *shrink = [CABasicAnimation animationWithKeyPath:@"transform.scale"];
    shrink.toValue = @0.3;
    shrink.duration = 0.5;
    shrink.autoreverses = YES;
    shrink.repeatCount = HUGE_VALF;
    [square addAnimation:shrink forKey:nil];

    [columns addSublayer:square];
    [rows addSublayer:columns];
    [self.layer addSublayer:rows];
}

@end
