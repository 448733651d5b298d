/** vitest setup for the gateway: no console.error or console.warn a test did not declare. */
import { installConsoleGuard } from '../../scripts/console-guard';

installConsoleGuard();
