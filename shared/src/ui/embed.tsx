import { EMBEDS, type EmbedName } from '@rewards/shared/contracts/embeds';
import type { ExposedProps } from '@rewards/shared/contracts/exposed-module-types';
import { hostEmbedSlots } from '@rewards/shared/contracts/federated-modules';
// By package name: the host already provides the loader and its notices, a remote need not bundle them again.
import { FederatedModule, type FederatedModuleProps } from '@rewards/shared/ui/federated-module.tsx';

type Props<M> = Omit<FederatedModuleProps<object>, 'exposed' | 'props' | 'loader' | 'placement' | 'onDismiss'> & {
  name: EmbedName;
  /** The props of the embedded component, as its remote's published types say (`ExposedProps`). */
  props: ExposedProps<M>;
};

/**
 * Another remote's section in this page (partner walls on the home page, withdrawals in the profile), from
 * whichever remote the runtime config's `embeds` names: nothing at all when the config leaves it out. `M` is
 * the published type of the module the built-in config names (`import type * as PartnerWalls from
 * 'mf_earn/partner-walls'`; `Embed<typeof PartnerWalls>`): without it no props type-check.
 */
export function Embed<M = never>({ name, props, ...area }: Props<M>) {
  const configured = hostEmbedSlots();
  // A host that gave no `embeds` (an older runtime config, a remote running alone) gets the built-in ones.
  const exposed = configured ? configured[name] : EMBEDS[name];
  return exposed ? <FederatedModule<object> exposed={exposed} props={props as object} {...area} /> : null;
}
