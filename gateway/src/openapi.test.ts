import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { endpoints } from '../../contract/endpoints';
import { evaluateBody } from '../../contract/schemas';
import { OPENAPI_FILE, openApiText } from '../../scripts/openapi';
import { WX_AVATAR_PATH } from './routes/sso';
import { createTestGateway, type TestGateway } from './test-helpers';

/**
 * The contract as OpenAPI 3.1 (decision 0063): every call of the API has its entry and every
 * entry its route, the document is valid, and docs/openapi.json is what `npm run openapi` writes.
 */

/** The API's prefixes (app.ts's API_ROUTE): what the document must cover. */
const API_ROUTE = /^\/(?:gateway\/user|user-cloud|sso|admin)\//;
/** The stand-in company login's own page, stylesheet, script and picture: HTML and files, not calls. */
const LOGIN_PAGE = [
  `GET ${endpoints.ssoLogin}`,
  `POST ${endpoints.ssoLogin}`,
  'GET /sso/sso.css',
  'GET /sso/sso.js',
  `GET ${WX_AVATAR_PATH}`,
];

describe('OpenAPI document', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  it('has an operation for every call of the API, and no operation without its route', () => {
    const calls = gw.app.registeredRoutes.all
      .filter((route) => API_ROUTE.test(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !LOGIN_PAGE.includes(key));
    const paths = gw.app.openApi().paths as Record<string, Record<string, unknown>>;
    const documented = Object.entries(paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.sort()).toEqual(calls.sort());
    expect(calls.length).toBeGreaterThan(20);
  });

  it('describes each route with the very schema it validates with', () => {
    const route = gw.app.registeredRoutes.contract.find((r) => r.url === endpoints.evaluate)!;
    expect(route.contract.input).toBe(evaluateBody);
    const operation = (gw.app.openApi().paths as Record<string, Record<string, { requestBody: unknown }>>)[
      endpoints.evaluate
    ].post;
    const { content } = operation.requestBody as { content: Record<string, { schema: object }> };
    const { $schema: _, ...schema } = z.toJSONSchema(evaluateBody, { io: 'input', unrepresentable: 'any' });
    expect(content['application/json'].schema).toEqual(schema);
    expect(content['application/x-www-form-urlencoded'].schema).toEqual(schema);
  });

  it('marks the project’s extensions and the guard of each call', () => {
    const paths = gw.app.openApi().paths as Record<string, Record<string, Record<string, unknown>>>;
    expect(paths[endpoints.rightsList].get['x-extension']).toBe(true);
    expect(paths[endpoints.noticeReadOne].put['x-extension']).toBe(true);
    expect(paths[endpoints.noticeList].get['x-extension']).toBe(false);
    expect(paths[endpoints.noticeList].get['x-guard']).toBe('required');
    expect(paths[endpoints.sendMq].post['x-guard']).toBe('optional');
    expect(paths[endpoints.adminWriteOffConfirm].post['x-stand-in']).toBe(true);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(gw.app.openApi());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is served at /openapi.json outside production', async () => {
    const res = await gw.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(gw.app.openApi());
  });

  it('is committed as docs/openapi.json as `npm run openapi` writes it', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8'), 'docs/openapi.json is stale: run `npm run openapi`').toBe(
      await openApiText(),
    );
  });
});
