/** Import boundaries of ARCHITECTURE.md: checked in `npm run lint` (part of `npm test`). */
module.exports = {
  forbidden: [
    { name: 'server-not-web', severity: 'error', from: { path: '^apps/server' }, to: { path: '^apps/web' } },
    { name: 'web-not-server', severity: 'error', from: { path: '^apps/web' }, to: { path: '^apps/server' } },
    {
      name: 'web-not-console',
      comment: 'No console code reaches the H5 (issue 23): the H5 never imports the operator console.',
      severity: 'error',
      from: { path: '^apps/web' },
      to: { path: '^apps/console' },
    },
    {
      name: 'console-not-web',
      comment:
        'The operator console is its own app: it never imports the H5 (what both need lives in packages/contract).',
      severity: 'error',
      from: { path: '^apps/console' },
      to: { path: '^apps/web' },
    },
    {
      name: 'console-not-server',
      severity: 'error',
      from: { path: '^apps/console' },
      to: { path: '^apps/server' },
    },
    {
      name: 'server-not-console',
      severity: 'error',
      from: { path: '^apps/server' },
      to: { path: '^apps/console' },
    },
    {
      name: 'console-client-without-zod',
      comment:
        'The console calls the server through @campaign/contract/client (zod-free route metadata and types), as the H5 does.',
      severity: 'error',
      from: { path: '^apps/console/src/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '(^packages/contract/src/(index|table|common|envelope|openapi|endpoints/)|node_modules/zod/)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'contract-stands-alone',
      severity: 'error',
      from: { path: '^packages/contract' },
      to: { path: '^apps/' },
    },
    {
      name: 'modules-not-each-other',
      comment: 'A server module never imports another module: shared needs move down into platform.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/', pathNot: '^apps/server/src/modules/$1/' },
    },
    {
      name: 'platform-below-modules',
      severity: 'error',
      from: { path: '^apps/server/src/(platform|db)/' },
      to: { path: '^apps/server/src/(modules|cli|app\\.ts|main\\.ts)' },
    },
    {
      name: 'features-not-each-other',
      comment: 'A web feature never imports another feature: what two need moves into shared.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'shared-below-features',
      comment:
        'Web layers, lowest first: shared (ui kit, lib, i18n, navigation) -> api and bridge (the server, the host app) -> features -> app. shared imports none of the layers above it.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(api|bridge|features|app)/' },
    },
    {
      name: 'api-bridge-below-features',
      comment: 'api/ and bridge/ sit between shared and the features: they import shared, never a feature or the app.',
      severity: 'error',
      from: { path: '^apps/web/src/(api|bridge)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-client-without-zod',
      comment:
        'The browser calls the server through @campaign/contract/client, never the zod table (docs/decisions/0110). Tests may check fixtures against the table.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: '(\\.test\\.tsx?|/test-fakes\\.ts)$' },
      to: {
        path: '(^packages/contract/src/(index|table|common|envelope|openapi|endpoints/)|node_modules/zod/)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'features-below-app',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'console-features-not-each-other',
      comment: 'A console feature never imports another feature: what two need moves into shared.',
      severity: 'error',
      from: { path: '^apps/console/src/features/([^/]+)/' },
      to: { path: '^apps/console/src/features/', pathNot: '^apps/console/src/features/$1/' },
    },
    {
      name: 'console-shared-below-features',
      comment:
        'Console layers: shared (i18n, hooks, campaign words) and api (the server) below the features, the features below app. Neither shared nor api imports a feature or the app.',
      severity: 'error',
      from: { path: '^apps/console/src/shared/' },
      to: { path: '^apps/console/src/(features|app)/' },
    },
    {
      name: 'console-api-below-features',
      severity: 'error',
      from: { path: '^apps/console/src/api/' },
      to: { path: '^apps/console/src/(features|app)/' },
    },
    {
      name: 'console-features-below-app',
      severity: 'error',
      from: { path: '^apps/console/src/features/' },
      to: { path: '^apps/console/src/app/' },
    },
    {
      name: 'console-client-without-zod',
      comment: 'The console calls the server through @campaign/contract/client, never the zod table (ADR 0110).',
      severity: 'error',
      from: { path: '^apps/console/src/', pathNot: '\\.test\\.tsx?$' },
      to: {
        path: '(^packages/contract/src/(index|table|common|envelope|openapi|endpoints/)|node_modules/zod/)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles, even inside one folder (type-only imports count too).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/|^apps/server/src/testing/fixtures/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      // Workspace packages (@campaign/contract, …/client) resolve through their package.json exports.
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
  },
};
