import { EMBEDS, type EmbedName } from '@rewards/shared/contracts/embeds';
import { hostEmbedSlots } from '@rewards/shared/contracts/federated-modules';
// By package name: the host already provides the loader and its notices, a remote need not bundle them again.
import { FederatedModule, type FederatedModuleProps } from '@rewards/shared/ui/federated-module.tsx';

type Props = Omit<FederatedModuleProps<Record<string, never>>, 'exposed' | 'props' | 'loader' | 'placement' | 'onDismiss'> & {
  name: EmbedName;
};

/**
 * Another remote's section in this page (partner walls on the home page, withdrawals in the profile), from
 * whichever remote the runtime config's `embeds` names: nothing at all when the config leaves it out.
 */
export function Embed({ name, ...area }: Props) {
  const configured = hostEmbedSlots();
  // A host that gave no `embeds` (an older runtime config, a remote running alone) gets the built-in ones.
  const exposed = configured ? configured[name] : EMBEDS[name];
  return exposed ? <FederatedModule exposed={exposed} {...area} /> : null;
}
