/**
 * The contract as OpenAPI 3.1 (decision 0063), generated from the routes the gateway declares
 * with `apiRoute` and the very zod schemas they validate with (`z.toJSONSchema`). Served at
 * `/openapi.json` outside production, written to docs/openapi.json by `npm run openapi`;
 * `openapi.test.ts` fails when a route has no entry here or an entry has no route.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { Code, Desc } from '../../contract/codes';
import { CLIENT_TYPE, CLIENT_VERSION, endpoints, Header } from '../../contract/endpoints';
import { updateHeadBody } from '../../contract/schemas';
import type { RouteContract } from './context';
import type { GuardMode } from './guard';

/** What the document says of one operation besides what its route declares. */
interface Operation {
  summary: string;
  /** The project's own extension (docs/product.md §7.6): the company's gateway must add it (README, "Settings"). */
  extension?: true;
  /** Stands in for a system outside the portal (the provider's, the company login): not for the company's gateway. */
  standIn?: true;
  /** A body the handler checks itself (the avatar's data URL, checked after its spaces are mended). */
  body?: z.ZodType;
}

/** Every enveloped route, by `METHOD path`. */
export const OPERATIONS: Record<string, Operation> = {
  [`GET ${endpoints.noticeList}`]: { summary: 'Notices of the caller, paged (prefix A)' },
  [`GET ${endpoints.noticeListB}`]: { summary: 'Notices of the caller, paged (prefix B)' },
  [`GET ${endpoints.noticeCount}`]: { summary: 'Unread notices of the caller' },
  [`PUT ${endpoints.noticeReadAll}`]: { summary: 'Marks every notice of the caller read' },
  [`PUT ${endpoints.noticeReadOne}`]: { summary: 'Marks one notice read when it is opened', extension: true },
  [`GET ${endpoints.consumeCount}`]: { summary: 'Service records of the caller, counted by state' },
  [`GET ${endpoints.consumeList}`]: { summary: 'Service records of the caller, paged' },
  [`GET ${endpoints.consumeDetail}`]: { summary: 'One service record of the caller', extension: true },
  [`POST ${endpoints.writeOff}`]: { summary: 'Starts a write-off: a 12-digit code for one right', extension: true },
  [`POST ${endpoints.evaluate}`]: { summary: 'Evaluates a written-off service' },
  [`GET ${endpoints.rightsList}`]: { summary: 'Rights of the caller, by state and product line', extension: true },
  [`GET ${endpoints.portalGetMore}`]: { summary: 'The home’s recommended services for an indexCode' },
  [`POST ${endpoints.updateHead}`]: { summary: 'Replaces the caller’s avatar (form data)', body: updateHeadBody },
  [`POST ${endpoints.updateInfo}`]: { summary: 'Updates the caller’s nickname and details', extension: true },
  [`GET ${endpoints.addressList}`]: { summary: 'Addresses of the caller', extension: true },
  [`POST ${endpoints.addressSave}`]: { summary: 'Adds or changes an address of the caller', extension: true },
  [`POST ${endpoints.addressDelete}`]: { summary: 'Deletes an address of the caller', extension: true },
  [`GET ${endpoints.loginCk}`]: { summary: 'Exchanges a login ticket for a session' },
  [`GET ${endpoints.loginCkNew}`]: { summary: 'Exchanges a login ticket for a session (new theme)' },
  [`POST ${endpoints.wxinfo}`]: { summary: 'Stores the caller’s WeChat profile' },
  [`GET ${endpoints.unbind}`]: { summary: 'Ends the caller’s session and unbinds WeChat' },
  [`GET ${endpoints.agreement}`]: { summary: 'Agreement versions and whether the caller agreed' },
  [`POST ${endpoints.agreementAgree}`]: { summary: 'The caller agrees to the current agreements' },
  [`POST ${endpoints.sendMq}`]: {
    summary: 'One analytics event (form data); `rum_vital` and `rum_error` payloads are checked (decision 0062)',
  },
  [`POST ${endpoints.adminWriteOffConfirm}`]: { summary: 'A provider confirms a write-off code', standIn: true },
  [`GET ${endpoints.adminAttribution}`]: { summary: 'Whom a customer’s first login was attributed to', standIn: true },
  [`POST ${endpoints.ssoSms}`]: { summary: 'Sends a login SMS code (the stand-in company login)', standIn: true },
};

/** An enveloped route as the app registered it. */
export interface ContractRoute {
  method: string;
  url: string;
  guard?: GuardMode;
  contract: RouteContract;
}

/** Every route as registered, and the enveloped ones with what they declare. */
export interface RegisteredRoutes {
  all: { method: string; url: string }[];
  contract: ContractRoute[];
}

/** Collects the app's routes as they are registered (an `onRoute` hook, added before any route). */
export function collectRoutes(app: FastifyInstance): RegisteredRoutes {
  const routes: RegisteredRoutes = { all: [], contract: [] };
  app.addHook('onRoute', (route: RouteOptions) => {
    // Fastify adds a HEAD twin to each GET: not a call of the contract.
    for (const method of [route.method].flat().filter((m) => m !== 'HEAD')) {
      routes.all.push({ method, url: route.url });
      const contract = route.config?.contract;
      if (contract) routes.contract.push({ method, url: route.url, guard: route.config?.guard, contract });
    }
  });
  return routes;
}

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

const envelopeRef = { $ref: '#/components/schemas/Envelope' };
const answer = (description: string) => ({ description, content: { 'application/json': { schema: envelopeRef } } });

function operation(route: ContractRoute, entry: Operation) {
  const parameters: unknown[] = [];
  if (route.guard) {
    parameters.push(
      ...['Nonce', 'Timestamp', 'ClientType', 'ClientVersion'].map((name) => ({
        $ref: `#/components/parameters/${name}`,
      })),
    );
  }
  const schema = entry.body ?? route.contract.input;
  let requestBody: unknown;
  if (schema && route.contract.from === 'query') {
    const object = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {}))
      parameters.push({ name, in: 'query', required: object.required?.includes(name) ?? false, schema: property });
  } else if (schema) {
    const body = { schema: jsonSchema(schema) };
    requestBody = {
      required: true,
      content: route.contract.jsonOnly
        ? { 'application/json': body }
        : { 'application/json': body, 'application/x-www-form-urlencoded': body },
    };
  }
  const security =
    route.guard === 'required'
      ? [{ bearer: [] }]
      : route.guard === 'optional'
        ? [{}, { bearer: [] }]
        : route.url.startsWith('/admin/')
          ? [{ adminKey: [] }]
          : [];
  return {
    summary: entry.summary,
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string = '') => c.toUpperCase())}`,
    'x-extension': entry.extension ?? false,
    ...(entry.standIn ? { 'x-stand-in': true } : {}),
    ...(route.guard ? { 'x-guard': route.guard } : {}),
    security,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': answer(
        `An envelope: code ${Code.ok} with obj; ${Code.unauthorized} (guard refused: obj.reason), ${Code.serverError}, or ${Code.businessError} with a Chinese desc`,
      ),
      '400': answer(`Malformed body or path: code ${Code.badRequest}, desc ${Desc.badRequest}`),
      ...(requestBody
        ? { '413': answer(`Body over the route's limit: code ${Code.tooLarge}, desc ${Desc.tooLarge}`) }
        : {}),
    },
  };
}

/**
 * The document for `routes`. Throws when a route has no entry in OPERATIONS or an entry has
 * no route: the two drift apart only by failing the build.
 */
export function openApiDocument(routes: readonly ContractRoute[]) {
  const keys = new Set(routes.map((r) => `${r.method} ${r.url}`));
  const missing = [...keys].filter((key) => !OPERATIONS[key]);
  const stale = Object.keys(OPERATIONS).filter((key) => !keys.has(key));
  if (missing.length || stale.length)
    throw new Error(
      `OpenAPI operations and routes differ: ${[...missing.map((k) => `no entry for ${k}`), ...stale.map((k) => `no route for ${k}`)].join('; ')}`,
    );
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method)))
    (paths[route.url] ??= {})[route.method.toLowerCase()] = operation(
      route,
      OPERATIONS[`${route.method} ${route.url}`],
    );
  const header = (name: string, description: string, schema: unknown, required: boolean) => ({
    name,
    in: 'header',
    required,
    description,
    schema,
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Health-benefit portal: the gateway calls',
      version: CLIENT_VERSION,
      description:
        'Every call answers an envelope { code, desc, obj } (docs/product.md §7.3), with HTTP 200 for the codes 200, 401, 500 and 10001. Prefix A is /gateway/user, prefix B /user-cloud. `x-extension: true` marks a call this project added (docs/product.md §7.6): the company’s gateway must provide it. `x-stand-in: true` marks a stand-in for a system outside the portal (the provider’s confirmation, the company login). `x-guard` is the request guard: the timestamp and nonce headers on every A and B call, and the bearer token when `required`.',
    },
    paths,
    components: {
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'desc', 'obj'],
          properties: {
            code: {
              type: 'integer',
              enum: Object.values(Code),
              description: `${Code.ok} success; ${Code.unauthorized} not logged in, token expired, stale timestamp or reused nonce (obj.reason: no-token, token-expired, clock, replay); ${Code.serverError} server fault; ${Code.businessError} refused by a business rule; ${Code.badRequest}, ${Code.notFound}, ${Code.tooLarge} travel as HTTP statuses too`,
            },
            desc: { type: 'string', description: 'A Chinese sentence the portal may show' },
            obj: { description: 'The answer; null on a refusal' },
          },
        },
      },
      parameters: {
        Nonce: header(
          Header.nonce,
          'A value never sent before within the replay window (the portal sends 32 hex)',
          { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
          true,
        ),
        Timestamp: header(
          Header.timestamp,
          'The client clock in milliseconds; refused (401, reason clock) beyond 5 minutes of the gateway’s',
          { type: 'string', pattern: '^\\d{1,15}$' },
          true,
        ),
        ClientType: header(Header.clientType, 'docs/product.md §7', { type: 'string', const: CLIENT_TYPE }, false),
        ClientVersion: header(
          Header.clientVersion,
          'docs/product.md §7',
          { type: 'string', examples: [CLIENT_VERSION] },
          false,
        ),
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: `${Header.authorization}: Bearer <token from login/rui/ck>`,
        },
        adminKey: { type: 'apiKey', in: 'header', name: Header.adminKey },
      },
    },
  };
}
