#import <UIKit/UIKit.h>

CAEmitterLayer *MakeStarfield(CGSize size) {
    CAEmitterLayer *field = [CAEmitterLayer layer];
    [field setValue:[NSValue valueWithCGPoint:CGPointMake(size.width / 2, size.height / 2)] forKey:@"emitterPosition"];
    field.emitterShape = kCAEmitterLayerPoint;
    CAEmitterCell *star = [CAEmitterCell emitterCell];
    [star setValue:@50 forKey:@"birthRate"];
    [star setValue:@5 forKey:@"lifetime"];
    [star setValue:@40 forKey:@"velocity"];
    [star setValue:@(M_PI * 2) forKey:@"emissionRange"];
    [star setValue:@0.02 forKey:@"scale"];
    [star setValue:@0.05 forKey:@"scaleSpeed"];
    star.contents = (id)[UIImage imageNamed:@"star"].CGImage;
    field.emitterCells = @[star];
    return field;
}

@implementation StarfieldViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    [self.view.layer addSublayer:MakeStarfield(self.view.bounds.size)];
}

@end
