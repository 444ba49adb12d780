import { z } from 'zod';
import { VERSION_PATTERN } from '../../remote-builds';
import { UNVERSIONED } from './keys';

/** Events one report may carry; a browser sends its batch before it reaches half of it. */
export const MAX_EVENTS_PER_REPORT = 100;

/** The largest body accepted (bytes); larger is 413 before it is read. sendBeacon itself caps at 64 KB. */
export const MAX_REPORT_BYTES = 16 * 1024;

/** Ceilings of what a real page measures; a larger value is a broken or hostile report. */
const MAX_VITAL_MS = 600_000;
const MAX_CLS = 100;

/** A federation container name (`mf_earn`), or `shell`. */
const remote = z.string().min(1).max(64).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'must be a remote name' });
const version = z
  .string()
  .max(64)
  .refine((value) => value === UNVERSIONED || VERSION_PATTERN.test(value), { message: 'must be a release version or unversioned' });
/** A route pattern of the runtime config (`/Earn`), or `other`. Unknown patterns are counted as `other`. */
const route = z.string().min(1).max(100);
const key = { remote, version, route };

const vital = z.discriminatedUnion('name', [
  z.strictObject({ type: z.literal('vital'), ...key, name: z.literal('LCP'), value: z.number().min(0).max(MAX_VITAL_MS) }),
  z.strictObject({ type: z.literal('vital'), ...key, name: z.literal('INP'), value: z.number().min(0).max(MAX_VITAL_MS) }),
  z.strictObject({ type: z.literal('vital'), ...key, name: z.literal('CLS'), value: z.number().min(0).max(MAX_CLS) }),
]);

export const telemetryEvent = z.union([
  /** The remote's module loaded (the denominator). */
  z.strictObject({ type: z.literal('load'), ...key }),
  /** Its manifest, entry or a chunk failed to load. */
  z.strictObject({ type: z.literal('load_failed'), ...key }),
  /** Its error boundary caught an error, or an uncaught error came from its scripts. */
  z.strictObject({ type: z.literal('error'), ...key }),
  vital,
]);
export type TelemetryEvent = z.infer<typeof telemetryEvent>;

/** `POST /api/telemetry`: a batch of events from one page. Unknown fields are refused. */
export const telemetryReport = z.strictObject({
  events: z.array(telemetryEvent).min(1).max(MAX_EVENTS_PER_REPORT),
});
export type TelemetryReport = z.infer<typeof telemetryReport>;
