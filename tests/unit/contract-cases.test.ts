/**
 * The gateway's table of contract cases (gateway/src/contract-cases.ts), run against the msw
 * handlers: the mocks the portal's tests rely on answer exactly as the real gateway does
 * (docs/product.md §11.2: one table, both sides, so they cannot drift).
 */
import { type CaseActor, contractCases } from '../../gateway/src/contract-cases';
import { mockToken } from '../mocks/db';

const phones: Partial<Record<CaseActor, string>> = {
  customer: '13800138000',
  agent: '13900139000',
  empty: '13700137000',
};

/** Sends one row to msw as the portal would, and returns the HTTP status and envelope. */
async function send(c: (typeof contractCases)[number]) {
  const url = new URL(`http://localhost${c.path}`);
  for (const [key, value] of Object.entries(c.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = {
    nonce: crypto.randomUUID(),
    timestamp: String(Date.now()),
    clientType: 'H5',
    clientVersion: '2.2.1',
  };
  const phone = phones[c.as];
  if (phone) headers.Authorization = `Bearer ${mockToken(phone)}`;
  if (c.as === 'admin') headers['X-Admin-Key'] = c.adminKey ?? 'demo-admin-key';
  let body: string | undefined;
  if (c.body !== undefined) {
    headers['Content-Type'] = c.form ? 'application/x-www-form-urlencoded' : 'application/json';
    body = c.form ? new URLSearchParams(c.body as Record<string, string>).toString() : JSON.stringify(c.body);
  }
  const response = await fetch(url, { method: c.method, headers, body });
  return { status: response.status, json: (await response.json()) as { code: number; desc: string; obj: unknown } };
}

describe('msw handlers follow the contract cases', () => {
  // One test: rows rely on the rows before them, and the setup resets msw's db after each test.
  it(`answers all ${contractCases.length} rows as the gateway does`, async () => {
    for (const c of contractCases) {
      const label = `${c.method} ${c.path} · ${c.name}`;
      const { status, json } = await send(c);
      expect.soft(status, label).toBe(200);
      expect.soft({ code: json.code, desc: json.desc }, label).toEqual({
        code: c.expect.code,
        desc: c.expect.desc ?? (c.expect.code === 200 ? '成功' : json.desc),
      });
      if (c.expect.obj === null) expect.soft(json.obj, label).toBeNull();
      else if (c.expect.obj !== undefined) expect.soft(json.obj, label).toMatchObject(c.expect.obj as object);
    }
  });
});
