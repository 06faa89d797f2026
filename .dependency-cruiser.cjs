// The import fence of ADR 0020 (which layer may import which), checked by `npm run lint` after Biome.
// Rules are patterns over the folder layout: `$1` in a `to` stands for the folder the `from` captured,
// so a new server module or web feature is fenced the moment its folder exists. tests/lint-rules.test.ts
// proves each rule on probe files.

/** Tests and the shared test suites (`*.contract.ts`) may reach what production code may not. */
const TEST_FILE = '\\.(test|contract)\\.tsx?$';

/** Server-only packages: the browser bundle must never pull them in. */
const SERVER_PACKAGES = [
  'drizzle-orm',
  'pg',
  'pg-[^/]+',
  '@electric-sql/[^/]+',
  'fastify',
  'fastify-[^/]+',
  '@fastify/[^/]+',
  'pino',
  'nodemailer',
  'stripe',
  '@aws-sdk/[^/]+',
  'pdf-lib',
  '@pdf-lib/[^/]+',
  'sanitize-html',
  'helmet',
  'file-type',
  'dejavu-fonts-ttf',
];

module.exports = {
  forbidden: [
    {
      name: 'server-module-to-other-module',
      comment: 'A server module never imports another module: move what they share to src/server/lib.',
      severity: 'error',
      from: { path: '^src/server/modules/([^/]+)/' },
      to: { path: '^src/server/modules/', pathNot: '^src/server/modules/$1/' },
    },
    {
      name: 'server-lib-to-module',
      comment:
        'src/server/lib and src/server/plugins serve the modules and never import one (a module reached through lib is a module importing a module).',
      severity: 'error',
      from: { path: '^src/server/(lib|plugins)/', pathNot: TEST_FILE },
      to: { path: '^src/server/modules/' },
    },
    {
      name: 'web-feature-to-other-feature',
      comment:
        'A web feature never imports another feature: compose features in the route page (src/web/app), or move shared code to src/web/lib or components.',
      severity: 'error',
      from: { path: '^src/web/features/([^/]+)/' },
      to: { path: '^src/web/features/', pathNot: '^src/web/features/$1/' },
    },
    {
      name: 'web-shared-code-to-feature',
      comment: 'src/web/components, lib and hooks are shared by the features and never import one.',
      severity: 'error',
      from: { path: '^src/web/(components|lib|hooks)/' },
      to: { path: '^src/web/features/' },
    },
    {
      name: 'web-to-server-or-db',
      comment: 'The web app imports only src/shared and web code (layer rule: shared <- web).',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: '^src/(server|db)/' },
    },
    {
      name: 'web-to-server-package',
      comment: 'The web app never imports a server-only package (database, HTTP server, mail, payments SDK, storage).',
      severity: 'error',
      from: { path: '^src/web/' },
      to: { path: `(^|/)node_modules/(${SERVER_PACKAGES.join('|')})/` },
    },
    {
      name: 'web-to-node-builtin',
      comment:
        "Browser code has no Node built-ins; only the server's renderer entry (entry-server.tsx, ADR 0019) and tests run on Node.",
      severity: 'error',
      from: { path: '^src/web/', pathNot: [TEST_FILE, '^src/web/entry-server\\.tsx$'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'server-to-web',
      comment:
        'The server never imports web code (it loads the built renderer from dist/ssr); what both need lives in src/shared.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'db-to-server-or-web',
      comment: 'src/db imports only src/shared and its packages (layer rule: shared <- db <- server).',
      severity: 'error',
      from: { path: '^src/db/' },
      to: { path: '^src/(server|web)/' },
    },
    {
      name: 'shared-to-anything-but-zod',
      comment:
        "src/shared holds the zod contracts and message catalogs used by server and browser alike and imports nothing but zod, itself, and the ICU message compiler that translates at run time on the server (the browser's build compiles messages instead, ADR 0062).",
      severity: 'error',
      from: { path: '^src/shared/', pathNot: TEST_FILE },
      to: { pathNot: ['^src/shared/', '(^|/)node_modules/zod/', '(^|/)node_modules/@messageformat/'] },
    },
    {
      name: 'no-circular',
      comment:
        'Import cycles are forbidden, type-only imports included (tsPreCompilationDeps): a cycle through `import type` is still a cycle.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'production-to-test-code',
      comment: 'Production code never imports tests, test helpers or the shared test suites (*.contract.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_FILE },
      to: { path: ['^tests/', TEST_FILE, '\\.spec\\.ts$'] },
    },
    {
      name: 'production-to-dev-dependency',
      comment: 'Production code imports only packages in "dependencies": devDependencies are not installed where the app runs.',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_FILE },
      to: { dependencyTypes: ['npm-dev'] },
    },
    {
      name: 'production-to-unlisted-package',
      comment: "A package that src/ imports is listed in package.json (not reached as some other package's dependency).",
      severity: 'error',
      from: { path: '^src/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'Every import resolves: one the fence cannot resolve (a typo, a new alias it does not know) would escape every rule above.',
      severity: 'error',
      from: {},
      // `virtual:` modules are made by the build (vite.config.ts), with their types declared beside their importer.
      to: { couldNotResolve: true, pathNot: '^virtual:' },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports are dependencies too: `import type` from the server is still the web reaching the server.
    tsPreCompilationDeps: true,
    // tsconfig.json maps #web/*; package.json "imports" (#shared/*, #db/*, #server/*, #tests/*) are read by the resolver.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
