#import <UIKit/UIKit.h>

static CAEmitterCell *MakeCell(UIColor *color, CGFloat speed) {
    CAEmitterCell *cell = [CAEmitterCell emitterCell];
    cell.birthRate = 15;
    cell.lifetime = 4.0;
    cell.velocity = speed;
    cell.emissionRange = M_PI_4;
    cell.color = color.CGColor;
    cell.contents = (__bridge id)[UIImage imageNamed:@"star"].CGImage;
    return cell;
}

@interface StarsView : UIView
@end

@implementation StarsView

- (instancetype)initWithFrame:(CGRect)frame {
    if ((self = [super initWithFrame:frame])) {
        CAEmitterLayer *emitter = [CAEmitterLayer layer];
        emitter.emitterPosition = CGPointMake(frame.size.width / 2, frame.size.height / 2);
        NSArray *colors = @[[UIColor redColor], [UIColor greenColor], [UIColor blueColor]];
        NSMutableArray *cells = [NSMutableArray array];
        for (NSUInteger i = 0; i < colors.count; i++) {
            [cells addObject:MakeCell(colors[i], 50 + 25 * i)];
        }
        emitter.emitterCells = cells;
        [self.layer addSublayer:emitter];
    }
    return self;
}

@end
