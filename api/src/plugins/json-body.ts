import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), except that an empty body with the JSON
 * content type counts as no body: plain clients send the header on every call, with or without a body.
 */
export function readEmptyJsonAsNoBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, String(body), done);
  });
}
