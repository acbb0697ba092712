import { expect, test } from 'vitest';
import { formatMachineSpeed, machineSpeed } from './machine-speed.js';

test('the speed check times real compiles and names its figure and the load in one line', () => {
  const speed = machineSpeed();
  // A compile of the report schema is work (code generation, then V8's compile): never free, never minutes.
  expect(speed.compileMs).toBeGreaterThan(0);
  expect(speed.compileMs).toBeLessThan(60_000);
  expect(speed.cores).toBeGreaterThan(0);
  const line = formatMachineSpeed(speed);
  expect(line).toContain(`speed check: ${speed.compileMs} ms per report-schema compile`);
  expect(line).toContain(`${speed.cores} cores`);
  expect(line.split('\n')).toHaveLength(1);
});
