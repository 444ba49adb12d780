import type { PayoutMethodName } from '@rewards/shared/contracts/cashout-types';
import { PAYOUT_METHOD_NAMES } from '@rewards/shared/contracts/payout-methods';
import type { RailConfig, RailDefinition } from './rail';
import { DEFAULT_RAIL, RAIL_DEFINITIONS, railDefinition, railPays } from './registry';

/** The rules under which a cashout goes to its rail without review (AUTO_PAYOUT_*). */
export type InstantPayoutRules = {
  /** AUTO_PAYOUT_MAX_DOLLARS in coins: the largest instant cashout. */
  maxCoins: number;
  /** AUTO_PAYOUT_MIN_ACCOUNT_HOURS: how old an account must be. */
  minAccountHours: number;
  /** AUTO_PAYOUT_DAILY_DOLLARS in coins: a user's instant cashouts per UTC day, this one included. */
  dailyCoins: number;
};

export type PayoutsConfig = {
  /** Payout method → the name of the rail that pays it (PAYOUT_RAIL_<METHOD>, default manual). */
  rails: Readonly<Record<PayoutMethodName, string>>;
  /** Rail name → its base URL and settings (PAYOUT_<RAIL>_BASE_URL, PAYOUT_<RAIL>_<SETTING>). */
  railConfigs: Readonly<Record<string, RailConfig>>;
  instant: InstantPayoutRules;
  /** PAYOUT_RETRY_LIMIT: tries of a cashout before it waits for an operator. */
  retryLimit: number;
};

/** The environment names of the two families, as the configuration table shows them. */
export const RAIL_OF_METHOD_FAMILY = 'PAYOUT_RAIL_<METHOD>';
export const RAIL_SETTING_FAMILY = 'PAYOUT_<RAIL>_<SETTING>';
const RAIL_OF_METHOD_PREFIX = 'PAYOUT_RAIL_';
const BASE_URL = 'BASE_URL';

const railPrefix = (definition: RailDefinition) => `PAYOUT_${definition.name.toUpperCase()}_`;

/** `PAYOUT_RAIL_<METHOD>` variables gathered as { METHOD: value } (blank: unset). */
export function railOfMethodVariables(env: Record<string, string | undefined>): Record<string, string> {
  const gathered: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith(RAIL_OF_METHOD_PREFIX) || value === undefined || value.trim() === '') continue;
    gathered[name.slice(RAIL_OF_METHOD_PREFIX.length)] = value.trim();
  }
  return gathered;
}

/** `PAYOUT_<RAIL>_<SETTING>` variables of the rails the registry knows, gathered as { RAIL_SETTING: value }. */
export function railSettingVariables(env: Record<string, string | undefined>, definitions: readonly RailDefinition[] = RAIL_DEFINITIONS): Record<string, string> {
  const gathered: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith(RAIL_OF_METHOD_PREFIX) || value === undefined || value.trim() === '') continue;
    if (definitions.some((definition) => name.startsWith(railPrefix(definition)) && name.length > railPrefix(definition).length)) {
      gathered[name.slice('PAYOUT_'.length)] = value.trim();
    }
  }
  return gathered;
}

/** Problems of those variables, one line each naming the variable: an unknown method or rail, a rail that cannot pay the method, an unknown setting. */
export function railVariableProblems(
  railsOfMethods: Record<string, string>,
  settings: Record<string, string>,
  definitions: readonly RailDefinition[] = RAIL_DEFINITIONS,
): string[] {
  const problems: string[] = [];
  const names = definitions.map((definition) => definition.name);
  for (const [methodKey, railName] of Object.entries(railsOfMethods)) {
    const variable = `${RAIL_OF_METHOD_PREFIX}${methodKey}`;
    const method = methodKey.toLowerCase();
    if (!(PAYOUT_METHOD_NAMES as readonly string[]).includes(method)) {
      problems.push(`${variable}: "${methodKey}" is not a payout method; use one of ${PAYOUT_METHOD_NAMES.map((name) => name.toUpperCase()).join(', ')}`);
      continue;
    }
    const definition = railDefinition(railName.toLowerCase(), definitions);
    if (!definition) problems.push(`${variable} must be one of ${names.join(', ')}, got "${railName}"`);
    else if (!railPays(definition, method)) problems.push(`${variable}: the ${definition.name} rail does not pay ${method}`);
  }
  for (const [key, value] of Object.entries(settings)) {
    const definition = definitions.find((candidate) => `PAYOUT_${key}`.startsWith(railPrefix(candidate)));
    if (!definition) continue;
    const setting = `PAYOUT_${key}`.slice(railPrefix(definition).length);
    if (setting === BASE_URL) {
      if (!/^https?:\/\/[^\s/]+/.test(value)) problems.push(`PAYOUT_${key} must be a URL starting with https:// or http://`);
    } else if (!definition.settings.some((known) => known.name === setting)) {
      const known = [BASE_URL, ...definition.settings.map((item) => item.name)];
      problems.push(`PAYOUT_${key}: ${setting} is not a setting of the ${definition.name} rail; use one of ${known.join(', ')}`);
    }
  }
  return problems;
}

/** The rails of every method and each rail's configuration. */
export function payoutRailsOf(
  railsOfMethods: Record<string, string>,
  settings: Record<string, string>,
  definitions: readonly RailDefinition[] = RAIL_DEFINITIONS,
): Pick<PayoutsConfig, 'rails' | 'railConfigs'> {
  const rails = Object.fromEntries(
    PAYOUT_METHOD_NAMES.map((method) => [method, (railsOfMethods[method.toUpperCase()] ?? DEFAULT_RAIL).toLowerCase()]),
  ) as Record<PayoutMethodName, string>;
  const railConfigs: Record<string, RailConfig> = {};
  for (const definition of definitions) {
    const prefix = railPrefix(definition).slice('PAYOUT_'.length);
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(settings)) {
      if (key.startsWith(prefix) && key !== `${prefix}${BASE_URL}`) values[key.slice(prefix.length)] = value;
    }
    const baseUrl = (settings[`${prefix}${BASE_URL}`] ?? definition.defaultBaseUrl ?? '').replace(/\/+$/, '');
    railConfigs[definition.name] = { baseUrl, values };
  }
  return { rails, railConfigs };
}

/**
 * What production refuses of the payout rails: a development-only rail (simulated pays nobody), and an
 * automatic rail without a required setting or still on its sandbox address (the default, for development). One line per problem, each naming its variable.
 */
export function payoutRefusals(config: Pick<PayoutsConfig, 'rails' | 'railConfigs'>, definitions: readonly RailDefinition[] = RAIL_DEFINITIONS): string[] {
  const problems: string[] = [];
  const variablesByRail = new Map<RailDefinition, string[]>();
  for (const [method, railName] of Object.entries(config.rails)) {
    const definition = railDefinition(railName, definitions);
    if (!definition?.automatic) continue;
    const variable = `${RAIL_OF_METHOD_PREFIX}${method.toUpperCase()}`;
    if (definition.developmentOnly) {
      problems.push(`${variable}=${definition.name} is for development only (it pays nobody): choose a provider's rail or manual`);
      continue;
    }
    variablesByRail.set(definition, [...(variablesByRail.get(definition) ?? []), variable]);
  }
  for (const [definition, variables] of variablesByRail) {
    const users = `${variables.join(', ')}=${definition.name}`;
    const railConfig = config.railConfigs[definition.name];
    if (!railConfig?.baseUrl) problems.push(`${railPrefix(definition)}${BASE_URL} is missing: ${users} needs the provider's API address`);
    else if (railConfig.baseUrl === definition.defaultBaseUrl?.replace(/\/+$/, '')) {
      problems.push(`${railPrefix(definition)}${BASE_URL} is the provider's sandbox (the default): ${users} would pay nobody; set the live API address`);
    }
    for (const setting of definition.settings) {
      if (setting.required && railConfig?.values[setting.name] === undefined) {
        problems.push(`${railPrefix(definition)}${setting.name} is missing: ${users} cannot pay without it (${setting.description})`);
      }
    }
  }
  return problems;
}

/** The settings of every rail, as the configuration table lists them. */
export function railSettingsDoc(definitions: readonly RailDefinition[] = RAIL_DEFINITIONS): string {
  const withSettings = definitions.filter((definition) => definition.automatic);
  return withSettings
    .map((definition) => {
      const names = [BASE_URL, ...definition.settings.map((setting) => setting.name)].map((name) => `\`${railPrefix(definition)}${name}\``);
      return `${definition.name}: ${names.join(', ')}`;
    })
    .join('; ');
}
