import type { JSXElementConstructor } from 'react';

/** What a component's props are; a component that takes none takes an empty object. */
type PropsOf<C> = C extends JSXElementConstructor<infer P> ? (unknown extends P ? Record<string, never> : P) : never;

/**
 * The props of the default export of a remote's exposed module, from the module's published type
 * (`import type * as PartnerWalls from 'mf_earn/partner-walls'`, resolved to the remote's `dist/@mf-types/`):
 * a consumer that mounts it passes exactly these, so a remote whose component wants other props fails the
 * consumer's type check. `never` for a module whose default export is no component.
 */
export type ExposedProps<M> = M extends { default: infer C } ? PropsOf<C> : never;
