import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { buildTestApp } from '../../test/build-test-app';
import { useTestDatabase } from '../../test/test-database';

describe('GET /runtime-config.json: which remote provides each embed', () => {
  const database = useTestDatabase();
  let folder: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'rewards-runtime-config-embeds-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function served(env: Record<string, string> = {}) {
    const app = await buildTestApp({ database: database(), env });
    const response = await app.inject({ method: 'GET', url: '/runtime-config.json' });
    await app.close();
    return response;
  }

  async function documentWith(change: (config: Record<string, unknown>) => void): Promise<string> {
    const config = (await served()).json<Record<string, unknown>>();
    change(config);
    const file = join(folder, `config-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify(config));
    return file;
  }

  it('names the built-in remote of each embed by default', async () => {
    expect((await served()).json<RuntimeConfig>().embeds).toEqual({
      partnerWalls: 'mf_earn/partner-walls',
      featuredSurveys: 'mf_earn/featured-surveys',
      withdrawalsPanel: 'mf_cashout/withdrawals-panel',
      earningsHistory: 'mf_cashout/earnings-history',
    });
  });

  it('serves a RUNTIME_CONFIG_FILE that moves one embed and leaves another out', async () => {
    const file = await documentWith((config) => {
      config.embeds = { partnerWalls: 'mf_walls/offer-walls', withdrawalsPanel: 'mf_cashout/withdrawals-panel' };
    });
    const response = await served({ RUNTIME_CONFIG_FILE: file });
    expect(response.statusCode).toBe(200);
    expect(response.json<RuntimeConfig>().embeds).toEqual({ partnerWalls: 'mf_walls/offer-walls', withdrawalsPanel: 'mf_cashout/withdrawals-panel' });
  });

  it('still serves a file written before embeds existed (the shell then uses the built-in ones)', async () => {
    const file = await documentWith((config) => {
      delete config.embeds;
    });
    const response = await served({ RUNTIME_CONFIG_FILE: file });
    expect(response.statusCode).toBe(200);
    expect(response.json<RuntimeConfig>().embeds).toBeUndefined();
  });

  it.each([
    ['not remote/module', { partnerWalls: 'partner-walls' }],
    ['not a string', { featuredSurveys: 42 }],
    ['not an object', 'mf_earn/partner-walls'],
  ])('refuses a file whose embeds are %s', async (_, embeds) => {
    const file = await documentWith((config) => {
      config.embeds = embeds;
    });
    const response = await served({ RUNTIME_CONFIG_FILE: file });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: 'error', code: 'internal_error', message: 'Runtime configuration unavailable' });
  });
});
