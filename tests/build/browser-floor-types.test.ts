import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * tsconfig.floor.json checks the portal's code against the browser floor's built-ins (decisions
 * 0058, 0070): the ES2021 lib, so a method the floor lacks on a typed value is a type error
 * (an array's `at()`: WebKit before iOS 15.4 has none), and a field named `at` is not. Planted
 * in a project of its own that extends it, checked by `npm test`'s compiler.
 */
const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');

async function floorErrors(code: string): Promise<string> {
  mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
  const dir = mkdtempSync(join(root, 'node_modules/.cache/floor-'));
  try {
    writeFileSync(join(dir, 'planted.ts'), code);
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: '../../../tsconfig.floor.json', include: [], files: ['planted.ts'] }),
    );
    const tsc = join(root, 'node_modules/typescript-native/bin/tsc');
    return await run(process.execPath, [tsc, '--noEmit', '-p', join(dir, 'tsconfig.json')]).then(
      () => '',
      (error: { stdout: string }) => error.stdout,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the browser floor in the types (tsconfig.floor.json)', () => {
  it('refuses the ES2022+ methods of a typed value: at(), findLast(), Object.hasOwn', async () => {
    const errors = await floorErrors(
      'export const last = (matches: readonly { id: string }[]) => matches.at(-1)?.id;\n' +
        'export const found = (xs: number[]) => xs.findLast((x: number) => x > 1);\n' +
        "export const own = (o: object) => Object.hasOwn(o, 'id');\n",
    );
    expect(errors).toMatch(/planted\.ts\(1,\d+\): error TS2339: Property 'at' does not exist/);
    expect(errors).toMatch(/planted\.ts\(2,\d+\): error TS2550: Property 'findLast' does not exist/);
    expect(errors).toMatch(/planted\.ts\(3,\d+\): error TS2550: Property 'hasOwn' does not exist/);
  });

  it('accepts a field named `at`, ES2021 built-ins and the DOM', async () => {
    const errors = await floorErrors(
      'export const when = (kept: { at: number }) => kept.at + 1;\n' +
        "export const all = (s: string) => s.replaceAll('a', 'b');\n" +
        "export const el = () => document.querySelector('main');\n",
    );
    expect(errors).toBe('');
  });

  it("covers the portal's code, without its tests, on the ES2021 lib", () => {
    const config = JSON.parse(readFileSync(join(root, 'tsconfig.floor.json'), 'utf8'));
    expect(config.compilerOptions.lib.map((lib: string) => lib.toLowerCase())).toEqual([
      'es2021',
      'dom',
      'dom.iterable',
    ]);
    expect(config.include).toEqual(['src']);
    // npm test runs it beside the project's own check.
    expect(readFileSync(join(root, 'scripts/test.ts'), 'utf8')).toContain("'tsconfig.floor.json'");
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.typecheck).toContain(
      '-p tsconfig.floor.json',
    );
  });
});
