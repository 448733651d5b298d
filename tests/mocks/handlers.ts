import { accountHandlers } from './handlers/account';
import { adminHandlers, benefitHandlers } from './handlers/benefits';
import { noticeHandlers } from './handlers/notices';
import { portalHandlers } from './handlers/portal';

/** The whole contract, mocked (docs/product.md §1.2): used by vitest and by `npm run dev:mock`. */
export const handlers = [
  ...noticeHandlers,
  ...benefitHandlers,
  ...accountHandlers,
  ...portalHandlers,
  ...adminHandlers,
];
