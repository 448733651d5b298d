import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BuildMissingError, buildNeeded, ensureBuild } from './ensure-build';

describe('ensure-build', () => {
  it('needs a build when dist is missing or older than a source file', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-build-'));
    try {
      const dist = path.join(root, 'dist');
      fs.mkdirSync(path.join(root, 'src', 'app'), { recursive: true });
      fs.writeFileSync(path.join(root, 'src', 'app', 'a.ts'), '');
      expect(buildNeeded(root, dist)).toBe(true);
      fs.mkdirSync(dist);
      fs.writeFileSync(path.join(dist, 'index.html'), '');
      const past = new Date(Date.now() - 60_000);
      fs.utimesSync(path.join(root, 'src', 'app', 'a.ts'), past, past);
      expect(buildNeeded(root, dist)).toBe(false);
      fs.writeFileSync(path.join(root, 'src', 'app', 'b.ts'), '');
      const future = new Date(Date.now() + 60_000);
      fs.utimesSync(path.join(root, 'src', 'app', 'b.ts'), future, future);
      expect(buildNeeded(root, dist)).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('counts the contract and the production settings as sources (the portal is built from them)', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-build-'));
    try {
      const dist = path.join(root, 'dist');
      fs.mkdirSync(dist);
      fs.writeFileSync(path.join(dist, 'index.html'), '');
      const future = new Date(Date.now() + 60_000);
      for (const source of ['contract/endpoints.ts', '.env.production']) {
        fs.mkdirSync(path.dirname(path.join(root, source)), { recursive: true });
        fs.writeFileSync(path.join(root, source), '');
        const past = new Date(Date.now() - 60_000);
        fs.utimesSync(path.join(dist, 'index.html'), new Date(), new Date());
        fs.utimesSync(path.join(root, source), past, past);
        expect(buildNeeded(root, dist), source).toBe(false);
        fs.utimesSync(path.join(root, source), future, future);
        expect(buildNeeded(root, dist), source).toBe(true);
        fs.utimesSync(path.join(root, source), past, past);
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('never builds in production: a missing or stale dist/ is an error naming `npm run build`', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-build-'));
    const noBuild = () => expect.unreachable('production must not build');
    try {
      const dist = path.join(root, 'dist');
      fs.mkdirSync(path.join(root, 'src'), { recursive: true });
      fs.writeFileSync(path.join(root, 'src', 'a.ts'), '');
      const production = { production: true, log: noBuild, env: {} };
      expect(() => ensureBuild(root, dist, production)).toThrow(BuildMissingError);
      expect(() => ensureBuild(root, dist, production)).toThrow(/index\.html is missing; run `npm run build`/);
      // SKIP_BUILD does not make a missing portal acceptable.
      expect(() => ensureBuild(root, dist, { ...production, env: { SKIP_BUILD: '1' } })).toThrow(/npm run build/);
      fs.mkdirSync(dist);
      fs.writeFileSync(path.join(dist, 'index.html'), '');
      const past = new Date(Date.now() - 60_000);
      fs.utimesSync(path.join(dist, 'index.html'), past, past);
      expect(() => ensureBuild(root, dist, production)).toThrow(/older than its sources; run `npm run build`/);
      expect(() => ensureBuild(root, dist, { ...production, env: { SKIP_BUILD: '1' } })).not.toThrow();
      fs.utimesSync(path.join(dist, 'index.html'), new Date(), new Date());
      fs.utimesSync(path.join(root, 'src', 'a.ts'), past, past);
      expect(() => ensureBuild(root, dist, production)).not.toThrow();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
