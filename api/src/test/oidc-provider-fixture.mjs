// A local OpenID provider (oidc-provider) for the Google sign-in tests, run as a child process because
// oidc-provider is ESM only. Prints {"issuer": "..."} once listening. The test says who signs in next with
// `PUT /__next-account` (JSON claims); the login and consent screens are skipped for that account.
import { createServer } from 'node:http';
import { Provider } from 'oidc-provider';

const redirectUri = process.env.REDIRECT_URI;
const clientId = process.env.CLIENT_ID;
const clientSecret = process.env.CLIENT_SECRET;
if (!redirectUri || !clientId || !clientSecret) throw new Error('REDIRECT_URI, CLIENT_ID and CLIENT_SECRET are required');

const accounts = new Map();
let nextAccount;

const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
  cookies: { keys: ['test-only-cookie-key'] },
  features: { devInteractions: { enabled: false } },
  pkce: { required: () => true },
  async findAccount(_ctx, id) {
    const claims = accounts.get(id);
    return claims ? { accountId: id, claims: async () => ({ ...claims, sub: id }) } : undefined;
  },
});

provider.use(async (ctx, next) => {
  if (ctx.method === 'PUT' && ctx.path === '/__next-account') {
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    const claims = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    accounts.set(claims.sub, claims);
    nextAccount = claims.sub;
    ctx.status = 204;
    return;
  }
  if (ctx.method === 'GET' && ctx.path.startsWith('/interaction/')) {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    let result;
    if (details.prompt.name === 'login') {
      result = { login: { accountId: nextAccount } };
    } else {
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
      grant.addOIDCScope(String(details.params.scope));
      result = { consent: { grantId: await grant.save() } };
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(returnTo);
    return;
  }
  await next();
});

server.on('request', provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
