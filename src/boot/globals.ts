import type { EarlyAnswer } from '@/lib/early-answer';
import type { IndexConfig, Notice, Page, Right, ServiceCatalog } from '@contract/types';

/** The home's two static files, as the boot module's early fetch names them (decision 0003). */
export interface EarlyFiles {
  indexConfig: IndexConfig;
  serviceCatalog: ServiceCatalog;
}

/** What the boot module asked for before the app ran; the app reads it and takes it (decision 0057). */
export interface EarlyCalls {
  /** The home's early fetch of its two files (api/early-json.ts reads it). */
  files?: Partial<Record<keyof EarlyFiles, Promise<unknown>>>;
  /** The early files that have already answered, by name (set as they arrive). */
  arrived?: Partial<EarlyFiles>;
  /**
   * The early fetch's `Date` header of its first response, or null when neither arrived; set
   * only on the home's paths (lib/clock.ts reads it).
   */
  date?: Promise<string | null>;
  /** /message's first page (decision 0040): only a page of notices. */
  notices?: EarlyAnswer<Page<Notice>>;
  /** /rights's list (decision 0050): only a non-empty list of rights. */
  rights?: EarlyAnswer<Right[]>;
}

/** The page's own hooks: index.html's two body scripts and the build's loader call them. */
export interface BootHooks {
  /** Runs `go` once the first contentful paint is reported (300 ms at the latest). */
  afterPaint: (go: () => void) => void;
  /** Right after the skeleton's banner place is parsed: the home's first banner in it. */
  banner?: () => void;
  /** Right after the skeleton is parsed: a drawn screen's frame in its place. */
  screen?: () => void;
  /** What the app's download waits for (a screen's early call, decision 0040). */
  hold?: Promise<unknown>;
}

/**
 * Every `window` global between what runs before the app and the app, declared here once
 * (decision 0057): three in all.
 */
declare global {
  interface Window {
    __early?: EarlyCalls;
    __boot?: BootHooks;
    /** Set by the start watchdog; the app calls it once it has rendered (app/root-layout.tsx). */
    __appStarted?: () => void;
  }
}

/** The early calls' record, made on first use. */
export function earlyCalls(): EarlyCalls {
  return (window.__early ??= {});
}
