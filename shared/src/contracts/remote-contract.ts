/**
 * What a remote's exposed modules must be for the shell and the other remotes to load them: checked at the
 * remote's build (tools/rspack/contract-check-plugin.ts) against the modules as they really load, so a
 * remote that breaks the contract fails its own build instead of the page.
 */
import { EMBEDS } from './embeds';
import { parseExposed } from './federated-modules';
import { ROUTE_AUDIENCES } from './remote-routes';
import { DEFAULT_FOOTER_SLOT, DEFAULT_MODAL_SLOTS } from './slots';

/** The shell loads every remote's route table under this name. */
export const ROUTES_MODULE = './routes';

/** Exposed name (`./routes`) → the module as an import gives it (its namespace: `default` and named exports). */
export type LoadedExposes = Record<string, unknown>;

type Consumer = { exposed: string; loadedAs: string };

/** The modules other parts of the site load by name: cross-remote embeds and the shell's modal slots. */
function consumersOf(containerName: string): Consumer[] {
  const consumers: Consumer[] = [
    ...Object.entries(EMBEDS).map(([key, exposed]) => ({ exposed, loadedAs: `EMBEDS.${key} in @rewards/shared/contracts/embeds` })),
    ...Object.entries(DEFAULT_MODAL_SLOTS).map(([slot, exposed]) => ({ exposed, loadedAs: `the shell's ${slot} modal slot` })),
    { exposed: DEFAULT_FOOTER_SLOT, loadedAs: "the shell's footer slot" },
  ];
  return consumers.filter(({ exposed }) => parseExposed(exposed)?.[0] === containerName);
}

const COMPONENT_TYPES = new Set([Symbol.for('react.lazy'), Symbol.for('react.memo'), Symbol.for('react.forward_ref')]);

/** A function or class component, or what `lazy`, `memo` and `forwardRef` return. */
export function isComponentType(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (typeof value !== 'object' || value === null) return false;
  return COMPONENT_TYPES.has((value as { $$typeof?: symbol }).$$typeof as symbol);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function defaultExportOf(loaded: unknown): unknown {
  return isRecord(loaded) ? loaded.default : undefined;
}

function routeProblems(table: unknown): string[] {
  if (!Array.isArray(table)) return [`${ROUTES_MODULE}: the default export must be an array of routes (RemoteRoute[])`];
  const problems: string[] = [];
  const seenPaths = new Map<string, number>();
  table.forEach((route: unknown, index) => {
    const label = isRecord(route) && typeof route.path === 'string' ? `${ROUTES_MODULE}[${index}] (${route.path})` : `${ROUTES_MODULE}[${index}]`;
    if (!isRecord(route)) {
      problems.push(`${label}: must be an object with path, Component, meta and audience`);
      return;
    }
    if (typeof route.path !== 'string' || !/^\/\S*$/.test(route.path)) {
      problems.push(`${label}: path must be a string starting with "/" and without spaces`);
    } else {
      // The shell matches paths case-insensitively: two that differ only in case are one route.
      const key = route.path.toLowerCase();
      const first = seenPaths.get(key);
      if (first !== undefined) problems.push(`${label}: path repeats ${ROUTES_MODULE}[${first}]`);
      else seenPaths.set(key, index);
    }
    if (!isComponentType(route.Component)) problems.push(`${label}: Component must be a React component (a function, class or lazy())`);
    if (route.prefetch !== undefined && typeof route.prefetch !== 'function') problems.push(`${label}: prefetch must be a function or left out`);
    if (route.prefetchBeforeSession !== undefined && typeof route.prefetchBeforeSession !== 'boolean') {
      problems.push(`${label}: prefetchBeforeSession must be true, false or left out`);
    }
    if (!(ROUTE_AUDIENCES as readonly unknown[]).includes(route.audience)) {
      problems.push(`${label}: audience must be one of ${ROUTE_AUDIENCES.map((audience) => `"${audience}"`).join(', ')}`);
    }
    const meta = route.meta;
    if (!isRecord(meta)) {
      problems.push(`${label}: meta must be an object with title and description`);
      return;
    }
    if (typeof meta.title !== 'string' || meta.title.trim() === '') problems.push(`${label}: meta.title must be a non-empty string`);
    if (typeof meta.description !== 'string' || meta.description.trim() === '') {
      problems.push(`${label}: meta.description must be a non-empty string`);
    }
    if (meta.noindex !== undefined && typeof meta.noindex !== 'boolean') problems.push(`${label}: meta.noindex must be true, false or left out`);
  });
  return problems;
}

/**
 * Every way `containerName`'s exposed modules break the contract; empty when they keep it. `./routes` must be
 * a route table; every other exposed module is mounted by the shell or another remote, so its default export
 * must be a component; and every module the site loads from this remote by name must be exposed.
 */
export function remoteContractProblems(containerName: string, loaded: LoadedExposes): string[] {
  const problems: string[] = [];
  if (!(ROUTES_MODULE in loaded)) problems.push(`must expose ${ROUTES_MODULE}: the shell loads every remote's route table`);
  for (const { exposed, loadedAs } of consumersOf(containerName)) {
    const name = `./${parseExposed(exposed)![1]}`;
    if (!(name in loaded)) problems.push(`must expose ${name}: it is loaded as ${exposed} (${loadedAs})`);
  }
  for (const [name, module] of Object.entries(loaded)) {
    if (name === ROUTES_MODULE) problems.push(...routeProblems(defaultExportOf(module)));
    else if (!isComponentType(defaultExportOf(module))) {
      problems.push(`${name}: the default export must be a React component (the shell and other remotes mount it)`);
    }
  }
  return problems;
}
