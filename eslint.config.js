import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './tools/eslint/import-boundaries.js';
import globals from 'globals';

const here = import.meta.dirname;
const web = path.join(here, 'apps/web/src');
const server = path.join(here, 'apps/server/src');

/** The sub-folders of a folder: zones are generated from them, so a new feature or module is covered as it is made. */
const folders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** Each folder of `parent` may import itself only, not its siblings (features, server modules). */
const ownFolderOnly = (parent, what) =>
  folders(parent).map((name) => ({
    target: path.join(parent, name),
    from: parent,
    except: [`./${name}`],
    message: `${what[0]} never imports another ${what[1]}; move what both need to a shared layer.`,
  }));

const webZones = [
  ...ownFolderOnly(path.join(web, 'features'), ['A feature', 'feature']),
  {
    target: [path.join(web, 'components'), path.join(web, 'lib'), path.join(web, 'api')],
    from: [path.join(web, 'features'), path.join(web, 'app')],
    message: 'Shared layers (components, lib, api) never import features or the app layer.',
  },
  {
    target: path.join(web, 'features'),
    from: path.join(web, 'app'),
    message: 'Features never import the app layer; the app composes features.',
  },
];

const serverZones = [
  ...ownFolderOnly(path.join(server, 'modules'), ['A module', 'module']),
  ...ownFolderOnly(path.join(server, 'agent'), ['A device-API module', 'device-API module']),
  {
    target: path.join(server, 'agent'),
    from: path.join(server, 'modules'),
    message: 'The device-facing API never imports console modules; move what both need to domain/.',
  },
  {
    target: path.join(server, 'modules'),
    from: path.join(server, 'agent'),
    message: 'Console modules never import the device-facing API; move what both need to domain/.',
  },
  {
    target: path.join(server, 'provider'),
    from: [path.join(server, 'modules'), path.join(server, 'agent')],
    message: "The provider's review API never imports console or device-API modules; move what they share to domain/.",
  },
  {
    target: [path.join(server, 'modules'), path.join(server, 'agent')],
    from: path.join(server, 'provider'),
    message: "Console and device-API modules never import the provider's review API; move what they share to domain/.",
  },
  {
    target: [path.join(server, 'lib'), path.join(server, 'db')],
    from: [
      path.join(server, 'domain'),
      path.join(server, 'modules'),
      path.join(server, 'agent'),
      path.join(server, 'provider'),
      path.join(server, 'plugins'),
    ],
    message: 'lib/ and db/ are infrastructure: they never import domain/, modules or plugins.',
  },
  {
    target: path.join(server, 'domain'),
    from: [
      path.join(server, 'modules'),
      path.join(server, 'agent'),
      path.join(server, 'provider'),
      path.join(server, 'plugins'),
    ],
    message:
      'domain/ is the business logic modules share: it never imports modules, the device or provider API, or plugins.',
  },
];

/** File names (web): components are PascalCase `.tsx`; every other file is kebab-case (hooks too: use-edit-mode.ts). */
const PASCAL = /^[A-Z][A-Za-z0-9]*(\.module)?\.(tsx|css)$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.(test|module|d))?\.(ts|tsx|css)$/;
const fileNames = {
  meta: { type: 'suggestion', schema: [], messages: { name: '{{name}}: {{why}}' } },
  create(context) {
    const name = path.basename(context.filename);
    const inComponentFolder = /[\\/](components|routes|shell)[\\/]/.test(context.filename);
    let why = null;
    if (PASCAL.test(name)) {
      if (!name.endsWith('.tsx') && !name.endsWith('.css')) why = 'a PascalCase name is for a component (.tsx)';
    } else if (!KEBAB.test(name)) why = 'components are PascalCase .tsx, other files kebab-case';
    else if (inComponentFolder && name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
      why = 'a component file is PascalCase';
    return why ? { Program: (node) => context.report({ node, messageId: 'name', data: { name, why } }) } : {};
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/server/**/*.ts', 'tools/**/*', '**/*.config.*', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Boundaries on resolved paths (not on import text): `../../other-feature/x` is caught however it is
    // spelt (tools/eslint/import-boundaries.js).
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/server/src/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cycle': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'boundaries/restricted-paths': ['error', { zones: webZones }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'boundaries/restricted-paths': ['error', { zones: serverZones }] },
  },
  {
    // The module recipe (docs/architecture.md): SQL lives in a module's repository.ts or sql/*.ts only;
    // services hold the rules, routes call services. Type imports (Db, row types) are fine anywhere.
    files: ['apps/server/src/{modules,agent,provider}/**/*.ts'],
    ignores: ['**/repository.ts', '**/sql/**', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'SQL belongs in repository.ts or sql/*.ts.', allowTypeImports: true },
          ],
          patterns: [
            {
              regex: '(^|/)db/schema(/|\\.js$|$)',
              message: 'Tables are read and written in repository.ts or sql/*.ts.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, local: { rules: { 'file-names': fileNames } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'local/file-names': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='fetch']", message: 'Call the API through src/lib/api-client.' },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Mantine's CSS is loaded whole before any screen (src/lib/mantine-styles.ts, issue 26); a component
    // importing a piece of it styles it only on the paths that happened to load that piece first.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/main.tsx', 'apps/web/src/lib/mantine-styles.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@mantine/[^/]+/styles',
              message: 'Mantine CSS is loaded whole by src/lib/mantine-styles.ts: do not import a piece of it here.',
            },
          ],
        },
      ],
    },
  },
);
