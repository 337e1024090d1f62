// A real OpenID provider for Grove's login tests, on the npm package oidc-provider.
//
// Usage: node provider.mjs <port> [<client auth methods>]   (the package is resolved through
// NODE_PATH; the methods, comma-separated, are what the token endpoint accepts and discovery
// lists as token_endpoint_auth_methods_supported, default oidc-provider's own list)
//
// Issuer http://127.0.0.1:<port>. Public PKCE clients (native, so any loopback port may be
// the redirect): "grove-cli" and "other-app", with the authorization code and device grants.
// Confidential clients (native too, so that Grove's callback on any loopback port is a valid
// redirect), registered when their method is accepted: "grove-confidential-basic" (secret
// "basic-client-secret", client_secret_basic) and "grove-confidential-post" (secret
// "post-client-secret", client_secret_post). PKCE is required of public clients only.
// Test users (login / password): alice / alice-password, bob / bob-password. The login and
// consent pages are plain HTML forms. Prints "ready <issuer>" on standard output once
// listening.

import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.env.NODE_PATH || process.cwd(), 'noop.js'));
const Provider = (await import(require.resolve('oidc-provider'))).default;

const port = Number(process.argv[2]);
const issuer = `http://127.0.0.1:${port}`;
const authMethods = process.argv[3] ? process.argv[3].split(',') : undefined;

const users = {
  alice: { password: 'alice-password', email: 'alice@acme.example', email_verified: true, name: 'Alice Example' },
  bob: { password: 'bob-password', email: 'bob@acme.example', email_verified: false, name: 'Bob Example' },
};

const client = (id) => ({
  client_id: id,
  application_type: 'native',
  token_endpoint_auth_method: 'none',
  redirect_uris: ['http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code'],
  response_types: ['code'],
});

const confidential = (id, secret, method) => ({
  client_id: id,
  client_secret: secret,
  application_type: 'native',
  token_endpoint_auth_method: method,
  redirect_uris: ['http://127.0.0.1/sts/oauth/callback'],
  grant_types: ['authorization_code'],
  response_types: ['code'],
});

const clients = [
  client('grove-cli'),
  client('other-app'),
  confidential('grove-confidential-basic', 'basic-client-secret', 'client_secret_basic'),
  confidential('grove-confidential-post', 'post-client-secret', 'client_secret_post'),
].filter((c) => !authMethods || authMethods.includes(c.token_endpoint_auth_method));

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title, body) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1>${body}</body></html>`;

const provider = new Provider(issuer, {
  clients,
  ...(authMethods ? { clientAuthMethods: authMethods } : {}),
  pkce: { required: (ctx, client) => client.tokenEndpointAuthMethod === 'none' },
  conformIdTokenClaims: false,
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  scopes: ['openid', 'email', 'profile'],
  cookies: { keys: ['grove-test-cookie-key'] },
  features: {
    devInteractions: { enabled: false },
    deviceFlow: {
      enabled: true,
      userCodeInputSource: async (ctx, form, out, err) => {
        ctx.body = page('Device login', `${err ? `<p class="error">${escape(err.message || err.name)}</p>` : ''}${form}<button type="submit" form="op.deviceInputForm">Continue</button>`);
      },
      userCodeConfirmSource: async (ctx, form, client, deviceInfo, userCode) => {
        ctx.body = page('Confirm device', `<p>Code ${escape(userCode)}</p>${form}<button type="submit" form="op.deviceConfirmForm">Continue</button>`);
      },
      successSource: async (ctx) => {
        ctx.body = page('Device logged in', '<p>You can return to your device.</p>');
      },
    },
  },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: async (ctx, id) => {
    const user = users[id];
    if (!user) return undefined;
    return {
      accountId: id,
      claims: async () => ({ sub: id, email: user.email, email_verified: user.email_verified, name: user.name }),
    };
  },
  ttl: { DeviceCode: 600, Interaction: 600, Session: 3600, Grant: 3600, IdToken: 3600, AccessToken: 3600, AuthorizationCode: 60 },
});
provider.proxy = false;

const readForm = (req) =>
  new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk) => {
      data += chunk;
      if (data.length > 65536) reject(new Error('body too large'));
    });
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(data))));
    req.on('error', reject);
  });

const send = (res, status, html) => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
};

const loginPage = (uid, error) =>
  page('Sign in', `${error ? `<p class="error">${escape(error)}</p>` : ''}<form method="post" action="/interaction/${uid}/login"><input type="text" name="login"/><input type="password" name="password"/><button type="submit">Sign in</button></form>`);

const consentPage = (uid, clientId) =>
  page('Authorize', `<p>${escape(clientId)} asks for your identity.</p><form method="post" action="/interaction/${uid}/confirm"><button type="submit">Allow</button></form><form method="post" action="/interaction/${uid}/abort"><button type="submit">Deny</button></form>`);

const interactions = async (req, res) => {
  const [, , uid, action] = new URL(req.url, issuer).pathname.split('/');
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) return send(res, 400, page('Error', '<p>interaction mismatch</p>'));
  if (req.method === 'GET') {
    if (details.prompt.name === 'login') return send(res, 200, loginPage(uid));
    return send(res, 200, consentPage(uid, details.params.client_id));
  }
  if (action === 'login') {
    const form = await readForm(req);
    const user = users[form.login];
    if (!user || user.password !== form.password) return send(res, 200, loginPage(uid, 'Wrong login or password.'));
    return provider.interactionFinished(req, res, { login: { accountId: form.login } }, { mergeWithLastSubmission: false });
  }
  if (action === 'confirm') {
    await readForm(req);
    const { prompt: { details: missing }, params, session } = details;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session.accountId, clientId: params.client_id });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    if (missing.missingResourceScopes) {
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes)) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
    }
    const grantId = await grant.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }
  if (action === 'abort') {
    await readForm(req);
    return provider.interactionFinished(
      req, res, { error: 'access_denied', error_description: 'the user denied the request' },
      { mergeWithLastSubmission: false },
    );
  }
  return send(res, 404, page('Not found', ''));
};

const callback = provider.callback();
const server = http.createServer((req, res) => {
  if (req.url.startsWith('/interaction/')) {
    interactions(req, res).catch((e) => send(res, 500, page('Error', `<p>${escape(e.message)}</p>`)));
    return;
  }
  callback(req, res);
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`ready ${issuer}\n`);
});
process.on('SIGTERM', () => process.exit(0));
