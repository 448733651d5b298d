import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildNeeded } from './ensure-build';

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
});
