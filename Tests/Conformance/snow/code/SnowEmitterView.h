#import <UIKit/UIKit.h>

@interface SnowEmitterView : UIView

- (void)start;
- (void)stop;

@end