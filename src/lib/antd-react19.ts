// Deep on purpose: from 'antd-mobile' the build moves react-dom into a 7th first-screen file (+0.5 KB brotli).
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile v5 under React 19 (its guide "v5 for 19"): imperative APIs (Toast, Dialog)
 * render through `unstableSetRender`; without it they silently show nothing, and docs/product.md §8's
 * toast policy with them. NOTE: this module is imported by the lazy loaders of those APIs
 * (lib/toast.ts, lib/dialog.ts), not by main.tsx, so antd-mobile's render utilities stay off
 * the first screen (decision 0003). Importing it twice is harmless: it sets the same function.
 */
unstableSetRender((node, container) => {
  const host = container as Element & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    host._reactRoot = undefined;
  };
});
