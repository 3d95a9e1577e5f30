// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Import direction (DESIGN.md): domain ← contracts ← apps; web never imports server (nor the
 * reverse); a web feature uses another feature only through that feature's index.ts.
 */
const DIRECTION = 'imports flow one way: domain ← contracts ← apps (DESIGN.md)';
const FEATURE_BOUNDARY = 'a feature uses another feature only through its index.ts';
const MODULE_BOUNDARY = 'a server module is used only through its index.ts (its public API)';

const CLOCK = 'read the time from the injected Clock (lib/clock.ts), not the real clock';
/** Ways of reading the real time: Date.now(), new Date(), Date(), performance.now(). */
export const CLOCK_READS = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: CLOCK },
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK },
  { selector: "CallExpression[callee.name='Date']", message: CLOCK },
  {
    selector: "CallExpression[callee.object.name='performance'][callee.property.name='now']",
    message: CLOCK,
  },
];

const API_CALL = 'call the server through its registry entry: api.call(calls.<module>.<Call>, body)';
/** '/api/…' strings in the web app: a call made past its registry entry. */
const API_LITERALS = [
  { selector: 'Literal[value=/^\\/api\\//]', message: API_CALL },
  { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: API_CALL },
];
/**
 * A call entry's schemas: the web build drops them (apps/web/build/drop-call-schemas.ts), so the
 * web may not read them; a page that validates imports the schema itself.
 */
const CALL_SCHEMAS = {
  selector: 'MemberExpression[property.name=/^(?:input|output)$/]',
  message: "the web build drops a call entry's input and output schemas: import the schema itself",
};
/** The one component that puts server HTML (sanitised by the server) into the page. */
const RICH_TEXT_RENDERER = 'apps/web/src/features/website/components/rich-text.tsx';
const RAW_HTML = {
  selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
  message: `render server HTML with the RichText component (${RICH_TEXT_RENDERER}), the only place it enters the page`,
};

const group = (patterns, message) => patterns.map((pattern) => ({ group: [pattern], message }));
const restrict = (...patterns) => ['error', { patterns: group(patterns, DIRECTION) }];

const webOnly = ['@inkstone/server', '**/server/src/**', 'fastify', 'kysely', 'pg', 'better-sqlite3'];

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs
      .readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/** Anything inside another feature's folder except its index.ts. */
const otherFeatureInternals = (feature) =>
  webFeatures
    .filter((other) => other !== feature)
    .flatMap((other) => [
      `**/features/${other}/*/**`,
      `**/features/${other}/!(index).*`,
      `../${other}/*/**`,
      `../${other}/!(index).*`,
      `../../${other}/*/**`,
      `../../${other}/!(index).*`,
    ]);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '.tmp/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': restrict(
        '@inkstone/contracts',
        '@inkstone/server',
        '@inkstone/web',
        '**/contracts/src/**',
        '**/apps/**',
        'fastify',
        'kysely',
        'react',
      ),
    },
  },
  {
    files: ['packages/contracts/**'],
    rules: {
      'no-restricted-imports': restrict(
        '@inkstone/server',
        '@inkstone/web',
        '**/apps/**',
        'fastify',
        'kysely',
        'react',
      ),
    },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': restrict(...webOnly) },
  },
  {
    // Every call goes through its registry entry: api.call(calls.<module>.<Call>, body), whose
    // schemas the web does not read; server HTML reaches the page only through the one rich-text
    // renderer.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...API_LITERALS, CALL_SCHEMAS, RAW_HTML] },
  },
  {
    files: [RICH_TEXT_RENDERER],
    rules: { 'no-restricted-syntax': ['error', ...API_LITERALS, CALL_SCHEMAS] },
  },
  {
    // Hooks run in the same order on every render, and effects, memos and callbacks name what they
    // read. Only these two rules: the plugin's React Compiler rules (its recommended preset) are
    // not turned on.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...group(webOnly, DIRECTION),
            ...group(otherFeatureInternals(feature), FEATURE_BOUNDARY),
          ],
        },
      ],
    },
  })),
  {
    // No import cycles (DESIGN.md: imports flow one way). Imports name their file (`.ts`/`.tsx`) or
    // a workspace package, so the plugin's own Node resolver finds them; packages from
    // node_modules are not followed.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The browser suite runs in Node: it starts the built server and may read its database.
    files: ['apps/web/e2e/**'],
    rules: { 'no-restricted-imports': restrict('@inkstone/server', '**/server/src/**') },
  },
  {
    files: ['apps/server/**'],
    rules: { 'no-restricted-imports': restrict('@inkstone/web', '**/web/src/**', 'react', 'antd') },
  },
  // Module front doors: production code reaches another server module only through its index.ts
  // (tests may look inside the module they test).
  ...[
    ['apps/server/src/*.ts', ['./modules/*/**'], []],
    ['apps/server/src/{db,plugins,lib}/**/*.ts', ['../modules/*/**'], []],
    ['apps/server/src/modules/*/*.ts', ['../*/**'], ['!../../**']],
    ['apps/server/src/modules/*/*/*.ts', ['../../*/**'], ['!../../../**']],
  ].map(([files, internals, outside]) => ({
    files: [files],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...group(['@inkstone/web', '**/web/src/**', 'react', 'antd'], DIRECTION),
            {
              group: [
                ...internals,
                ...internals.map((glob) => `!${glob.replace('/**', '/index.ts')}`),
                ...outside,
              ],
              message: MODULE_BOUNDARY,
            },
          ],
        },
      ],
    },
  })),
  {
    // Time is injected (lib/clock.ts): production code never reads the real clock itself, so
    // tests can run the server on any date and move its time forward.
    files: ['apps/server/src/**/*.ts', 'packages/domain/src/**/*.ts'],
    ignores: [
      'apps/server/src/lib/clock.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/bench-*.ts',
      'packages/domain/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...CLOCK_READS] },
  },
  {
    // A front door offers the module's behaviour, not its storage: an index.ts exports no
    // repository query and no row mapper (wrap what others need in a named service function).
    files: ['apps/server/src/modules/*/index.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...CLOCK_READS,
        ...['ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
          selector: `${node}[source.value=/\\.(repository|mapper)\\.ts$/]`,
          message:
            "A module's index.ts does not export its repository or mapper: export a service function that says what it does.",
        })),
      ],
    },
  },
);
