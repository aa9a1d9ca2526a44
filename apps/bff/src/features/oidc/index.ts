// What the oidc feature offers the other features; they import nothing else of it (lint).
export { createOidcFeature } from './oidcFeature.js';
export { createOidcRouter } from './oidcRouter.js';
