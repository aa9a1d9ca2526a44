export {
  startTestIdp,
  type IdTokenTamper,
  type StartTestIdpOptions,
  type TestIdp,
  type TestIdpAccount,
  type TestIdpClient,
} from './testIdp.js';
export { signInAtIdp, type IdpSignIn } from './signInAtIdp.js';
export { DEMO_ACCOUNTS, DEMO_CLIENT, DEMO_ROLE_MAP } from './demo.js';
