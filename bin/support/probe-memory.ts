/**
 * The probe's memory settings (docs/performance.md, memory), given to V8 as the probe's first step: imported by its
 * entry point before anything that allocates much is loaded, so that every start of the probe has them, through the
 * package's command or `node dist/bin/probe.js`, without a second process to carry node flags.
 *
 * - `--max-semi-space-size=1`: V8's young generation of each heap at 1 MB. Set now, it holds for every heap made from
 *   here on (the suites' worker thread, whose heap is most of the run's); measured, the run's peak is the same as
 *   with the flag given when node starts.
 * - `--optimize-for-size`: V8 keeps less compiled code and smaller heaps.
 * - `--liftoff-only`: WebAssembly stays on V8's baseline compiler. undici parses HTTP with llhttp compiled to
 *   WebAssembly, and once its parser grew hot V8 recompiled it with TurboFan: about 35 MB for a moment in a
 *   background thread, the run's highest point, and 8% more CPU.
 *
 * Node's `--v8-pool-size=1` (fewer V8 background threads, about 7 MB) can only be given when node starts:
 * `NODE_OPTIONS=--v8-pool-size=1` gives it.
 */
import { setFlagsFromString } from 'node:v8';

export const PROBE_V8_FLAGS = ['--max-semi-space-size=1', '--optimize-for-size', '--liftoff-only'] as const;

for (const flag of PROBE_V8_FLAGS) setFlagsFromString(flag);
