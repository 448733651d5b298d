import { consoleVerdict, expectConsole } from './console-guard';

/** The console guard's own tests, run by each vitest project's setup that installs it. */
export function consoleGuardCases(setup: string): void {
  describe(`the console guard of ${setup}`, () => {
    it('fails a test on a console.error or console.warn it did not declare', () => {
      console.error('an error no one declared', { code: 1 });
      console.warn('a warning no one declared');
      const verdict = consoleVerdict();
      expect(verdict).toContain('console.error: an error no one declared { code: 1 }');
      expect(verdict).toContain('console.warn: a warning no one declared');
    });

    it('silences a declared message, by part of its text or a pattern', () => {
      expectConsole('error', 'chunk failed');
      expectConsole('warn', /^deprecated: \w+$/);
      console.error(new Error('the chunk failed to load'));
      console.warn('deprecated: thing');
      expect(consoleVerdict()).toBeNull();
    });

    it('fails a test whose declared message never came, or came at another level', () => {
      expectConsole('error', 'chunk failed');
      console.warn('chunk failed');
      const verdict = consoleVerdict();
      expect(verdict).toContain('console.warn: chunk failed');
      expectConsole('warn', 'never printed');
      expect(consoleVerdict()).toContain('never came:\nconsole.warn: /never printed/');
    });
  });
}
