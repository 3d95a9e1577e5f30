// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * Import direction (DESIGN.md): domain ← contracts ← apps; web never imports server (nor the
 * reverse); a web feature does not reach into another feature's internals.
 */
const restrict = (...patterns) => [
  'error',
  {
    patterns: patterns.map((group) => ({
      group: [group],
      message: 'imports flow one way: domain ← contracts ← apps (DESIGN.md)',
    })),
  },
];

const webFeatures = fs.existsSync('apps/web/src/features')
  ? fs
      .readdirSync('apps/web/src/features', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '.tmp/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': 'off',
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
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
    rules: {
      'no-restricted-imports': restrict(
        '@inkstone/server',
        '**/server/src/**',
        'fastify',
        'kysely',
        'pg',
        'better-sqlite3',
      ),
    },
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
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures
            .filter((other) => other !== feature)
            .map((other) => ({
              target: `./apps/web/src/features/${feature}`,
              from: `./apps/web/src/features/${other}`,
              except: ['./index.ts'],
              message: 'a feature uses another feature only through its index.ts',
            })),
        },
      ],
    },
  })),
);
