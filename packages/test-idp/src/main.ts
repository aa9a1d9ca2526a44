import { DEMO_ACCOUNTS, DEMO_CLIENT, DEMO_ROLE_MAP } from './demo.js';
import { startTestIdp } from './testIdp.js';

// `npm run idp`: the provider the tests use, with demo accounts, for trying single sign-on.
const port = Number.parseInt(process.env.IDP_PORT ?? '4020', 10);
const appUrl = process.env.IDP_APP_URL ?? 'http://localhost:3000';
const idp = await startTestIdp({
  port,
  clients: [{ ...DEMO_CLIENT, redirect_uris: [`${appUrl}/api/auth/oidc/callback`] }],
  accounts: DEMO_ACCOUNTS,
});

const lines = [
  `Test identity provider at ${idp.issuer}`,
  '',
  'Accounts (username / password: groups):',
  ...DEMO_ACCOUNTS.map(
    (a) =>
      `  ${a.login} / ${a.password}: ${a.groups.join(', ')}${a.mfa ? ' (MFA: amr pwd+otp)' : ''}`,
  ),
  '',
  'Start the app in another terminal with:',
  '',
  `  AUTH_MODE=both OIDC_ISSUER=${idp.issuer} OIDC_CLIENT_ID=${DEMO_CLIENT.client_id} OIDC_CLIENT_SECRET=${DEMO_CLIENT.client_secret} OIDC_PROVIDER_NAME="Test IdP" OIDC_ROLE_MAP=${DEMO_ROLE_MAP} npm start`,
  '',
];
process.stdout.write(lines.join('\n') + '\n');

const stop = () => {
  void idp.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
