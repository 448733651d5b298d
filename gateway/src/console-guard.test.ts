import { consoleGuardCases } from '../../scripts/console-guard.cases';

consoleGuardCases('gateway/src/test-setup.ts');
