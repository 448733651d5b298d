/**
 * antd-mobile's Dialog, loaded on first use (issue 9), with the React 19 render set first.
 */
type DialogModule = typeof import('antd-mobile/es/components/dialog');

let dialogModule: Promise<DialogModule> | undefined;

export function loadDialog(): Promise<DialogModule> {
  dialogModule ??= import('./antd-react19').then(() => import('antd-mobile/es/components/dialog'));
  return dialogModule;
}

/** Asks the user to confirm; resolves true when they do. */
export async function confirm(options: { title: string; content: string; confirmText?: string; cancelText?: string }): Promise<boolean> {
  const { default: Dialog } = await loadDialog();
  return Dialog.confirm({
    title: options.title,
    content: options.content,
    confirmText: options.confirmText ?? '确定',
    cancelText: options.cancelText ?? '取消',
  });
}
