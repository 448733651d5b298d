// ESLint flat config: typescript-eslint, React hooks, jsx-a11y, Testing Library, and the
// architecture's one-way imports (STYLE §2, in the spirit of bulletproof-react's zones).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import testingLibrary from 'eslint-plugin-testing-library';
import globals from 'globals';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const zones = [
  // Shared code never imports a feature or the app layer.
  ...['lib', 'components', 'api', 'stores', 'hooks', 'config', 'styles'].map((dir) => ({
    target: `./src/${dir}`,
    from: ['./src/features', './src/app'],
    message: 'Shared code flows one way: shared → features → app.',
  })),
  // Features never import each other, nor the app layer.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'Features never import each other: move what they share to components/ or hooks/.',
  })),
  { target: './src/features', from: './src/app', message: 'Only app/ composes features.' },
  { target: './contract', from: ['./src', './gateway', './tests'], message: 'contract/ depends on nothing of ours.' },
  { target: './gateway', from: ['./src', './tests'], message: 'The gateway shares only contract/ with the portal.' },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'artifacts', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: { 'import/resolver': { typescript: { project: './tsconfig.json' }, node: true } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import/no-restricted-paths': ['error', { zones }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-control-regex': 'off',
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.test.{ts,tsx}'],
    ...testingLibrary.configs['flat/react'],
    rules: { ...testingLibrary.configs['flat/react'].rules, 'testing-library/no-node-access': 'off', 'testing-library/no-container': 'off' },
  },
);
