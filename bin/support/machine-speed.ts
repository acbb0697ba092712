/**
 * How fast this machine does the tool's own kind of work, printed beside the durations of `npm test` and
 * `npm run bench` so that figures from different days or machines can be compared. The same commit
 * (56538e1) took 335 s of CPU in `npm test` on one day's 2-core machine and 949 s on the next day's: a
 * duration alone cannot say whether the code or the machine got slower (docs/performance.md).
 *
 * The workload is one the probe itself does once per run: compiling the behaviour-report schema with ajv
 * (code generation, then V8 compiling the generated function). One compile warms up, then the median of
 * five. Lower is faster; it moves with the CPU's speed and with what else runs on it (see the load average).
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { compileShippedSchema } from '../../lib/schema/shipped-schema.js';

export interface MachineSpeed {
  /** Median milliseconds of one compile of the behaviour-report schema. */
  compileMs: number;
  cpu: string;
  cores: number;
  loadAverage: number;
}

const ROUNDS = 5;

export function machineSpeed(): MachineSpeed {
  compileShippedSchema('behaviour-report');
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    compileShippedSchema('behaviour-report');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    compileMs: Math.round(times[Math.floor(ROUNDS / 2)] ?? 0),
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    loadAverage: loadavg()[0] ?? 0,
  };
}

export function formatMachineSpeed(m: MachineSpeed): string {
  return `machine: ${m.cores} cores (${m.cpu}), load average ${m.loadAverage.toFixed(2)}; speed check: ${m.compileMs} ms per report-schema compile (lower is faster)`;
}
