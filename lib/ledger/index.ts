/**
 * The cleanup ledger: what the probe created on a target and has not deleted yet, kept on disk so
 * that a crashed run's leftovers are known and deleted by the next run or `npm run cleanup`.
 */
export { appendLines } from './append.js';
export { readLedgerFile, parseLedger, type LedgerFile } from './read.js';
export { outstanding, runOf } from './outstanding.js';
export { processAlive, runActive, systemLiveness, type LivenessProbe } from './liveness.js';
export { newRunId, runFile, targetFolder, targetKey } from './paths.js';
export { allRunFiles, inspectRunFile, targetRunFiles, type RunFile } from './select.js';
export { sweep, removeRunFile, type SweepOptions, type SweepResult, type SweptEntry } from './sweep.js';
export { dropFinishedEmbedded, type Dropped } from './drop-embedded.js';
export { cleanupEngine, CLEANUP_MAX_MS } from './cleanup-engine.js';
export { describeSweep } from './describe.js';
export { RunLedger, type CreateUndo, type RunLedgerOptions } from './run-ledger.js';
export { openRunLedger, sweepWithEngine, type OpenRunLedgerOptions, type ReconcileResult, type RunLedgerHandle } from './open-run-ledger.js';
export { ledgerOutcome, leftOnTargetLine, type LedgerOutcome, type LeftOnTarget } from './left-on-target.js';
export * from './types.js';
