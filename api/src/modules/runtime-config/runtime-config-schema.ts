import { z } from 'zod';
import type { EmbedName } from '@rewards/shared/contracts/embeds';
import type { RuntimeConfig } from '@rewards/shared/contracts/runtime-config';
import { LOCALES, PSEUDO_LOCALE } from '@rewards/shared/i18n/locales';

const path = z.string().startsWith('/', { message: 'must start with /' });
const exposedModule = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\/[\w./-]+$/, { message: 'must be remoteName/exposedModule' });

/** Validates an operator's RUNTIME_CONFIG_FILE against the shared contract. */
export const runtimeConfigSchema: z.ZodType<RuntimeConfig> = z.object({
  apiBase: z.string().min(1),
  remotes: z.array(
    z.object({
      name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'must be a federation container name' }),
      manifest: z.string().min(1),
      routes: z.array(path),
      version: z.string().min(1).optional(),
      staffOnly: z.boolean().optional(),
    }),
  ),
  modals: z.object({ auth: exposedModule, settings: exposedModule, invite: exposedModule, notifications: exposedModule.optional() }),
  realtime: z.object({
    key: z.string().min(1),
    cluster: z.string().min(1),
    wsHost: z.string(),
    wsPort: z.number().int().min(0).max(65535),
    forceTLS: z.boolean(),
    channel: z.string().min(1),
  }),
  remoteTimeoutMs: z.number().int().positive(),
  footer: exposedModule.optional(),
  verifyEmailBanner: exposedModule.optional(),
  embeds: z
    .object({
      partnerWalls: exposedModule.optional(),
      featuredSurveys: exposedModule.optional(),
      withdrawalsPanel: exposedModule.optional(),
      earningsHistory: exposedModule.optional(),
    } satisfies Record<EmbedName, z.ZodTypeAny>)
    .optional(),
  languages: z.array(z.enum([...LOCALES, PSEUDO_LOCALE])).min(1).optional(),
  telemetry: z.object({ sampleRate: z.number().min(0).max(1) }).optional(),
});
