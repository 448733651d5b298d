/**
 * antd-mobile's Dialog, loaded on first use (decision 0003), with the React 19 render set first.
 */
import { createElement } from 'react';
// Deep like antd-react19's unstableSetRender, so both reach one copy of antd-mobile in the tests too
// (where 'antd-mobile' is its CommonJS build); top-level would save 0.1 KB brotli on the first screen.
type DialogModule = typeof import('antd-mobile/es/components/dialog');

let dialogModule: Promise<DialogModule> | undefined;

export function loadDialog(): Promise<DialogModule> {
  dialogModule ??= import('./antd-react19').then(() => import('antd-mobile/es/components/dialog'));
  return dialogModule;
}

/**
 * A dialog button's label. antd-mobile's buttons are 45 px tall at 375 wide but scale with the
 * width like every size (38 px at 320); the label's floor keeps them a touch target tall
 * (decision 0018, `.dialog-action` in global.css).
 */
const action = (text: string) => createElement('span', { className: 'dialog-action' }, text);

/** Asks the user to confirm; resolves true when they do. */
export async function confirm(options: {
  title: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
}): Promise<boolean> {
  const { default: Dialog } = await loadDialog();
  return Dialog.confirm({
    title: options.title,
    // antd-mobile's role="dialog" has no name of its own (axe aria-dialog-name): its title names it.
    'aria-label': options.title,
    content: options.content,
    confirmText: action(options.confirmText ?? '确定'),
    cancelText: action(options.cancelText ?? '取消'),
  });
}
