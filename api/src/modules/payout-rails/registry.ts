import { coinbase } from './adapters/coinbase';
import { manual } from './adapters/manual';
import { paypal } from './adapters/paypal';
import { simulated } from './adapters/simulated';
import { tremendous } from './adapters/tremendous';
import type { PayoutRail, RailConfig, RailDefinition, RailTools } from './rail';

/** The rails. A new one: its file in adapters/ (see rail.ts) and one line here. */
export const RAIL_DEFINITIONS: readonly RailDefinition[] = [manual, simulated, paypal, tremendous, coinbase];

/** What every payout method uses unless `PAYOUT_RAIL_<METHOD>` says otherwise. */
export const DEFAULT_RAIL = manual.name;

export function railDefinition(name: string, definitions: readonly RailDefinition[] = RAIL_DEFINITIONS): RailDefinition | undefined {
  return definitions.find((definition) => definition.name === name);
}

export function railNames(definitions: readonly RailDefinition[] = RAIL_DEFINITIONS): string[] {
  return definitions.map((definition) => definition.name);
}

/** Whether `definition` may pay `method`. */
export function railPays(definition: RailDefinition, method: string): boolean {
  return definition.methods === 'all' || (definition.methods as readonly string[]).includes(method);
}

/** The rail built with its configuration; throws for a name the registry does not know. */
export function createRail(name: string, config: RailConfig, tools: RailTools, definitions: readonly RailDefinition[] = RAIL_DEFINITIONS): PayoutRail {
  const definition = railDefinition(name, definitions);
  if (!definition) throw new Error(`Unknown payout rail "${name}"`);
  return definition.create(config, tools);
}
