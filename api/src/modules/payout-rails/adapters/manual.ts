import type { RailDefinition } from '../rail';

/**
 * Manual payouts: an operator pays outside the site and marks the cashout paid (`pnpm ops cashouts:approve`).
 * Not automatic: the worker never sends through it, so `send` and `status` are never called in practice;
 * they answer that an operator must act.
 */
export const manual: RailDefinition = {
  name: 'manual',
  title: 'Manual (an operator pays and marks it)',
  docs: 'docs/money.md#cashing-out',
  methods: 'all',
  automatic: false,
  settings: [],
  create: () => ({
    send: async () => ({ kind: 'failed', reason: 'The manual rail does not send: an operator pays and marks the cashout.' }),
    status: async () => ({ kind: 'unreachable', reason: 'The manual rail has no provider to ask.' }),
  }),
};
