import { consoleGuardCases } from '../../scripts/console-guard.cases';

consoleGuardCases('tests/setup.ts');
