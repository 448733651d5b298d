import { checkNodeRuntime, pinnedNode } from './node-runtime';

/** Which Node a vitest project runs on: each project checks its own workers. */
export function nodeRuntimeCases(project: string): void {
  describe(`the Node the ${project} tests run on (decision 0060)`, () => {
    it('is the pinned Node 24 under npm, and meets engines otherwise', () => {
      expect(pinnedNode).toMatch(/^24\./);
      expect(checkNodeRuntime()).toBeNull();
    });

    it('refuses another Node under npm, and one below engines', () => {
      expect(checkNodeRuntime('20.20.2', true)).toContain('not the pinned');
      expect(checkNodeRuntime('20.20.2', false)).toContain('below engines');
      expect(checkNodeRuntime(pinnedNode, true)).toBeNull();
    });
  });
}
