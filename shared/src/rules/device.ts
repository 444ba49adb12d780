/** Device info sent with offer requests (spec §3), classified by the rules of spec §9. */
export type DeviceName = 'iphone' | 'ipad' | 'other';
export type DeviceType = 'desktop' | 'tablet' | 'mobile';
export type DeviceOs = 'android' | 'ios' | 'windows' | 'macosx' | 'linux';

export type DeviceInfo = {
  user_agent: string;
  device_name: DeviceName;
  device_type: DeviceType;
  device_os: DeviceOs;
};

export type DeviceSignals = {
  userAgent: string;
  screenWidth: number;
  screenHeight: number;
  maxTouchPoints: number;
};

const TABLET_SHORT_SIDE_PX = 600;

export function classifyDevice({ userAgent, screenWidth, screenHeight, maxTouchPoints }: DeviceSignals): DeviceInfo {
  const ua = userAgent.toLowerCase();
  const touchMac = ua.includes('macintosh') && maxTouchPoints > 1;
  const isIpad = ua.includes('ipad') || touchMac;
  const isIphone = ua.includes('iphone') || ua.includes('ipod');
  const isAndroid = ua.includes('android');
  const isTouchDevice = isIpad || isIphone || isAndroid || ua.includes('mobile');

  let device_os: DeviceOs = 'linux';
  if (isIpad || isIphone) device_os = 'ios';
  else if (isAndroid) device_os = 'android';
  else if (ua.includes('windows')) device_os = 'windows';
  else if (ua.includes('mac os') || ua.includes('macintosh')) device_os = 'macosx';

  let device_type: DeviceType = 'desktop';
  if (isIpad) device_type = 'tablet';
  else if (isTouchDevice) device_type = Math.min(screenWidth, screenHeight) >= TABLET_SHORT_SIDE_PX ? 'tablet' : 'mobile';

  const device_name: DeviceName = isIpad ? 'ipad' : isIphone ? 'iphone' : 'other';
  return { user_agent: userAgent, device_name, device_type, device_os };
}

export function currentDeviceInfo(): DeviceInfo {
  return classifyDevice({
    userAgent: navigator.userAgent,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  });
}
