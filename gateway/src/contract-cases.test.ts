import { DEMO_ADMIN_KEY } from './config';
import { contractCases } from './contract-cases';
import { createTestGateway, type TestGateway } from './test-helpers';

describe('contract cases (the table shared with the msw handlers)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  it('every 10001 row names its desc', () => {
    for (const c of contractCases) if (c.expect.code === 10001) expect(c.expect.desc, c.name).toBeTruthy();
  });

  // Sequential on purpose: rows may rely on the rows before them.
  for (const c of contractCases) {
    it(`${c.method} ${c.path} · ${c.name}`, async () => {
      const res = await gw.send(c.method, c.path, {
        as: c.as === 'anonymous' || c.as === 'admin' ? undefined : c.as,
        headers: c.as === 'admin' ? { 'x-admin-key': c.adminKey ?? DEMO_ADMIN_KEY } : undefined,
        query: c.query,
        body: c.body,
        form: c.form,
      });
      expect(res.status).toBe(200);
      expect({ code: res.json.code, desc: res.json.desc }).toEqual({
        code: c.expect.code,
        desc: c.expect.desc ?? (c.expect.code === 200 ? '成功' : res.json.desc),
      });
      if (c.expect.obj !== undefined) {
        if (c.expect.obj === null) expect(res.json.obj).toBeNull();
        else expect(res.json.obj).toMatchObject(c.expect.obj as object);
      }
    });
  }
});
