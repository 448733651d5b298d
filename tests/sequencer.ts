import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` hands its files to the workers (decision 0070). Vitest keeps a worker's
 * module graph only while the next file in the queue belongs to the same project and DOM
 * environment; any other file ends that worker and starts a new one, which loads React,
 * antd-mobile, msw or PGlite again. So the files run in runs of one project and environment,
 * and the runs in this order: first the files that wait on processes, sockets and time-outs
 * (the gateway's, the scripts'), then the build's checks, then the portal's, whose many short
 * files last fill both cores evenly to the end. Within a run, Vitest's own order: the longest
 * first, by the last run's times.
 */
const RUNS = ['build', 'gateway', 'scripts', 'contract', 'portal-own-mocks', 'portal:jsdom', 'portal'];

function runOf(spec: TestSpecification): string {
  const name = spec.project.name;
  if (name !== 'portal') return name;
  const head = readFileSync(spec.moduleId, 'utf8').slice(0, 200);
  return /@vitest-environment jsdom/.test(head) ? 'portal:jsdom' : name;
}

export default class RunsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = new Map(sorted.map((spec) => [spec, RUNS.indexOf(runOf(spec))]));
    // Array.prototype.sort is stable: within a run, the order above stands.
    return sorted.sort((a, b) => rank.get(a)! - rank.get(b)!);
  }
}
