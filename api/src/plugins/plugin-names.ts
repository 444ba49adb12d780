import type { FastifyInstance } from 'fastify';

const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives every plugin registered on `app` or inside it a name before Fastify looks for one. A plugin without a
 * name (not wrapped by fastify-plugin) is otherwise looked up in every loaded module's exports: cheap in a
 * server, but under jest `require.cache` walks the whole module registry, about 1 ms per plugin and 60 ms
 * per app, which the API's tests build some thousands of times. The name is the function's, as Fastify would
 * find it in the end (an unnamed arrow function is left to Fastify).
 */
export function namePluginsOnRegister(app: FastifyInstance): void {
  const register = app.register;
  const registerNamed = function (this: FastifyInstance, plugin: unknown, options?: unknown) {
    if (typeof plugin === 'function' && plugin.name && !(DISPLAY_NAME in plugin)) Object.defineProperty(plugin, DISPLAY_NAME, { value: plugin.name });
    return Reflect.apply(register, this, [plugin, options]);
  };
  // Child scopes are made from the root instance and so share this register.
  app.register = registerNamed as FastifyInstance['register'];
}
