import fp from 'fastify-plugin';
import { formatProblems } from '@rewards/shared/content/content-check';
import { contentHash } from '@rewards/shared/content/content-hash';
import { isContentFile } from '@rewards/shared/content/content-schemas';
import { etagMatches } from '../../plugins/cache-policy';
import type { PublishedContentSource } from '../../plugins/prerendered-page';
import type { RedisTarget } from '../../change-signal';
import { createBuildViews } from './build-view';
import { subscribeContentChanges } from './content-events';
import { createPublishedContentState, type PublishedContentState } from './published-state';
import { readRepositoryFile } from './repository-files';
import { checkedContent, ContentRefused, recordRepositoryContent } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    content: {
      /** What is published now (re-read within a second of a publish anywhere, at once with Redis or here). */
      state: PublishedContentState;
      /** What that changes in the pages of a build of mf-marketing: the static site's `publishedContent`. */
      views: PublishedContentSource;
    };
  }
}

export type ContentPluginOptions = {
  repoRoot: string;
  /** Where publishes by other processes are announced (several instances); undefined: noticed within a second. */
  redis?: RedisTarget;
  /** How often the newest version is re-read without a signal (tests shorten or lengthen it). */
  recheckMs?: number;
};

/**
 * The marketing content published without a release: the repository's files recorded as versions at start,
 * what is published held in memory for the pages (`app.content`), and `GET /api/content/<file>`.
 */
export const contentPlugin = fp<ContentPluginOptions>(
  async (app, { repoRoot, redis, recheckMs }) => {
    try {
      const { recorded, refused } = await app.db.transaction((tx) => recordRepositoryContent(tx, repoRoot));
      if (recorded.length > 0) app.log.info(`content: the repository's ${recorded.map((version) => version.file).join(', ')} recorded as versions ${recorded.map((version) => version.version).join(', ')}`);
      if (refused.length > 0) app.log.error(`content: repository files refused by their schema, not recorded:\n${formatProblems(refused)}`);
    } catch (error) {
      // The pages show what their build bundled (the repository's files) until the database answers.
      app.log.error({ err: error }, "content: the repository's files could not be recorded as versions");
    }

    const state = createPublishedContentState({ db: app.db, log: app.log, recheckMs });
    app.addHook('onClose', async () => state.close());
    if (redis) {
      const unsubscribe = await subscribeContentChanges(redis, () => state.invalidate(), app.log);
      app.addHook('onClose', unsubscribe);
    }
    app.decorate('content', { state, views: createBuildViews({ state, log: app.log }) });

    await app.register(
      async (routes) => {
        /**
         * A content file as published now, for scripts, other hosts and the console (the site's own pages get it
         * inside the page): the newest version, else the repository's file. `ETag` is its content hash.
         */
        routes.get<{ Params: { '*': string } }>('/content/*', async (request, reply) => {
          const file = request.params['*'];
          if (!isContentFile(file)) return reply.callNotFound();
          const published = (await state.current()).files.get(file);
          let value: unknown;
          let hash: string;
          if (published) {
            ({ value, hash } = published);
          } else {
            const text = await readRepositoryFile(repoRoot, file);
            if (text === null) return reply.callNotFound();
            try {
              value = checkedContent(file, text);
            } catch (error) {
              if (error instanceof ContentRefused) return reply.callNotFound();
              throw error;
            }
            hash = contentHash(value);
          }
          const etag = `"${hash.slice(0, 32)}"`;
          reply.header('etag', etag).header('cache-control', 'no-cache').header('content-version', String(published?.version ?? 0));
          if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
          return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
        });
      },
      { prefix: '/api' },
    );
  },
  { name: 'content', dependencies: ['database'] },
);
