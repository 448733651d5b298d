// ESLint flat config: typescript-eslint, React hooks, jsx-a11y, Testing Library, and the
// architecture's one-way imports (STYLE §2, in the spirit of bulletproof-react's zones).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** One-way imports as `no-restricted-imports` blocks: files → forbidden import patterns. */
const restrict = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
});

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
  restrict(['contract/**/*.ts'], ['@/*', '**/src/*', '**/gateway/*', '**/tests/*'], 'contract/ depends on nothing of ours.'),
  restrict(['gateway/**/*.ts'], ['@/*', '**/src/*', '**/tests/*'], 'The gateway shares only contract/ with the portal.'),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'artifacts', '.data', 'coverage', 'reports', '.stryker-tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-control-regex': 'off',
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // The root layout owns the page's one <main> around the outlet (architecture.md, "Adding a screen").
    // The route table owns the route (decision 0028): a screen learns what it is from
    // useRouteMeta(), never from the pathname, and builds links with src/lib/paths.ts.
    files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "JSXOpeningElement[name.name='main']", message: 'The root layout already wraps every screen in <main>; use a <div>.' },
        ...[
          "VariableDeclarator[init.callee.name='useLocation'] > ObjectPattern > Property[key.name='pathname']",
          "MemberExpression[object.callee.name='useLocation'][property.name='pathname']",
          "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='pathname']",
          "BinaryExpression[operator=/^[!=]==?$/] > Identifier[name='pathname']",
        ].map((selector) => ({ selector, message: 'A screen reads what it is from useRouteMeta() (route table), not from the pathname (decision 0028).' })),
        ...['TemplateElement[value.raw=/indexCode=/]', 'Literal[value=/indexCode=/]'].map((selector) => ({
          selector,
          message: 'Build in-app links with src/lib/paths.ts (it carries indexCode), not by string (decision 0028).',
        })),
      ],
    },
  },
  ...zones,
  {
    files: ['src/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: { ...testingLibrary.configs['flat/react'].rules, 'testing-library/no-node-access': 'off', 'testing-library/no-container': 'off' },
  },
);
