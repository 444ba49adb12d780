import type { Canary, CanaryWatch, ReleaseAction, ReleaseLogEntry, ReleaseState } from './release-state';

/** A change an operator asked for that cannot be made; the state is left as it was. */
export class ReleaseError extends Error {}

export type Actor = { at: string; by: string };
export type ReleaseChange = { state: ReleaseState; message: string };

type Pointers = Pick<ReleaseState, 'current' | 'canary' | 'previous'>;
/** What the canary watch adds to the log entry of its decision: why, and the figures. */
export type Grounds = Pick<ReleaseLogEntry, 'reason' | 'health'>;

function describeCanary(canary: Canary | null): string {
  return canary ? `, and ${canary.version} to ${canary.percent}% of browsers` : '';
}

/** Any change of the pointers ends a running watch: a watch belongs to the canary it started with. */
function changed(remote: string, state: ReleaseState, action: ReleaseAction, actor: Actor, next: Pointers, grounds: Grounds = {}, watch: CanaryWatch | null = null): ReleaseChange {
  const entry: ReleaseLogEntry = { at: actor.at, by: actor.by, action, current: next.current, canary: next.canary, ...(watch ? { watch } : {}), ...grounds };
  return {
    state: { ...state, ...next, watch, log: [...state.log, entry] },
    message: `${remote} now serves ${next.current}${describeCanary(next.canary)}.`,
  };
}

/** `current` moves forward to `version`: the version it leaves is where a rollback returns. */
function forwardTo(state: ReleaseState, version: string): string[] {
  return state.current === null || state.current === version ? state.previous : [...state.previous, state.current];
}

/** Records a newly built version among the published ones (once). */
export function withPublished(state: ReleaseState, version: string, publishedAt: string): ReleaseState {
  if (state.published.some((published) => published.version === version)) return state;
  return { ...state, published: [...state.published, { version, publishedAt }] };
}

/** Every browser gets `version`; a running canary ends. */
export function release(remote: string, state: ReleaseState, version: string, actor: Actor): ReleaseChange {
  if (state.current === version && state.canary === null) return { state, message: `${remote} already serves ${version}: nothing changed.` };
  return changed(remote, state, 'release', actor, { current: version, canary: null, previous: forwardTo(state, version) });
}

/**
 * `percent` of browsers, the same ones on every visit, get `version`; the others keep the current one. With a
 * watch, the server judges the canary until the watch's end (canary-watch.ts).
 */
export function startCanary(remote: string, state: ReleaseState, version: string, percent: number, actor: Actor, watch: CanaryWatch | null = null): ReleaseChange {
  if (state.current === null) {
    throw new ReleaseError(`${remote} has no release yet for the other browsers to keep: release it first (pnpm release ${remote}).`);
  }
  if (state.current === version) {
    throw new ReleaseError(`${version} is what ${remote} already serves: a canary needs a changed build.`);
  }
  return changed(remote, state, 'canary', actor, { current: state.current, canary: { version, percent }, previous: state.previous }, {}, watch);
}

/** The canary's version goes to every browser. */
export function promoteCanary(remote: string, state: ReleaseState, actor: Actor, grounds: Grounds = {}): ReleaseChange {
  if (state.canary === null) throw new ReleaseError(`${remote} has no canary to promote.`);
  const version = state.canary.version;
  return changed(remote, state, 'promote', actor, { current: version, canary: null, previous: forwardTo(state, version) }, grounds);
}

/** A canary's watch ended without moving anyone: it stays a canary, and the log says why. */
export function endWatch(remote: string, state: ReleaseState, actor: Actor, grounds: Grounds): ReleaseChange {
  if (state.watch === null || state.canary === null) throw new ReleaseError(`${remote} has no watched canary.`);
  const { state: next } = changed(remote, state, 'watch-end', actor, { current: state.current, canary: state.canary, previous: state.previous }, grounds);
  return { state: next, message: `${remote} keeps ${state.canary.version} as a canary for ${state.canary.percent}% of browsers; its watch ended.` };
}

/**
 * Points back, without building anything. Without a version: a running canary stops (every browser keeps the
 * current version); else the version served before the current one was released returns, one release
 * further back each time. With a version: that published version, wherever it is.
 */
export function rollback(remote: string, state: ReleaseState, actor: Actor, version?: string, grounds: Grounds = {}): ReleaseChange {
  if (state.current === null) throw new ReleaseError(`${remote} has no release to roll back.`);
  if (version === undefined) {
    if (state.canary !== null) return changed(remote, state, 'rollback', actor, { current: state.current, canary: null, previous: state.previous }, grounds);
    const back = state.previous.at(-1);
    if (back === undefined) throw new ReleaseError(`${remote} serves its first release (${state.current}): there is nothing before it to go back to.`);
    return changed(remote, state, 'rollback', actor, { current: back, canary: null, previous: state.previous.slice(0, -1) });
  }
  if (!state.published.some((published) => published.version === version)) {
    const known = state.published.map((published) => published.version).join(', ');
    throw new ReleaseError(`${remote} has no published version ${version}; published: ${known}.`);
  }
  if (state.current === version && state.canary === null) return { state, message: `${remote} already serves ${version}: nothing changed.` };
  // Going back to a version served before skips what came after it; any other version counts as a step forward.
  const earlier = state.previous.lastIndexOf(version);
  const previous = earlier >= 0 ? state.previous.slice(0, earlier) : forwardTo(state, version);
  return changed(remote, state, 'rollback', actor, { current: version, canary: null, previous });
}
