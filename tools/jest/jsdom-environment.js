// jsdom lacks fetch and friends; hand it Node's, with Request resolving relative URLs against the page.
const JsdomEnvironment = require('jest-environment-jsdom').default;
const { TextEncoder, TextDecoder } = require('node:util');

class JsdomWithFetchEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup();
    const global = this.global;
    const NodeRequest = globalThis.Request;
    class PageRequest extends NodeRequest {
      constructor(input, init) {
        const resolved = typeof input === 'string' || input instanceof URL ? new URL(String(input), global.location.href) : input;
        super(resolved, init);
      }
    }
    Object.assign(global, {
      fetch: (input, init) => globalThis.fetch(input instanceof NodeRequest ? input : new PageRequest(input, init)),
      Request: PageRequest,
      Response: globalThis.Response,
      Headers: globalThis.Headers,
      AbortController: globalThis.AbortController,
      AbortSignal: globalThis.AbortSignal,
      TextEncoder,
      TextDecoder,
      structuredClone: globalThis.structuredClone,
    });
  }
}

module.exports = JsdomWithFetchEnvironment;
