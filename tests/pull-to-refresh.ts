import { act, fireEvent } from '@testing-library/react';

/**
 * Lets antd-mobile's PullToRefresh run under jsdom for the tests of the file that calls it
 * (in its describe block or at the top): before each test, two things jsdom lacks.
 *  - PullToRefresh climbs scroll parents until one is `instanceof Window`; vitest's jsdom
 *    window is Node's global object, which is not, so the climb would never end.
 *  - Its pull distances are measured on `.adm-px-tester` elements as the list renders; jsdom
 *    lays them out 0 tall, which makes every pull too short.
 */
export function allowPullToRefresh(): void {
  let realWindow: typeof Window;
  let measure: typeof HTMLElement.prototype.getBoundingClientRect;
  beforeEach(() => {
    realWindow = globalThis.Window;
    globalThis.Window = { [Symbol.hasInstance]: (value: unknown) => value === window } as unknown as typeof Window;
    measure = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      if (!this.classList.contains('adm-px-tester')) return measure.call(this);
      const size = Number(this.style.getPropertyValue('--size'));
      return { x: 0, y: 0, top: 0, left: 0, right: size, bottom: size, width: size, height: size, toJSON: () => ({}) };
    };
  });
  afterEach(() => {
    globalThis.Window = realWindow;
    HTMLElement.prototype.getBoundingClientRect = measure;
  });
}

/**
 * Pulls `element` down with one finger as a customer does at the top of a list: touch, drag
 * `distance` px down in steps, release. Needs `allowPullToRefresh()` in the test file.
 */
export async function pullDown(element: Element, distance = 200): Promise<void> {
  const at = (y: number) => ({
    identifier: 1,
    target: element,
    clientX: 100,
    clientY: y,
    pageX: 100,
    pageY: y,
    screenX: 100,
    screenY: y,
  });
  const start = 100;
  await act(async () => {
    fireEvent.touchStart(element, { touches: [at(start)], targetTouches: [at(start)], changedTouches: [at(start)] });
  });
  for (let moved = 20; moved <= distance; moved += 20) {
    const touch = at(start + moved);
    await act(async () => {
      fireEvent.touchMove(element, { touches: [touch], targetTouches: [touch], changedTouches: [touch] });
    });
  }
  await act(async () => {
    fireEvent.touchEnd(element, { touches: [], targetTouches: [], changedTouches: [at(start + distance)] });
  });
}
