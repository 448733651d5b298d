import { maskPhone } from '@contract/validation';
import { bootFrame, element } from './dom';
import type { BootHooks } from './globals';
import { storedCustomer } from './stored-customer';
import type { FirstPaintTemplates } from './templates';
import { fromTemplate } from './templates';

/**
 * /mine opened by a customer (decision 0050): the personal centre's header from the persisted
 * store (the avatar's place, the nickname, the phone masked as the screen masks it) and the
 * counts' loading row, in place of the boot skeleton, before the app has run. Its row in
 * app/routes.ts says 'inlined-css': what it draws needs only the stylesheet index.html inlines.
 * src/app/first-paint-structure.test.tsx compares it with the screen's first render.
 */
export function drawMineHeader(hooks: BootHooks, templates: FirstPaintTemplates): void {
  const customer = storedCustomer();
  if (location.pathname !== '/mine' || !customer) return;
  hooks.screen = () => {
    const boot = document.querySelector('#root > .boot');
    if (!boot) return;
    const frame = bootFrame('app app--tabbed');
    const header = fromTemplate(templates.mineHeader, {
      nickname: customer.nickname,
      phone: maskPhone(customer.mobilePhone),
    });
    const counts = fromTemplate(templates.mineCounts);
    const mine = frame
      .appendChild(element('main'))
      .appendChild(element('div', 'screen'))
      .appendChild(element('div', 'mine'));
    mine.appendChild(header);
    mine.appendChild(element('div', 'mine__body')).appendChild(counts);
    frame.appendChild(element('div', 'boot__tabbar'));
    boot.replaceWith(frame);
  };
}
