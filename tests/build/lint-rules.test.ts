import { ESLint } from 'eslint';

/**
 * The rules of eslint.config.js that keep transport details out of screens (docs/product.md §12.12), react-router's internals in one file and antd-mobile imported from its top level:
 * each planted violation is reported once, and the same text where it is allowed is not.
 */
const eslint = new ESLint();

async function messages(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((m) =>
      ['no-restricted-syntax', 'no-restricted-imports', '@typescript-eslint/no-restricted-imports'].includes(
        m.ruleId ?? '',
      ),
    )
    .map((m) => m.message);
}

const envelopeChecks = [
  'export const ok = (envelope: { code: number }) => envelope.code === 200;\n',
  'export const bad = (envelope: { code: number }) => 200 !== envelope.code;\n',
  "import { Code } from '@contract/codes';\nexport const ok = (envelope: { code: number }) => envelope.code == Code.ok;\n",
];

describe('no envelope code compared in features and components', () => {
  it.each(['src/features/home/planted.ts', 'src/components/planted.tsx'])(
    'reports `code === 200` once in %s',
    async (file) => {
      for (const code of envelopeChecks) {
        const found = await messages(code, file);
        expect(found, code).toHaveLength(1);
        expect(found[0]).toContain('ApiError');
      }
    },
  );

  it('leaves the request client and other comparisons alone', async () => {
    expect(await messages(envelopeChecks[0], 'src/api/planted.ts')).toEqual([]);
    expect(
      await messages('export const same = (a: { code: string }) => a.code === "x";\n', 'src/features/home/planted.ts'),
    ).toEqual([]);
  });
});

describe("react-router's UNSAFE_ internals in one file", () => {
  const unsafe =
    "import { UNSAFE_LocationContext } from 'react-router-dom';\nexport const c = UNSAFE_LocationContext;\n";

  it.each(['src/app/planted.tsx', 'src/features/home/planted.tsx', 'src/components/planted.tsx', 'src/main.tsx'])(
    'reports an UNSAFE_ import once in %s',
    async (file) => {
      const found = await messages(unsafe, file);
      expect(found).toHaveLength(1);
      expect(found[0]).toContain('router-internals');
    },
  );

  it('allows them in src/app/router-internals.ts, and keeps the import boundaries beside the rule', async () => {
    expect(await messages(unsafe, 'src/app/router-internals.ts')).toEqual([]);
    const crossing = "import { useRequest } from '@/features/mine/use-mine-summary';\nexport const x = useRequest;\n";
    expect(await messages(crossing, 'src/components/planted.ts')).toHaveLength(1);
  });
});

describe('antd-mobile from its top level (decision 0003)', () => {
  const deep = "import SideBar from 'antd-mobile/es/components/side-bar';\nexport const s = SideBar;\n";
  const typeOnly =
    "import type { CascaderOption } from 'antd-mobile/es/components/cascader';\nexport type O = CascaderOption;\n";

  it.each([
    'src/features/services/planted.tsx',
    'src/components/planted.tsx',
    'src/lib/planted.ts',
    'tests/planted.tsx',
  ])('reports a deep import once in %s, a type-only one too', async (file) => {
    for (const code of [deep, typeOnly]) {
      const found = await messages(code, file);
      expect(found, code).toHaveLength(1);
      expect(found[0]).toContain("from 'antd-mobile'");
    }
  });

  it('allows the top level, the global styles, and deep imports in the files that keep them', async () => {
    const top = "import { SideBar } from 'antd-mobile';\nexport const s = SideBar;\n";
    expect(await messages(top, 'src/features/services/planted.tsx')).toEqual([]);
    expect(await messages("import 'antd-mobile/es/global';\n", 'src/main.tsx')).toEqual([]);
    expect(await messages(deep, 'src/lib/antd-react19.ts')).toEqual([]);
  });

  it('leaves the import boundaries in force beside it', async () => {
    const both = `${deep}import { useRequest } from '@/features/mine/use-mine-summary';\nexport const x = useRequest;\n`;
    expect(await messages(both, 'src/features/services/planted.tsx')).toHaveLength(2);
    expect(await messages(both, 'src/lib/antd-react19.ts')).toHaveLength(1);
  });
});

describe('one import order', () => {
  const order = async (code: string) => {
    const [result] = await eslint.lintText(code, { filePath: 'src/features/home/planted.tsx' });
    return result.messages.filter((m) => m.ruleId === 'simple-import-sort/imports');
  };

  it('reports a relative import above a package, and an alias above a package', async () => {
    expect(
      await order("import { a } from './a';\nimport { useState } from 'react';\nexport { a, useState };\n"),
    ).toHaveLength(1);
    expect(
      await order(
        "import { paths } from '@/lib/paths';\nimport { useState } from 'react';\nexport { paths, useState };\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps side-effect imports (stylesheets) last, in the order written', async () => {
    const sorted =
      "import { useState } from 'react';\nimport { paths } from '@/lib/paths';\nimport { a } from './a';\nimport './b.css';\nimport './a.css';\nexport { a, paths, useState };\n";
    expect(await order(sorted)).toEqual([]);
    expect(await order(`import './b.css';\n${sorted.replace("import './b.css';\n", '')}`)).toHaveLength(1);
  });
});

describe('the browser floor (decisions 0058, 0070)', () => {
  const floor = async (code: string, filePath = 'src/boot/planted.ts') => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => /^(compat|es-x)\//.test(m.ruleId ?? '')).map((m) => m.message);
  };

  it('reports what the floor lacks and needs no types: Object.groupBy, a RegExp d flag, structuredClone', async () => {
    const code =
      'export const byId = (xs: { id: string }[]) => Object.groupBy(xs, (x) => x.id);\n' +
      'export const spans = /(?<year>\\d{4})/d;\n' +
      'export const copy = <T>(o: T): T => structuredClone(o);\n';
    const found = (await floor(code)).join('\n');
    expect(found).toContain("ES2024 'Object.groupBy'");
    // Syntax esbuild cannot lower for the floor.
    expect(found).toContain("ES2022 RegExp 'd' flag");
    expect(found).toContain('structuredClone');
  });

  it('leaves the tests, which run in Node', async () => {
    const code = 'export const byId = (xs: { id: string }[]) => Object.groupBy(xs, (x) => x.id);\n';
    expect(await floor(code, 'src/boot/planted.test.ts')).toEqual([]);
  });
});
