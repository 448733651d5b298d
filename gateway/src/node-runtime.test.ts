import { nodeRuntimeCases } from '../../scripts/node-runtime.cases';

nodeRuntimeCases('gateway');
