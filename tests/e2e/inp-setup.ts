import { basename } from 'node:path';
import { afterAll, expect, inject } from 'vitest';
import { saveTaps } from './inp';

// Each test file's taps, for the summary the suite prints at its end (tests/e2e/inp.ts).
afterAll(() => saveTaps(inject('runDir'), basename(expect.getState().testPath ?? '?')));
