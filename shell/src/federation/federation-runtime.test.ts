import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { EMBEDS } from '@rewards/shared/contracts/embeds';
import { loadExposedModule, provideRemoteModuleLoader } from '@rewards/shared/contracts/federated-modules';
import { testRuntimeConfig } from '../test/runtime-config';
import { initFederation } from './federation-runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));

describe('initFederation', () => {
  afterEach(() => provideRemoteModuleLoader(null));

  it('registers the remotes of the runtime config', () => {
    initFederation(testRuntimeConfig);
    expect(registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'mf_earn', entry: '/remotes/mf-earn/mf-manifest.json' }]),
    );
  });

  it('lets remotes load each other\'s exposed modules through the shell\'s runtime', async () => {
    const partnerWalls = { default: () => null };
    jest.mocked(loadRemote).mockResolvedValue(partnerWalls);
    initFederation(testRuntimeConfig);
    await expect(loadExposedModule(EMBEDS.partnerWalls)).resolves.toBe(partnerWalls);
    expect(loadRemote).toHaveBeenCalledWith('mf_earn/partner-walls');
  });

  it('rejects when the remote answers nothing', async () => {
    jest.mocked(loadRemote).mockResolvedValue(undefined);
    initFederation(testRuntimeConfig);
    await expect(loadExposedModule(EMBEDS.withdrawalsPanel)).rejects.toThrow('mf_cashout/withdrawals-panel is unavailable');
  });
});
