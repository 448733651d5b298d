/**
 * zod for the contract's schemas. In a browser it checks without compiling a parser of its own:
 * the portal's Content-Security-Policy has no 'unsafe-eval' (gateway/src/csp.ts), and zod's test
 * for `new Function` at the first object schema is a CSP violation, reported wherever the policy
 * reports. The gateway keeps the compiled parsers (decision 0047).
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
