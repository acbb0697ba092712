// The suites' worker thread when a process runs the suites more than once (lib/vitest/kept-threads.ts): vitest's own
// thread worker, built from vitest's worker API, except that a stop leaves the thread listening for the next run's
// start instead of deaf, and that a new start forgets every module the last run evaluated through vitest (the suites
// and their support: their state is the run's), so each run begins as in a new thread. What node loaded itself (vitest,
// the packages, lib/ compiled) stays loaded: loading it again was most of a run's start. Plain JavaScript: the thread
// starts it before any TypeScript loader is there.
import { parentPort } from 'node:worker_threads';
import { init, runBaseTests, setupEnvironment } from 'vitest/worker';

if (parentPort === null) throw new Error('kept-thread-entry runs in a worker thread');
const port = parentPort;

// init's own listener is the first one it adds; every later one is a run's (its RPC) and goes with the run's stop.
let initListener;
const runListeners = new Set();
// The modules the last run evaluated through vitest: the same map for every run of this thread (vitest's worker keeps
// one), emptied when the next run starts.
let evaluated;

init({
  post: (response) => port.postMessage(response),
  on: (callback) => {
    if (initListener === undefined) initListener = callback;
    else runListeners.add(callback);
    port.on('message', callback);
  },
  off: (callback) => {
    runListeners.delete(callback);
    port.off('message', callback);
  },
  teardown: () => {
    for (const callback of runListeners) port.off('message', callback);
    runListeners.clear();
  },
  setup: (context) => {
    evaluated?.clear();
    return setupEnvironment(context);
  },
  runTests: async (state, traces) => {
    try {
      await runBaseTests('run', state, traces);
    } finally {
      evaluated = state.evaluatedModules;
    }
  },
  collectTests: async (state, traces) => {
    try {
      await runBaseTests('collect', state, traces);
    } finally {
      evaluated = state.evaluatedModules;
    }
  },
});
