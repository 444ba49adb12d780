import { classifyDevice } from './device';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const androidPhone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const androidTablet = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('device classification (spec §3, §9)', () => {
  it('classifies an iPhone as a mobile iphone on ios', () => {
    expect(classifyDevice({ userAgent: iphone, screenWidth: 390, screenHeight: 844, maxTouchPoints: 5 })).toEqual({
      user_agent: iphone,
      device_name: 'iphone',
      device_type: 'mobile',
      device_os: 'ios',
    });
  });

  it('counts a touch-capable Mac as an iPad', () => {
    const info = classifyDevice({ userAgent: mac, screenWidth: 1024, screenHeight: 1366, maxTouchPoints: 5 });
    expect(info).toMatchObject({ device_name: 'ipad', device_type: 'tablet', device_os: 'ios' });
  });

  it('keeps a Mac without touch a desktop on macosx', () => {
    const info = classifyDevice({ userAgent: mac, screenWidth: 1440, screenHeight: 900, maxTouchPoints: 0 });
    expect(info).toMatchObject({ device_name: 'other', device_type: 'desktop', device_os: 'macosx' });
  });

  it('calls an Android device a tablet when its shorter side is at least 600 px', () => {
    expect(classifyDevice({ userAgent: androidTablet, screenWidth: 800, screenHeight: 1280, maxTouchPoints: 5 }).device_type).toBe('tablet');
    expect(classifyDevice({ userAgent: androidPhone, screenWidth: 412, screenHeight: 915, maxTouchPoints: 5 }).device_type).toBe('mobile');
  });

  it('classifies Windows as a desktop', () => {
    expect(classifyDevice({ userAgent: windows, screenWidth: 1920, screenHeight: 1080, maxTouchPoints: 0 })).toMatchObject({
      device_type: 'desktop',
      device_os: 'windows',
    });
  });
});
