/**
 * Import rules that CI checks (`npm run lint:imports`). The web app is layered, top to bottom:
 * app (router, providers) → features (one folder per area, one per domain inside) → shell (parts
 * every area shares) → ui (primitives) → client (API client and session). An import may only run
 * downwards, and no area reaches into another.
 */
const WEB = '^apps/web/src';
const SERVER = '^apps/server/src';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-no-cross-area',
      comment: 'An area of the web app uses another only through shell/ or ui/.',
      severity: 'error',
      from: { path: `${WEB}/features/([^/]+)/` },
      to: { path: `${WEB}/features/`, pathNot: `${WEB}/features/$1/` },
    },
    {
      name: 'web-features-below-app',
      severity: 'error',
      from: { path: `${WEB}/(features|shell|ui|client)/` },
      to: { path: `${WEB}/app/` },
    },
    {
      name: 'web-shell-below-features',
      severity: 'error',
      from: { path: `${WEB}/(shell|ui|client)/` },
      to: { path: `${WEB}/features/` },
    },
    {
      name: 'web-ui-below-shell',
      severity: 'error',
      from: { path: `${WEB}/(ui|client)/` },
      to: { path: `${WEB}/shell/` },
    },
    {
      name: 'web-client-below-ui',
      severity: 'error',
      from: { path: `${WEB}/client/` },
      to: { path: `${WEB}/ui/` },
    },
    {
      name: 'web-no-circular',
      severity: 'error',
      from: { path: WEB },
      to: { circular: true },
    },
    {
      name: 'server-no-circular',
      comment: 'The server imports form no circle, db/schema included.',
      severity: 'error',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'server-lib-below-modules',
      comment: 'lib/ is domain-free: it imports no module.',
      severity: 'error',
      from: { path: `${SERVER}/lib/` },
      to: { path: `${SERVER}/modules/` },
    },
    {
      name: 'server-no-foreign-repo',
      comment: "A module reads another module's tables through that module's service, never its repo.",
      severity: 'error',
      from: { path: `${SERVER}/modules/([^/]+)/` },
      to: { path: `${SERVER}/modules/[^/]+/[^/]+\\.repo\\.ts$`, pathNot: `${SERVER}/modules/$1/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|\\.test\\.tsx?$)' },
    tsPreCompilationDeps: true,
  },
};
