import type { DeviceFilter, OffersRequest } from '@rewards/shared/contracts/offer-types';
import type { DeviceInfo } from '@rewards/shared/rules/device';

/**
 * The body of `Offers/Get` (spec §3, §7): the device info, `device` only for a chip other than All,
 * and no geolocation (country code and IP stay empty; no third-party lookup is made).
 */
export function offersRequest(filter: DeviceFilter, device: DeviceInfo): OffersRequest {
  return {
    country_code: '',
    ip: '',
    ...(filter === 'All' ? {} : { device: filter }),
    device_os: device.device_os,
    device_type: device.device_type,
    user_agent: device.user_agent,
    device_name: device.device_name,
  };
}
