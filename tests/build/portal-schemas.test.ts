import { inject } from 'vitest';
import type { BuiltChunk } from '../../scripts/first-screen';

/**
 * The portal checks a nickname and an address with the gateway's own schemas, and builds only
 * those two (contract/form-schemas.ts): building every schema of contract/schemas.ts took one
 * task of about 65 ms at 4× CPU slowdown when /my/info's chunk was prefetched (decision 0046).
 */
describe("the gateway's schemas in the portal's build (decision 0046)", () => {
  const modules = inject('builtFiles')
    .filter((o): o is BuiltChunk => o.type === 'chunk')
    .flatMap((chunk) => chunk.moduleIds.map((id) => id.replaceAll('\\', '/')));

  it('has the forms’ schemas', () => {
    expect(modules.filter((id) => id.endsWith('/contract/form-schemas.ts'))).toHaveLength(1);
  });

  it('has none of the others', () => {
    expect(modules.filter((id) => id.endsWith('/contract/schemas.ts'))).toEqual([]);
  });
});
