import { promoteCanary, release, ReleaseError, rollback, startCanary, withPublished } from './release-changes';
import { NO_RELEASES, type ReleaseState } from './release-state';

const A = '1.0.0-aaaaaaaaaa';
const B = '1.0.0-bbbbbbbbbb';
const C = '1.1.0-cccccccccc';
const D = '1.1.0-dddddddddd';
const actor = { at: '2026-11-23T10:00:00.000Z', by: 'ada' };

/** Publishes and releases each version in turn, as `pnpm release` does. */
function released(...versions: string[]): ReleaseState {
  return versions.reduce((state, version) => release('mf-earn', withPublished(state, version, actor.at), version, actor).state, NO_RELEASES);
}

describe('release', () => {
  it('serves the new version to every browser and logs who did it', () => {
    const { state, message } = release('mf-earn', withPublished(NO_RELEASES, A, actor.at), A, actor);
    expect(state).toMatchObject({ current: A, canary: null, previous: [], published: [{ version: A, publishedAt: actor.at }] });
    expect(state.log).toEqual([{ at: actor.at, by: 'ada', action: 'release', current: A, canary: null }]);
    expect(message).toBe(`mf-earn now serves ${A}.`);
  });

  it('changes nothing when the version is already served', () => {
    const state = released(A);
    expect(release('mf-earn', state, A, actor)).toEqual({ state, message: `mf-earn already serves ${A}: nothing changed.` });
  });

  it('ends a running canary', () => {
    const canary = startCanary('mf-earn', withPublished(released(A), B, actor.at), B, 10, actor).state;
    expect(release('mf-earn', canary, B, actor).state).toMatchObject({ current: B, canary: null, previous: [A] });
  });
});

describe('canary', () => {
  it('gives a share of browsers the new version while the others keep the current one', () => {
    const { state, message } = startCanary('mf-earn', withPublished(released(A), B, actor.at), B, 25, actor);
    expect(state).toMatchObject({ current: A, canary: { version: B, percent: 25 } });
    expect(message).toBe(`mf-earn now serves ${A}, and ${B} to 25% of browsers.`);
  });

  it('needs a release for the other browsers to keep', () => {
    expect(() => startCanary('mf-earn', NO_RELEASES, A, 10, actor)).toThrow(
      new ReleaseError('mf-earn has no release yet for the other browsers to keep: release it first (pnpm release mf-earn).'),
    );
  });

  it('needs a build that differs from the one served', () => {
    expect(() => startCanary('mf-earn', released(A), A, 10, actor)).toThrow(`${A} is what mf-earn already serves: a canary needs a changed build.`);
  });

  it('is promoted to every browser without a build', () => {
    const canary = startCanary('mf-earn', withPublished(released(A), B, actor.at), B, 10, actor).state;
    const { state } = promoteCanary('mf-earn', canary, actor);
    expect(state).toMatchObject({ current: B, canary: null, previous: [A] });
    expect(state.log.at(-1)?.action).toBe('promote');
  });

  it('cannot be promoted when there is none', () => {
    expect(() => promoteCanary('mf-earn', released(A), actor)).toThrow('mf-earn has no canary to promote.');
  });
});

describe('rollback', () => {
  it('serves the version from before the last release again, one release further back each time', () => {
    const first = rollback('mf-earn', released(A, B, C), actor);
    expect(first.state).toMatchObject({ current: B, previous: [A] });
    expect(first.message).toBe(`mf-earn now serves ${B}.`);
    expect(rollback('mf-earn', first.state, actor).state).toMatchObject({ current: A, previous: [] });
  });

  it('goes back to what was served, not to a version rolled back earlier', () => {
    const back = rollback('mf-earn', released(A, B), actor).state; // B was bad: A again
    const next = release('mf-earn', withPublished(back, C, actor.at), C, actor).state;
    expect(rollback('mf-earn', next, actor).state.current).toBe(A);
  });

  it('stops a running canary first, keeping the current version', () => {
    const canary = startCanary('mf-earn', withPublished(released(A, B), C, actor.at), C, 50, actor).state;
    const { state, message } = rollback('mf-earn', canary, actor);
    expect(state).toMatchObject({ current: B, canary: null, previous: [A] });
    expect(message).toBe(`mf-earn now serves ${B}.`);
  });

  it('goes to a named published version, skipping what came after it', () => {
    const { state } = rollback('mf-earn', released(A, B, C), actor, A);
    expect(state).toMatchObject({ current: A, canary: null, previous: [] });
  });

  it('counts a named version that was never served (a canary) as a step forward', () => {
    const canary = startCanary('mf-earn', withPublished(released(A), D, actor.at), D, 5, actor).state;
    const { state } = rollback('mf-earn', canary, actor, D);
    expect(state).toMatchObject({ current: D, canary: null, previous: [A] });
  });

  it('refuses a version that was never published, listing those that were', () => {
    expect(() => rollback('mf-earn', released(A, B), actor, C)).toThrow(`mf-earn has no published version ${C}; published: ${A}, ${B}.`);
  });

  it('refuses when there is nothing before the first release', () => {
    expect(() => rollback('mf-earn', released(A), actor)).toThrow(`mf-earn serves its first release (${A}): there is nothing before it to go back to.`);
  });

  it('refuses when the remote was never released', () => {
    expect(() => rollback('mf-earn', NO_RELEASES, actor)).toThrow('mf-earn has no release to roll back.');
  });

  it('logs every change', () => {
    const { state } = rollback('mf-earn', released(A, B), actor);
    expect(state.log.map((entry) => [entry.action, entry.current])).toEqual([
      ['release', A],
      ['release', B],
      ['rollback', A],
    ]);
  });
});
