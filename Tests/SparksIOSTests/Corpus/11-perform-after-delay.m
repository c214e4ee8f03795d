#import <UIKit/UIKit.h>

@interface HeartsViewController : UIViewController
@property (nonatomic, strong) CAEmitterLayer *hearts;
@end

@implementation HeartsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    _hearts = [CAEmitterLayer layer];
    _hearts.emitterPosition = CGPointMake(self.view.center.x, self.view.bounds.size.height - 40);
    _hearts.emitterSize = CGSizeMake(120, 1);
    _hearts.emitterShape = kCAEmitterLayerLine;
    CAEmitterCell *heart = [CAEmitterCell emitterCell];
    heart.birthRate = 6;
    heart.lifetime = 5;
    heart.velocity = 60;
    heart.emissionLongitude = -M_PI_2;
    heart.scale = 0.4;
    heart.scaleSpeed = 0.1;
    heart.contents = (id)[UIImage imageNamed:@"heart"].CGImage;
    _hearts.emitterCells = @[heart];
    [self.view.layer addSublayer:_hearts];
    [self performSelector:@selector(stopHearts) withObject:nil afterDelay:4.0];
}

- (void)stopHearts {
    [_hearts setBirthRate:0];
}

- (void)touchesBegan:(NSSet *)touches withEvent:(UIEvent *)event {
    _hearts.birthRate = 1;
}

@end
