import type { FastifyInstance } from 'fastify';

/** Lets the routes of this plugin scope take HTML-form bodies, as a flat object of strings (the last of a repeated name). */
export function acceptFormBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
