import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../account/mailer';
import { auditRoutes } from './audit';
import { cashoutRoutes } from './cashouts';
import { consoleSessionRoutes } from './console-session';
import { contentRoutes } from './content-routes';
import { staffGate } from './gate';
import { messageRoutes } from './messages-routes';
import { overviewRoutes } from './overview';
import { postbackRoutes } from './postbacks';
import { referralRoutes } from './referrals';
import { staffCommandRunner } from './run-command';
import { staffRoutes } from './staff-routes';
import { ticketRoutes } from './tickets';
import { userRoutes } from './users';

export type AdminPluginOptions = {
  mailer: Mailer;
  appSecret: string;
  publicUrl: string | undefined;
  /** Where the repository's content files are (what the site shows of a file never published). */
  repoRoot: string;
  /** Tells the other instances that the marketing content changed (contentAnnouncer); none: they notice within a second. */
  announceContent?: () => Promise<void>;
};

/**
 * The staff console's API under /api/admin. For anyone who is not staff every path answers the site's 404;
 * each route names the roles that may use it (staffGate). Changes run the ops commands themselves.
 */
export const adminPlugin: FastifyPluginAsync<AdminPluginOptions> = async (app, { mailer, appSecret, publicUrl, repoRoot, announceContent }) => {
  app.decorateRequest('staff', null);
  app.addHook('preValidation', staffGate(app, { publicUrl }));
  const run = staffCommandRunner(app, { mailer, siteUrl: publicUrl, announceContent });
  await app.register(consoleSessionRoutes, { mailer, appSecret });
  await app.register(overviewRoutes);
  await app.register(userRoutes, { run });
  await app.register(cashoutRoutes, { run });
  await app.register(ticketRoutes, { run });
  await app.register(postbackRoutes, { run });
  await app.register(referralRoutes, { run });
  await app.register(messageRoutes);
  await app.register(auditRoutes);
  await app.register(staffRoutes, { run });
  await app.register(contentRoutes, { run, repoRoot });
};
