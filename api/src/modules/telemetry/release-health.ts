import type { ReleaseState } from '../releases/release-state';
import { DEFAULT_HEALTH_MINUTES, type VersionHealthAnswer } from './health';
import { UNVERSIONED } from './keys';

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.001 ? 3 : 1)}%`;
const ms = (value: number | null) => (value === null ? 'no reports' : `${Math.round(value)} ms`);

/** For `pnpm releases`: one line per version a remote serves (current, canary; its working build before any release). */
export function releaseHealthLines(remote: string, state: ReleaseState, health: readonly VersionHealthAnswer[]): string[] {
  const served: Array<[string, string]> = state.current
    ? [[state.current, 'current'], ...(state.canary ? [[state.canary.version, `canary ${state.canary.percent}%`] as [string, string]] : [])]
    : [[UNVERSIONED, 'working build']];
  const lines = [`  browsers, last ${DEFAULT_HEALTH_MINUTES} min:`];
  for (const [version, role] of served) {
    const found = health.find((row) => row.remote === remote && row.version === version);
    const figures = found
      ? `${found.loads} loads, ${percent(found.failedLoadRate)} failed loads, ${percent(found.errorRate)} errors, p75 LCP ${ms(found.lcpP75Ms)}, p75 INP ${ms(found.inpP75Ms)}`
      : 'no reports';
    lines.push(`    ${version} (${role}): ${figures}`);
  }
  return lines;
}
