import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reloadPage } from '@/lib/browser-location';
import { RELOAD_KEY } from './lazy-screen';

/**
 * The root error element: a screen failed to load even after the guarded reload, or a screen
 * threw. Instead of the original's blank page, say so and offer to try again.
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : undefined;

  // The app runs and offers its own retry: index.html's start watchdog stands down (decision 0058).
  useEffect(() => {
    window.__appStarted?.();
  }, []);

  const retry = () => {
    sessionStorage.removeItem(RELOAD_KEY);
    reloadPage();
  };

  // It replaces the root layout, so it brings the page's one <main>; the message is the alert
  // (a role on <main> would take its landmark away, and an alert holds no controls).
  return (
    <main className="route-error">
      <div className="route-error__body">
        <svg className="route-error__art" viewBox="0 0 120 120" aria-hidden="true">
          <circle cx="60" cy="60" r="50" fill="var(--app-color-primary-soft)" />
          <path
            d="M40 70c6-8 14-12 20-12s14 4 20 12"
            stroke="var(--app-color-primary)"
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          />
          <circle cx="46" cy="48" r="5" fill="var(--app-color-primary)" />
          <circle cx="74" cy="48" r="5" fill="var(--app-color-primary)" />
        </svg>
        <h1 className="route-error__title">页面加载失败</h1>
        <p className="route-error__text" role="alert">
          {status ? `错误代码 ${status}，` : ''}可能是网络不稳定，请检查网络后重试。
        </p>
        <button type="button" className="app-button app-button--primary" onClick={retry}>
          重新加载
        </button>
      </div>
    </main>
  );
}
