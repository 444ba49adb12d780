import { canaryVerdict, type CanaryVerdict, type VersionHealth } from './canary-verdict';
import { endWatch, type Grounds, promoteCanary, rollback } from './release-changes';
import { applyWatchDecision } from './release-operations';
import { readReleaseState, type ReleaseState } from './release-state';

/** Who the release log names for what the watch decides. */
export const WATCH_ACTOR = 'canary watch';

/** How often the server looks at every watched canary: a bad one is rolled back within this of its data. */
export const WATCH_TICK_MS = 5_000;

export type HealthQuery = { remote: string; version: string; since: Date };
/** What browsers reported about one version of a remote since a moment. */
export type HealthSource = (query: HealthQuery) => Promise<VersionHealth>;

/**
 * Runs `work` only while this instance alone may decide for `remote` (several servers share the releases);
 * `{ ran: false }` when another one decides now: it will have acted, or this one acts on a later tick.
 */
export type DecisionLock = <T>(remote: string, work: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>;

type WatchLog = { info(object: object, message: string): void; warn(object: object, message: string): void };

export type CanaryWatchDeps = {
  releasesDir: string;
  remotes: readonly string[];
  health: HealthSource;
  decisionLock: DecisionLock;
  now: () => Date;
  log: WatchLog;
};

export type WatchOutcome = {
  remote: string;
  verdict: CanaryVerdict;
  /** What the release state says now, when this instance changed it. */
  applied: string | null;
};

/** The counts as reported, made whole (a report is not trusted to be). */
function countsOf({ loads, failedLoads, errors }: VersionHealth): VersionHealth {
  const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
  return { loads: whole(loads), failedLoads: whole(failedLoads), errors: whole(errors) };
}

async function judge(deps: CanaryWatchDeps, remote: string, state: ReleaseState): Promise<WatchOutcome | null> {
  const { watch, canary, current } = state;
  if (!watch || !canary || !current) return null;
  const now = deps.now();
  const since = new Date(watch.startedAt);
  const [canaryHealth, currentHealth] = await Promise.all([
    deps.health({ remote, version: canary.version, since }),
    deps.health({ remote, version: current, since }),
  ]);
  const verdict = canaryVerdict({
    canary: canaryHealth,
    current: currentHealth,
    margin: watch.margin,
    minLoads: watch.minLoads,
    windowEnded: now.getTime() >= Date.parse(watch.until),
    promote: watch.promote,
  });
  if (verdict.decision === 'watch') return { remote, verdict, applied: null };

  const grounds: Grounds = { reason: verdict.reason, health: { canary: countsOf(canaryHealth), current: countsOf(currentHealth) } };
  const actor = { at: now.toISOString(), by: WATCH_ACTOR };
  const target = { releasesDir: deps.releasesDir, remote, actor };
  const decided = await deps.decisionLock(remote, () =>
    applyWatchDecision(target, watch.startedAt, (fresh) => {
      if (verdict.decision === 'rollback') return rollback(remote, fresh, actor, undefined, grounds);
      if (verdict.decision === 'promote') return promoteCanary(remote, fresh, actor, grounds);
      return endWatch(remote, fresh, actor, grounds);
    }),
  );
  const applied = decided.ran ? decided.value : null;
  if (applied) deps.log.warn({ remote, decision: verdict.decision, ...grounds }, `canary watch: ${verdict.decision} ${remote} ${canary.version}: ${verdict.reason}. ${applied}`);
  return { remote, verdict, applied };
}

/** One look at every watched canary; decides what is due. A remote that cannot be judged now is tried next tick. */
export async function watchTick(deps: CanaryWatchDeps): Promise<WatchOutcome[]> {
  const outcomes = await Promise.all(
    deps.remotes.map(async (remote) => {
      try {
        const state = await readReleaseState(deps.releasesDir, remote);
        return await judge(deps, remote, state);
      } catch (error) {
        deps.log.warn({ err: error, remote }, `canary watch: ${remote} not judged this time (${error instanceof Error ? error.message : String(error)})`);
        return null;
      }
    }),
  );
  return outcomes.filter((outcome): outcome is WatchOutcome => outcome !== null);
}

export type CanaryWatcher = {
  /** One tick now, awaited (after the one running, if any). */
  tick(): Promise<WatchOutcome[]>;
  stop(): Promise<void>;
};

/**
 * Judges every watched canary at once and then every `tickMs`, so a server started while a watch runs (or
 * restarted) takes it up from release.json. Ticks never overlap.
 */
export function startCanaryWatcher(deps: CanaryWatchDeps, tickMs: number = WATCH_TICK_MS): CanaryWatcher {
  let running: Promise<WatchOutcome[]> = Promise.resolve([]);
  let stopped = false;
  const tick = (): Promise<WatchOutcome[]> => {
    running = running.catch(() => []).then(() => (stopped ? [] : watchTick(deps)));
    return running;
  };
  void tick();
  const timer = tickMs > 0 ? setInterval(() => void tick(), tickMs) : undefined;
  timer?.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running.catch(() => []);
    },
  };
}
