import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` hands its files to the workers (decision 0070). Vitest keeps a worker's
 * module graph only while the next file in the queue belongs to the same project and DOM
 * environment; any other file ends that worker and starts a new one, which loads React,
 * antd-mobile, msw or PGlite again. So the files run in runs of one project and environment,
 * and the runs in this order: the build's checks, then the files that wait on processes,
 * sockets and time-outs (the gateway's, the scripts'), then the portal's, whose many short
 * files last fill every worker evenly to the end.
 */
const RUNS = ['build', 'gateway', 'scripts', 'contract', 'portal-own-mocks', 'portal:jsdom', 'portal'];

/**
 * What makes a file long with no times to go by: the processes it starts (each a Node with its
 * own database, and the waits on it), then the databases.
 */
const PROCESSES = /\b(startGateway|startToExit|spawn|execFile)\(/g;
const DATABASES = /\b(freshDb|createTestGateway|seededDataDir|openDb)\(/g;

interface Facts {
  run: number;
  starts: number;
}

function factsOf(spec: TestSpecification): Facts {
  const text = readFileSync(spec.moduleId, 'utf8');
  const name = spec.project.name;
  const run = name === 'portal' && /@vitest-environment jsdom/.test(text.slice(0, 200)) ? 'portal:jsdom' : name;
  const count = (pattern: RegExp) => text.match(pattern)?.length ?? 0;
  return { run: RUNS.indexOf(run), starts: 10 * count(PROCESSES) + count(DATABASES) };
}

export default class RunsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Within a run, Vitest's order: the longest first by the last run's times, or with no times
    // yet (a fresh clone), the largest file first; then here, with no times, the files that
    // start the most processes and databases first, since those are the long ones.
    const sorted = await super.sort(files);
    const facts = new Map(sorted.map((spec) => [spec, factsOf(spec)]));
    const cache = this.ctx.cache;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const untimedRuns = new Set(
      sorted.filter((spec) => cache.getFileTestResults(key(spec)) === undefined).map((spec) => facts.get(spec)!.run),
    );
    // Array.prototype.sort is stable: what this does not decide stays in Vitest's order.
    return sorted.sort((a, b) => {
      const [fa, fb] = [facts.get(a)!, facts.get(b)!];
      if (fa.run !== fb.run) return fa.run - fb.run;
      return untimedRuns.has(fa.run) ? fb.starts - fa.starts : 0;
    });
  }
}
