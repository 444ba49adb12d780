import type { Page } from 'playwright-core';

export type SharedModuleUse = { packageName: string; versions: string[]; providers: string[]; usedBy: string[] };

/** What the federation runtime in the page says about each shared module: who provided it, who uses it. */
export async function sharedModuleUse(page: Page): Promise<SharedModuleUse[]> {
  return page.evaluate(() => {
    type ShareEntry = { from: string; useIn: string[] };
    const federation = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>> } })
      .__FEDERATION__;
    const byPackage = new Map<string, { versions: Set<string>; providers: Set<string>; usedBy: Set<string> }>();
    for (const scopes of Object.values(federation.__SHARE__)) {
      for (const packages of Object.values(scopes)) {
        for (const [packageName, versions] of Object.entries(packages)) {
          const use = byPackage.get(packageName) ?? { versions: new Set(), providers: new Set(), usedBy: new Set() };
          for (const [version, entry] of Object.entries(versions)) {
            use.versions.add(version);
            use.providers.add(entry.from);
            for (const user of entry.useIn) use.usedBy.add(user);
          }
          byPackage.set(packageName, use);
        }
      }
    }
    return [...byPackage.entries()].map(([packageName, use]) => ({
      packageName,
      versions: [...use.versions],
      providers: [...use.providers],
      usedBy: [...use.usedBy],
    }));
  });
}
