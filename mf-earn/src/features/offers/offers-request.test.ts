import type { DeviceInfo } from '@rewards/shared/rules/device';
import { offersRequest } from './offers-request';

const desktop: DeviceInfo = { user_agent: 'Mozilla/5.0 (X11; Linux x86_64)', device_name: 'other', device_type: 'desktop', device_os: 'linux' };

describe('the Offers/Get request (spec §7)', () => {
  it('sends the device info with empty country code and IP', () => {
    expect(offersRequest('All', desktop)).toEqual({
      country_code: '',
      ip: '',
      device_os: 'linux',
      device_type: 'desktop',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
      device_name: 'other',
    });
  });

  it('leaves `device` out for All', () => {
    expect(offersRequest('All', desktop)).not.toHaveProperty('device');
  });

  it.each(['PC', 'Android', 'iOS'] as const)('sends device "%s" for its chip', (chip) => {
    expect(offersRequest(chip, desktop).device).toBe(chip);
  });
});
