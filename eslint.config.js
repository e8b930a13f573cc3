import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The workspaces' one-way graph (ARCHITECTURE.md): each may import only the @cityops packages below it.
 * Anything else of ours, and any relative path into another workspace, is refused.
 */
const OUR_PACKAGES = [
  'contract',
  'client',
  'ui',
  'crud',
  'subapp',
  'video',
  'map',
  'alarmcall',
  'shell',
  'iotcloud',
  'omapp',
  'opapp',
  'zcapp',
  'esapp',
  'llapp',
  'server',
  'simulators',
  'video-plugin',
  'e2e',
  'bench',
];
const BELOW = {
  contract: [],
  client: ['contract'],
  ui: ['contract'],
  crud: ['contract', 'client', 'ui'],
  video: ['contract', 'client', 'ui'],
  map: ['contract', 'client', 'ui'],
  subapp: ['contract', 'client', 'ui', 'crud'],
  alarmcall: ['contract', 'client', 'ui', 'video'],
};
const SUB_APPS = ['iotcloud', 'omapp', 'opapp', 'zcapp', 'esapp', 'llapp'];
const APP_ALLOWED = ['contract', 'client', 'ui', 'crud', 'video', 'map', 'subapp', 'alarmcall'];

/** A no-restricted-imports rule that lets a workspace import only `allowed` of ours. */
function onlyImports(allowed, why) {
  const refused = OUR_PACKAGES.filter((name) => !allowed.includes(name));
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: refused.flatMap((name) => [`@cityops/${name}`, `@cityops/${name}/*`]),
            message: why,
          },
          {
            group: ['**/../packages/**', '**/../apps/**', '**/../server/**', '**/../simulators/**'],
            message: 'Import another workspace by its package name, never by a relative path.',
          },
        ],
      },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'server/drizzle/**',
      '.tmp/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      'apps/**/*.{ts,tsx}',
      'packages/ui/**/*.{ts,tsx}',
      'packages/client/**/*.{ts,tsx}',
      'packages/subapp/**/*.{ts,tsx}',
      'packages/video/**/*.{ts,tsx}',
      'packages/map/**/*.{ts,tsx}',
      'packages/crud/**/*.{ts,tsx}',
      'packages/alarmcall/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...Object.entries(BELOW).map(([name, allowed]) => ({
    files: [`packages/${name}/**/*.{ts,tsx}`],
    rules: onlyImports(
      allowed,
      allowed.length
        ? `@cityops/${name} imports only ${allowed.map((below) => `@cityops/${below}`).join(', ')} of ours.`
        : `@cityops/${name} imports nothing of ours.`,
    ),
  })),
  {
    files: SUB_APPS.map((name) => `apps/${name}/**/*.{ts,tsx}`),
    rules: onlyImports(APP_ALLOWED, 'A sub-app stands on the packages only: never the shell or another app.'),
  },
  {
    files: ['apps/shell/**/*.{ts,tsx}'],
    rules: onlyImports(APP_ALLOWED, 'The shell stands on the packages only: never a sub-app.'),
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/src/test/**'],
    rules: onlyImports(['contract'], 'The server imports only the contract of ours.'),
  },
  {
    // Tests drive the server against the simulators as devices and platforms do.
    files: ['server/**/*.test.ts', 'server/src/test/**'],
    rules: onlyImports(
      ['contract', 'simulators'],
      'Server tests import only the contract and the simulators.',
    ),
  },
  {
    // The http layer serves every module, so it reaches them only through the AppContext.
    files: ['server/src/http/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**'],
              allowTypeImports: true,
              message: 'Use the AppContext (http/context.ts) instead of importing a module.',
            },
          ],
        },
      ],
    },
  },
);
