import type { ReactNode } from 'react';
import { markArrival, ModuleLoader } from '@rewards/shared/ui/module-loader.tsx';

type SignedInParts = typeof import('./signed-in-parts');

// One load for every slot: the module is fetched once, each slot renders from it.
let loading: Promise<SignedInParts> | null = null;

/** Starts loading the signed-in parts (once); a slot mounted after they arrived renders them at once. */
export function loadSignedInParts(): Promise<SignedInParts> {
  loading ??= markArrival(
    import(/* webpackChunkName: "signed-in" */ './signed-in-parts').catch((error: unknown) => {
      loading = null;
      throw error;
    }),
  );
  return loading;
}

type Props = {
  /** Holds the place while the chunk loads (and if it cannot). */
  placeholder?: ReactNode;
  children: (parts: SignedInParts) => ReactNode;
};

/** A part of the shell only signed-in users have, rendered once its chunk is there. */
export function SignedInSlot({ placeholder = null, children }: Props) {
  return (
    <ModuleLoader logAs="The shell's signed-in parts" load={loadSignedInParts} loading={placeholder} failure={() => placeholder}>
      {children}
    </ModuleLoader>
  );
}
