#import <UIKit/UIKit.h>

@interface MagicViewController : UIViewController
@end

@implementation MagicViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.view.backgroundColor = [UIColor blackColor];
    CAEmitterLayer *magic = [CAEmitterLayer layer];
    magic.emitterPosition = self.view.center;
    magic.emitterSize = CGSizeMake(80, 80);
    magic.emitterShape = kCAEmitterLayerCircle;
    magic.emitterMode = kCAEmitterLayerOutline;
    magic.renderMode = kCAEmitterLayerAdditive;
    magic.seed = 42;
    CAEmitterCell *mote = [CAEmitterCell emitterCell];
    mote.birthRate = 120;
    mote.lifetime = 3;
    mote.lifetimeRange = 1;
    mote.velocity = 30;
    mote.velocityRange = 10;
    mote.emissionRange = 2 * M_PI;
    mote.scale = 0.2;
    mote.color = [UIColor colorWithRed:0.5 green:0.5 blue:1 alpha:1].CGColor;
    mote.redRange = 0.3;
    mote.greenRange = 0.3;
    mote.blueRange = 0;
    mote.redSpeed = -0.1;
    mote.blueSpeed = 0.2;
    mote.alphaSpeed = -0.3;
    mote.contents = (id)[UIImage imageNamed:@"spark"].CGImage;
    magic.emitterCells = [NSArray arrayWithObjects:mote, nil];
    [self.view.layer addSublayer:magic];
}

@end
