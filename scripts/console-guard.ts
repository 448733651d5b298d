/**
 * Both vitest projects' setup (tests/setup.ts, gateway/src/test-setup.ts): a test fails on a
 * console.error or console.warn it did not declare with `expectConsole`, and on a declared one
 * that never came. Nothing reaches the terminal: an undeclared message is in the failure.
 */
import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

type Level = 'error' | 'warn';

interface Expected {
  level: Level;
  pattern: RegExp;
  seen: number;
}

let expected: Expected[] = [];
let unexpected: string[] = [];

/**
 * Declares that the running test prints a console.`level` matching `pattern` (a message or a
 * part of one): it is silenced, and the test fails if nothing matching was printed.
 */
export function expectConsole(level: Level, pattern: RegExp | string): void {
  const regexp = typeof pattern === 'string' ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : pattern;
  expected.push({ level, pattern: regexp, seen: 0 });
}

export function installConsoleGuard(): void {
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      const text = format(...args);
      const declared = expected.find((entry) => entry.level === level && entry.pattern.test(text));
      if (declared) {
        declared.seen += 1;
        return;
      }
      unexpected.push(`console.${level}: ${text}`);
    };
  }

  beforeEach(() => {
    expected = [];
    unexpected = [];
  });

  afterEach(() => {
    const verdict = consoleVerdict();
    if (verdict) throw new Error(verdict);
  });
}

/** What the running test printed against what it declared (null: all in order); starts afresh. */
export function consoleVerdict(): string | null {
  const missing = expected.filter((entry) => entry.seen === 0);
  const printed = unexpected;
  expected = [];
  unexpected = [];
  if (printed.length > 0) {
    return `The test printed what it did not declare (expectConsole, scripts/console-guard.ts):\n${printed.join('\n')}`;
  }
  if (missing.length > 0) {
    const list = missing.map((entry) => `console.${entry.level}: ${entry.pattern}`).join('\n');
    return `The test declared a console message that never came:\n${list}`;
  }
  return null;
}
