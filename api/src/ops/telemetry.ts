import { REMOTE_PACKAGES, VERSION_PATTERN } from '../remote-builds';
import { DEFAULT_HEALTH_MINUTES, remoteHealth, reportedVersions, type VersionHealthAnswer } from '../modules/telemetry/health';
import { SHELL_TELEMETRY_NAME, telemetryRemoteName, UNVERSIONED } from '../modules/telemetry/keys';
import { defineCommand, UsageError } from './command';
import { readOptions, type OptionReader } from './options';

const MAX_HEALTH_MINUTES = 14 * 24 * 60;

const remoteName: OptionReader<string> = (value) => {
  const remote = telemetryRemoteName(value ?? '');
  if (!(REMOTE_PACKAGES as readonly string[]).includes(remote) && remote !== SHELL_TELEMETRY_NAME) {
    throw new UsageError(`"${value ?? ''}" is not a remote; use one of ${[...REMOTE_PACKAGES, SHELL_TELEMETRY_NAME].join(', ')}`);
  }
  return remote;
};

const versionList: OptionReader<string[]> = (value, option) => {
  const versions = (value ?? '').split(',').filter(Boolean);
  if (versions.length === 0 || versions.some((version) => version !== UNVERSIONED && !VERSION_PATTERN.test(version))) {
    throw new UsageError(`${option} takes versions like 1.0.0-3f2a9c0b1d (or unversioned), separated by commas, got "${value ?? ''}"`);
  }
  return [...new Set(versions)];
};

const minutes: OptionReader<number> = (value, option) => {
  if (!value || !/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > MAX_HEALTH_MINUTES) {
    throw new UsageError(`${option} takes a number of minutes from 1 to ${MAX_HEALTH_MINUTES}, got "${value ?? ''}"`);
  }
  return Number(value);
};

const percent = (rate: number) => `${(rate * 100).toFixed(rate > 0 && rate < 0.001 ? 3 : 1)}%`;
const milliseconds = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);

export const telemetryHealth = defineCommand({
  name: 'telemetry:health',
  usage: 'telemetry:health [--remote <remote>] [--versions <v1,v2>] [--minutes <n>]',
  summary: `what browsers reported of each remote version over the last ${DEFAULT_HEALTH_MINUTES} minutes: loads, failed-load and error rates, p75 LCP and INP`,
  reason: 'none',
  parse: (args) => {
    const options = readOptions(args, { '--remote': remoteName, '--versions': versionList, '--minutes': minutes });
    if (options['--versions'] && !options['--remote']) throw new UsageError('--versions needs --remote');
    return { remote: options['--remote'], versions: options['--versions'], minutes: options['--minutes'] ?? DEFAULT_HEALTH_MINUTES };
  },
  async run(context, { remote, versions, minutes: windowMinutes }) {
    const since = new Date(Date.now() - windowMinutes * 60_000);
    const pairs = versions && remote ? versions.map((version) => ({ remote, version })) : await reportedVersions(context.db, { remote, since });
    const result: VersionHealthAnswer[] = [];
    for (const pair of pairs) result.push({ ...pair, ...(await remoteHealth(context.db, { ...pair, since })) });
    if (result.length === 0) {
      context.out.line(`No reports in the last ${windowMinutes} minutes.`);
      return result;
    }
    context.out.table(
      ['remote', 'version', 'loads', 'failed loads', 'errors', 'p75 LCP', 'p75 INP', 'p75 CLS'],
      result.map((row) => [
        row.remote,
        row.version,
        row.loads,
        `${row.failedLoads} (${percent(row.failedLoadRate)})`,
        `${row.errors} (${percent(row.errorRate)})`,
        milliseconds(row.lcpP75Ms),
        milliseconds(row.inpP75Ms),
        row.clsP75 === null ? '-' : row.clsP75.toFixed(3),
      ]),
    );
    context.out.line('');
    context.out.line(`Since ${since.toISOString()} (the sampled browsers: runtime config telemetry.sampleRate).`);
    return result;
  },
});
