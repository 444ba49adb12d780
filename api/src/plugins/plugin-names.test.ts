import Fastify, { type FastifyInstance } from 'fastify';
import { namePluginsOnRegister } from './plugin-names';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

describe('namePluginsOnRegister', () => {
  it('names the plugins registered at the root and inside scopes, and Fastify registers them as before', async () => {
    const app = Fastify();
    namePluginsOnRegister(app);
    async function innerRoutes(scope: FastifyInstance) {
      scope.decorate('inner', true);
      scope.get('/inner', async () => ({ inner: scope.hasDecorator('inner') }));
    }
    async function outerRoutes(scope: FastifyInstance) {
      await scope.register(innerRoutes, { prefix: '/nested' });
    }
    await app.register(outerRoutes, { prefix: '/api' });
    await app.ready();

    expect((outerRoutes as unknown as Record<symbol, unknown>)[DISPLAY_NAME]).toBe('outerRoutes');
    expect((innerRoutes as unknown as Record<symbol, unknown>)[DISPLAY_NAME]).toBe('innerRoutes');
    // Encapsulation is Fastify's as ever: the scope's decorator stays in the scope.
    expect(app.hasDecorator('inner')).toBe(false);
    expect((await app.inject({ url: '/api/nested/inner' })).json()).toEqual({ inner: true });
    await app.close();
  });

  it('keeps a name the plugin already has and leaves an unnamed arrow function to Fastify', async () => {
    const app = Fastify();
    namePluginsOnRegister(app);
    const named = Object.assign(async () => {}, { [DISPLAY_NAME]: 'given name' });
    // An array element gets no inferred name, as an arrow function written inside register() has none.
    const [arrow] = [async () => {}];
    expect(arrow!.name).toBe('');
    await app.register(named);
    await app.register(arrow!);
    await app.ready();
    expect(named[DISPLAY_NAME]).toBe('given name');
    expect(DISPLAY_NAME in arrow!).toBe(false);
    await app.close();
  });
});
