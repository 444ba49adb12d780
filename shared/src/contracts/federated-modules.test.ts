import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EMBEDS } from './embeds';
import { loadExposedModule, parseExposed, provideRemoteModuleLoader } from './federated-modules';

const repositoryRoot = path.resolve(__dirname, '..', '..', '..');
const CONTAINER_FOLDERS: Record<string, string> = { mf_earn: 'mf-earn', mf_cashout: 'mf-cashout' };

describe('cross-remote embeds', () => {
  afterEach(() => provideRemoteModuleLoader(null));

  it.each(Object.values(EMBEDS))('%s is a module its remote exposes', (embed) => {
    const [remoteName, exposedModule] = parseExposed(embed)!;
    // The remote's federation.cjs names what it exposes; its rspack config and its published types read it.
    const federation = jest.requireActual<{ name: string; exposes: Record<string, string> }>(
      path.join(repositoryRoot, CONTAINER_FOLDERS[remoteName]!, 'federation.cjs'),
    );
    expect(federation.name).toBe(remoteName);
    expect(Object.keys(federation.exposes)).toContain(`./${exposedModule}`);
  });

  it('loads `remote/module` through the loader the host provided', async () => {
    const loader = jest.fn().mockResolvedValue({ default: 'component' });
    provideRemoteModuleLoader(loader);
    await expect(loadExposedModule(EMBEDS.withdrawalsPanel)).resolves.toEqual({ default: 'component' });
    expect(loader).toHaveBeenCalledWith('mf_cashout', 'withdrawals-panel');
  });

  it('rejects with a clear error when no host provided a loader', async () => {
    await expect(loadExposedModule(EMBEDS.partnerWalls)).rejects.toThrow(
      'Cannot load mf_earn/partner-walls: no host provided a federation loader (is this remote running standalone?)',
    );
  });

  it('rejects a name that is not `remote/module`', async () => {
    provideRemoteModuleLoader(jest.fn());
    await expect(loadExposedModule('partner-walls')).rejects.toThrow('is not an exposed module name');
    expect(parseExposed('mf_earn/')).toBeNull();
    expect(parseExposed('mf-earn/partner-walls')).toBeNull();
  });

  it('is reached by package name from FederatedModule, so a remote\'s copy finds the host\'s loader', () => {
    // Relative imports inside @rewards/shared are bundled per remote; only package-name imports are shared.
    const component = readFileSync(path.join(__dirname, '..', 'ui', 'federated-module.tsx'), 'utf8');
    expect(component).toMatch(/from '@rewards\/shared\/contracts\/federated-modules'/);
    expect(component).not.toMatch(/from '\.\.\/contracts\/federated-modules'/);
  });
});
