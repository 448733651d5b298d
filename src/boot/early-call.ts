import type { EarlyAnswer } from '@/lib/early-answer';
import { bootFrame, element, whenStyled } from './dom';
import type { BootHooks } from './globals';
import { specHeaders } from './spec-headers';

export interface EarlyDrawing<T> {
  /** The call, asked for while the HTML is parsed with docs/product.md §7's headers. */
  url: string;
  /** The customer's token the call carries: the app takes the answer only for them. */
  token: string;
  /** What the screen reads from the envelope; null leaves the answer to the app. */
  accept: (envelope: unknown) => T | null;
  /** Builds the screen's frame into its `.screen`, loading rows in place of the answer. */
  build: (screen: HTMLElement) => void;
  /** Puts the answer into the frame. */
  fill: (frame: HTMLElement, answer: T) => void;
  /** Resolves once what was drawn is on screen: the app's download waits for it. */
  shown: () => Promise<void>;
}

/**
 * A screen drawn from its own early call (decisions 0040, 0050): the call starts at once; the
 * frame replaces the boot skeleton once the screen's stylesheet has loaded; whichever comes
 * second fills it. The answer is kept for the app (`EarlyAnswer`), and the app's download is
 * held until the answer is on screen.
 */
export function drawFromEarlyCall<T>(hooks: BootHooks, drawing: EarlyDrawing<T>): EarlyAnswer<T> {
  let answer: T | undefined;
  let frame: HTMLElement | undefined;
  const early: EarlyAnswer<T> = {
    token: drawing.token,
    page: fetch(drawing.url, { headers: specHeaders() })
      .then((response) => response.json() as Promise<unknown>)
      .then((envelope) => {
        const accepted = drawing.accept(envelope);
        if (!accepted) return null;
        early.arrived = answer = accepted;
        if (frame) drawing.fill(frame, accepted);
        return accepted;
      })
      .catch(() => null),
  };
  hooks.hold = early.page.then((accepted) => (accepted && frame ? drawing.shown() : null));
  // Called right after index.html's boot skeleton: the screen's frame in its place, once styled.
  hooks.screen = () =>
    whenStyled(() => {
      const boot = document.querySelector('#root > .boot');
      if (!boot) return;
      frame = bootFrame('app');
      drawing.build(frame.appendChild(element('main')).appendChild(element('div', 'screen')));
      boot.replaceWith(frame);
      if (answer) drawing.fill(frame, answer);
    });
  return early;
}
