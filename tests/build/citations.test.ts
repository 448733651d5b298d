/**
 * Every citation points inside the repository (docs/product.md §13.1): the check of
 * `./citations.ts` over every file git tracks, and the same check shown failing on each kind of
 * planted mistake.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkText, readRepo, type Repo } from './citations';

const root = join(import.meta.dirname, '../..');
const repo = readRepo(root);

describe('citations', () => {
  it('reads the citable sections and the decision records', () => {
    expect(repo.sections['docs/product.md']).toContain('8.3');
    expect(repo.sections['docs/style.md']).toContain('19');
    expect(repo.decisions).toContain('0035');
  });
});

describe('the check fails on', () => {
  const fake: Repo = {
    sections: { 'docs/product.md': new Set(['2', '2.2', '8', '8.3']), 'docs/style.md': new Set(['3']) },
    decisions: new Set(['0035']),
    exists: (p) => ['docs/product.md', 'docs/style.md', 'src/api/client.ts', 'src'].includes(p),
  };
  const check = (text: string, file = 'src/x.ts') => checkText(file, text, fake);
  const old = (name: string) => name.split('').join(''); // built, so this file cites nothing

  it.each([
    ['a section docs/product.md does not have', '// docs/product.md §9.9: nothing', 'docs/product.md has no §9.9'],
    ['a section docs/style.md does not have', '// docs/style.md §20', 'docs/style.md has no §20'],
    ['a later section of a list', '// docs/product.md §2.2, §7', 'docs/product.md has no §7'],
    ['a section that names no document', '// see §8.3', 'names no document'],
    ['a decision with no record', '// decision 0099 says so', 'decision 0099 has no record'],
    ['a decision in a list with no record', '// decisions 0035 and 0098', 'decision 0098 has no record'],
    ['the old specification', `// ${old('SPEC')} §2`, 'outside the repository'],
    ['the old design document', `// ${old('DESIGN')}.md §7 "Toasts"`, 'outside the repository'],
    ['the old style guide', `// ${old('STYLE')} §3`, 'outside the repository'],
    ['the old shared folder', `see ${'..'}/${'shared'}/x.md`, 'outside the repository'],
    ['a tracker issue', `// as ${'issue'} 12 asks`, 'tracker'],
    ['a tracker lever', `// ${'Lever'} 20`, 'tracker'],
  ])('%s', (_, text, expected) => {
    expect(check(text).join('\n')).toContain(expected);
  });

  it('a path named in a doc that is not in the repository, and a dead link', () => {
    const problems = check('`src/api/gone.ts` and [x](../src/nowhere.ts)', 'docs/x.md');
    expect(problems).toEqual([
      'docs/x.md:1: src/api/gone.ts is not a file or folder of the repository',
      'docs/x.md:1: the link ../src/nowhere.ts leads to no file',
    ]);
  });

  it('and passes what it should', () => {
    const fine = [
      '// docs/product.md §8.3, decision 0035',
      '// docs/product.md §2.2, §8; docs/style.md §3',
      ' * (RFC 9110 §13.1.2)',
      '`src/api/client.ts`, `tests/e2e/<file>.e2e.ts`, `docs/decisions/NNNN-title.md`',
    ];
    expect(fine.flatMap((t) => check(t, 'docs/y.md'))).toEqual([]);
    expect(check('## §2 Routes\nsee §8.3', 'docs/product.md')).toEqual([]);
  });
});
