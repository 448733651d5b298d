// ESLint flat config: typescript-eslint, React hooks, jsx-a11y, Testing Library, and the
// architecture's one-way imports (docs/style.md §2, in the spirit of bulletproof-react's zones).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import compat from 'eslint-plugin-compat';
import esX from 'eslint-plugin-es-x';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** ES2022+ syntax that esbuild writes down for the floor (build.target), so the source may use it. */
const LOWERED_SYNTAX = [
  'es-x/no-class-instance-fields',
  'es-x/no-class-private-fields',
  'es-x/no-class-private-methods',
  'es-x/no-class-static-fields',
  'es-x/no-class-static-block',
  'es-x/no-private-in',
];

/** The one file that may import react-router's `UNSAFE_` internals (decisions 0002, 0015). */
const ROUTER_INTERNALS = 'src/app/router-internals.ts';
const noUnsafeRouter = {
  group: ['react-router', 'react-router-dom'],
  importNamePattern: '^UNSAFE_',
  message: `react-router's UNSAFE_ internals are imported in ${ROUTER_INTERNALS} only, where a test pins them.`,
};

/**
 * antd-mobile from its top level (decision 0003): the build keeps only what is used. A deep import
 * stays in antd-react19.ts (from the top level the first screen gains a file).
 */
const DEEP_ANTD_FILES = ['src/lib/antd-react19.ts'];

/**
 * One-way imports as `no-restricted-imports` blocks: files → forbidden import patterns. A later
 * block replaces an earlier one's rule for the same file, so each carries the UNSAFE_ pattern.
 */
const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }, noUnsafeRouter] }] },
});

/** Screens get `obj` or an ApiError (docs/product.md §12.12): no envelope code is compared. */
const noEnvelopeCode = {
  selector:
    "BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='code'][right.value=200], [right.property.name='code'][left.value=200], [left.property.name='code'][right.object.name='Code'][right.property.name='ok'], [right.property.name='code'][left.object.name='Code'][left.property.name='ok'])",
  message:
    "Endpoint functions give obj or throw an ApiError (src/api/api-error.ts); catch it instead of reading an envelope's code.",
};

const zones = [
  // Shared code never imports a feature or the app layer.
  restrict(
    ['src/{lib,components,api,stores,hooks,config}/**/*.{ts,tsx}'],
    ['@/features/*', '@/app/*', '**/features/*', '**/app/*'],
    'Shared code flows one way: shared → features → app.',
  ),
  // Features never import each other, nor the app layer.
  ...features.map((name) =>
    restrict(
      [`src/features/${name}/**/*.{ts,tsx}`],
      [
        '@/features/*',
        `!@/features/${name}`,
        `!@/features/${name}/*`,
        ...features.filter((other) => other !== name).flatMap((other) => [`../${other}`, `../${other}/*`]),
        '@/app/*',
        '**/app/*',
      ],
      'Features never import each other (move what they share to components/ or hooks/); only app/ composes.',
    ),
  ),
  // index.html's boot modules run before the app, inlined into the page (decision 0057): no
  // React, no store, no screen; constants, small pure helpers and the contract only (and the
  // wording module /message's list shares with its screen). Their tests check the app's side too.
  {
    ...restrict(
      ['src/boot/**/*.ts'],
      [
        '@/features/*/*',
        '!@/features/messages/notice-text',
        '@/app/*',
        '@/stores/*',
        '@/api/*',
        '@/hooks/*',
        '@/components/*',
        'react',
        'react-*',
        'antd-mobile',
        'zustand',
        'axios',
      ],
      'A boot module is inlined into index.html: it imports constants, lib helpers and contract/ only.',
    ),
    ignores: ['src/boot/**/*.test.ts'],
  },
  restrict(
    ['contract/**/*.ts'],
    ['@/*', '**/src/*', '**/gateway/*', '**/tests/*'],
    'contract/ depends on nothing of ours.',
  ),
  restrict(
    ['gateway/**/*.ts'],
    ['@/*', '**/src/*', '**/tests/*'],
    'The gateway shares only contract/ with the portal.',
  ),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'artifacts', '.data', 'coverage', 'reports', '.stryker-tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'simple-import-sort': simpleImportSort },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-control-regex': 'off',
      // Imports in one order everywhere: packages, the app's aliases, relative files; side-effect
      // imports (stylesheets, polyfills) keep their place at the end, in their own order, since
      // their order is the cascade's and the evaluation's.
      'simple-import-sort/imports': [
        'error',
        { groups: [['^node:', '^@?\\w', '^@/', '^@contract/', '^\\.', '^\\u0000']] },
      ],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // The browser floor (package.json's browserslist, decision 0058): a call the oldest supported
    // WebKit or Chromium lacks fails the lint. Tests run in Node and jsdom, not in those browsers.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    ...compat.configs['flat/recommended'],
  },
  {
    // eslint-plugin-compat knows the Web APIs but not the language's own built-ins; the floor has
    // every ES2021 one and none newer. es-x reports the newer ones it can tell without types
    // (`Object.hasOwn`); tsconfig.floor.json's ES2021 lib refuses the methods of a typed value
    // (an array's `at()`), checked by `npm test` (decision 0070). Newer syntax is esbuild's to
    // lower (build.target).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'es-x': esX },
    rules: Object.fromEntries(
      Object.keys(esX.configs)
        .filter((name) => /^flat\/no-new-in-es(202[2-9]|next)(-intl-api)?$/.test(name))
        .flatMap((name) => Object.entries(esX.configs[name].rules))
        .filter(([rule]) => !LOWERED_SYNTAX.includes(rule)),
    ),
  },
  {
    // The root layout owns the page's one <main> around the outlet (architecture.md, "Adding a screen").
    // The route table owns the route (decision 0028): a screen learns what it is from
    // useRouteMeta(), never from the pathname, and builds links with src/lib/paths.ts.
    files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='main']",
          message: 'The root layout already wraps every screen in <main>; use a <div>.',
        },
        noEnvelopeCode,
        ...[
          "VariableDeclarator[init.callee.name='useLocation'] > ObjectPattern > Property[key.name='pathname']",
          "MemberExpression[object.callee.name='useLocation'][property.name='pathname']",
          "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='pathname']",
          "BinaryExpression[operator=/^[!=]==?$/] > Identifier[name='pathname']",
        ].map((selector) => ({
          selector,
          message:
            'A screen reads what it is from useRouteMeta() (route table), not from the pathname (decision 0028).',
        })),
        ...['TemplateElement[value.raw=/indexCode=/]', 'Literal[value=/indexCode=/]'].map((selector) => ({
          selector,
          message: 'Build in-app links with src/lib/paths.ts (it carries indexCode), not by string (decision 0028).',
        })),
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noUnsafeRouter] }] },
  },
  {
    // A rule of its own (typescript-eslint's twin of no-restricted-imports), so the zones'
    // blocks below, which replace one another's no-restricted-imports, leave it in force.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ignores: DEEP_ANTD_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['antd-mobile/es/*', '!antd-mobile/es/global'],
              message:
                "Import antd-mobile's parts from 'antd-mobile': the build keeps only what is used (decision 0003).",
            },
          ],
        },
      ],
    },
  },
  ...zones,
  { files: [ROUTER_INTERNALS], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: {
      ...testingLibrary.configs['flat/react'].rules,
      'testing-library/no-node-access': 'off',
      'testing-library/no-container': 'off',
    },
  },
);
