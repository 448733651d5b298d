/**
 * npm run openapi: writes the contract as OpenAPI 3.1 to docs/openapi.json (decision 0063), from
 * the routes the gateway registers. No database is opened: registering routes reads none.
 */
import { writeFileSync } from 'node:fs';
import { buildApp } from '../gateway/src/app';
import { loadConfig } from '../gateway/src/config';
import type { Db } from '../gateway/src/db/index';

export const OPENAPI_FILE = 'docs/openapi.json';

/** The document as the committed file holds it. */
export async function openApiText(): Promise<string> {
  const app = await buildApp({ db: {} as Db, config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }) });
  await app.ready();
  const text = `${JSON.stringify(app.openApi(), null, 2)}\n`;
  await app.close();
  return text;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(OPENAPI_FILE, await openApiText());
  console.log(`wrote ${OPENAPI_FILE}`);
}
