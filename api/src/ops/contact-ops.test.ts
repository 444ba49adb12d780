import { useTestApp } from '../test/build-test-app';
import { runOpsCapturing } from '../test/ops-test-kit';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`ops contact:list on ${kind}`, () => {
  const { database, app } = useTestApp();

  const ops = (...argv: string[]) => runOpsCapturing(database(), argv);

  function send(subject: string, email: string, message = 'Hello') {
    return app().inject({ method: 'POST', url: '/api/contact', payload: { name: 'Grace Hopper', email, subject, message } });
  }

  it('says so when there are no messages', async () => {
    expect(await ops('contact:list')).toMatchObject({ code: 0, out: 'No contact messages.' });
  });

  it('lists messages newest first with date, email and subject, and the message below', async () => {
    await send('First question', 'first@example.com');
    await send('Second question', 'second@example.com', 'Line one\nLine two');
    const { code, out } = await ops('contact:list');
    expect(code).toBe(0);
    const second = out.indexOf('second@example.com');
    const first = out.indexOf('first@example.com');
    expect(second).toBeGreaterThanOrEqual(0);
    expect(first).toBeGreaterThan(second);
    expect(out).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z +second@example\.com +Second question +Grace Hopper +Line one Line two/);
    expect(out).toMatch(/2 messages$/);
  });

  it('--limit shows the newest n', async () => {
    const { code, out } = await ops('contact:list', '--limit', '1');
    expect(code).toBe(0);
    expect(out).toContain('Second question');
    expect(out).not.toContain('First question');
    expect(out).toMatch(/1 message \(the newest 1; --limit shows more\)$/);
  });

  it('--json gives every message whole, for scripts', async () => {
    const { code, out } = await ops('contact:list', '--json');
    expect(code).toBe(0);
    const { ok, result } = JSON.parse(out) as { ok: boolean; result: Array<{ email: string; message: string }> };
    expect(ok).toBe(true);
    expect(result.map((row) => row.email)).toEqual(['second@example.com', 'first@example.com']);
    expect(result[0]!.message).toBe('Line one\nLine two');
  });

  it.each([[['--limit']], [['--limit', '0']], [['--limit', 'ten']], [['--since', '1']], [['--reason', 'why']]])('refuses %j with the usage (exit 2)', async (args) => {
    const { code, err } = await ops('contact:list', ...args);
    expect(code).toBe(2);
    expect(err).toContain('Usage: pnpm ops contact:list [--limit <n>]');
  });
});
