import { expect, test } from 'vitest';
import config from '../../vitest.config.js';
import { inNameOrder, slowestFirst } from './name-order-sequencer.js';

const spec = (project: string, moduleId: string) => ({ project: { name: project }, moduleId });

test('the suites files go in name order; the tool files keep the slots and order vitest gave them', () => {
  // As vitest's own sort left them: failed first, then slowest first, projects interleaved by name.
  const given = [
    spec('suites', '/r/suites/05-protocol.test.ts'),
    spec('suites', '/r/suites/04-properties.test.ts'),
    spec('suites', '/r/suites/03-value-classes.test.ts'),
    spec('suites', '/r/suites/02-presence-matrix.test.ts'),
    spec('suites', '/r/suites/06-events.test.ts'),
    spec('suites', '/r/suites/01-spec-observations.test.ts'),
    spec('tool', '/r/test/slow.test.ts'),
    spec('tool', '/r/lib/a.test.ts'),
  ];
  const sorted = inNameOrder(given, new Set(['suites']));
  expect(sorted.map((s) => s.moduleId.split('/').pop())).toEqual([
    '01-spec-observations.test.ts',
    '02-presence-matrix.test.ts',
    '03-value-classes.test.ts',
    '04-properties.test.ts',
    '05-protocol.test.ts',
    '06-events.test.ts',
    'slow.test.ts',
    'a.test.ts',
  ]);
});

test('the sequencer is set at the root of vitest.config.ts, the only place vitest 4.1 reads it', () => {
  const root = config.test;
  expect(root?.sequence?.sequencer).toBeTypeOf('function');
  for (const project of root?.projects ?? []) {
    const inner = typeof project === 'object' && project !== null && 'test' in project ? project.test : undefined;
    expect(inner?.sequence?.sequencer, 'a sequencer inside a project is ignored').toBeUndefined();
  }
});

test('the files named slow go first, in the order named; the rest keep the order vitest gave them', () => {
  const given = ['/r/lib/a.test.ts', '/r/test/medium.test.ts', '/r/lib/b.test.ts', '/r/test/slowest.test.ts'].map((moduleId) => ({
    moduleId,
  }));
  const sorted = slowestFirst(given, ['test/slowest.test.ts', 'test/medium.test.ts', 'test/absent.test.ts']);
  expect(sorted.map((s) => s.moduleId)).toEqual([
    '/r/test/slowest.test.ts',
    '/r/test/medium.test.ts',
    '/r/lib/a.test.ts',
    '/r/lib/b.test.ts',
  ]);
});
