import 'antd-mobile/es/global';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { installPreloadErrorRecovery } from './app/lazy-screen';
import { installRootFontSize } from './lib/rem';
import { installWeChatFixes } from './lib/wechat';
import { preloadOverlays } from './lib/toast';
import './config/env';

installRootFontSize();
installWeChatFixes();
installPreloadErrorRecovery();

async function start() {
  // Compared literally so the production build drops the mock worker entirely.
  if (import.meta.env.VITE_MOCK === '1') {
    const { startMockWorker } = await import('../tests/mocks/browser');
    await startMockWorker();
  }
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  preloadOverlays();
}

void start();
