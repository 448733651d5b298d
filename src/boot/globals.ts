import type { EarlyAnswer } from '@/lib/early-answer';
import type { IndexConfig, Notice, Page, Right, ServiceCatalog } from '@contract/types';

/** The home's two static files, as index.html's early fetch names them (decision 0003). */
export interface EarlyFiles {
  indexConfig: IndexConfig;
  serviceCatalog: ServiceCatalog;
}

/**
 * Every `window` global the app reads from what ran before it (index.html's inline scripts and
 * the boot module, decision 0057), declared here once.
 */
declare global {
  interface Window {
    /** The home's early fetch of its two files (api/early-json.ts reads it). */
    __early?: Partial<Record<keyof EarlyFiles, Promise<unknown>>>;
    /** The early files that have already answered, by name (index.html sets them as they arrive). */
    __earlyArrived?: Partial<EarlyFiles>;
    /**
     * The early fetch's `Date` header of its first response, or null when neither arrived; set
     * only on the home's paths (lib/clock.ts reads it).
     */
    __earlyDate?: Promise<string | null>;
    /**
     * On a drawn screen (decisions 0040, 0050): draws the screen's own frame in place of the boot
     * skeleton; on /indexNew, given the fetched configuration, its banner again.
     */
    __bootScreen?: (config?: unknown) => void;
    /** What the app's download waits for (a screen's early call, decision 0040). */
    __holdApp?: Promise<unknown>;
    /** /message's first page as the boot module asked for it (decision 0040): only a page of notices. */
    __earlyNotices?: EarlyAnswer<Page<Notice>>;
    /** /rights's list as the boot module asked for it (decision 0050): only a non-empty list of rights. */
    __earlyRights?: EarlyAnswer<Right[]>;
  }
}
