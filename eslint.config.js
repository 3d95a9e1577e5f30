// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/**
 * Import direction (DESIGN.md): domain ← contracts ← apps; web never imports server (nor the
 * reverse); a web feature uses another feature only through that feature's index.ts.
 */
const DIRECTION = 'imports flow one way: domain ← contracts ← apps (DESIGN.md)';
const FEATURE_BOUNDARY = 'a feature uses another feature only through its index.ts';

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
    // The browser suite runs in Node: it starts the built server and may read its database.
    files: ['apps/web/e2e/**'],
    rules: { 'no-restricted-imports': restrict('@inkstone/server', '**/server/src/**') },
  },
  {
    files: ['apps/server/**'],
    rules: { 'no-restricted-imports': restrict('@inkstone/web', '**/web/src/**', 'react', 'antd') },
  },
);
