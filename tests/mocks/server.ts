import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** msw for vitest (node). Per-test overrides with `server.use(...)`. */
export const server = setupServer(...handlers);
