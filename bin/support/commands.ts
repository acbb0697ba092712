/**
 * The package's commands: the entry point each runs, the node flags it starts with, and the settings it reads.
 * The launcher (bin/cli.ts) starts them; each command reads its settings once (bin/support/cli.ts), only those
 * listed here, so that a value an offline command never uses cannot stop it and its --help lists what matters.
 */
import type { SettingGroup } from '../../lib/config/settings.js';

/**
 * Node's flags for the probe: its memory settings (docs/performance.md), the same as `npm run probe`'s
 * (a test keeps the two in step). `--liftoff-only` keeps WebAssembly on V8's baseline compiler: undici parses HTTP
 * with llhttp compiled to WebAssembly, and once its parser grew hot V8 recompiled it with TurboFan: about 35 MB for
 * a moment in a background thread, the run's highest point, and 8% more CPU (docs/performance.md).
 */
export const PROBE_NODE_FLAGS = ['--optimize-for-size', '--max-semi-space-size=1', '--v8-pool-size=1', '--liftoff-only'] as const;

export interface Command {
  /** The entry point's name in this folder, without its extension (.ts in the sources, .js compiled). */
  script: string;
  /** Node flags before the script. */
  node: readonly string[];
  /** Arguments the command always gets first. */
  args?: readonly string[];
  /** The settings it reads: whole groups, and single settings of other groups. */
  reads: { groups: readonly SettingGroup[]; settings?: readonly string[] };
}

/** Where the operation comes from: every command that speaks of the operation reads these. */
const OPERATION_SETTINGS = ['OPERATION', 'OPENAPI', 'OPERATION_ID'] as const;
/** What a command that sends requests reads besides its own: where, with what token, at what pace, through what network. */
const SENDS = { groups: ['target', 'credentials', 'pacing', 'network'] } as const;

export const COMMANDS: Readonly<Record<string, Command>> = {
  probe: {
    script: 'probe',
    node: PROBE_NODE_FLAGS,
    reads: { groups: ['target', 'credentials', 'pacing', 'exploration', 'receiver', 'reports', 'network', 'ci'] },
  },
  ui: {
    script: 'probe',
    node: PROBE_NODE_FLAGS,
    args: ['--ui'],
    reads: { groups: ['target', 'credentials', 'pacing', 'exploration', 'receiver', 'reports', 'network', 'ci'] },
  },
  explain: { script: 'explain', node: [], reads: { ...SENDS, settings: ['REPEATS', 'NOTIFICATION_URL', 'REPORT_DIR', 'LEDGER_DIR'] } },
  // The token is read to keep it out of what infer prints: a HAR may hold it.
  infer: { script: 'infer', node: [], reads: { groups: ['credentials'], settings: [...OPERATION_SETTINGS, 'REPORT_DIR'] } },
  baseline: {
    script: 'baseline',
    node: [],
    reads: { groups: [], settings: [...OPERATION_SETTINGS, 'REPORT_DIR', 'BASELINE', 'BASELINE_DIR', 'TARGET_NAME'] },
  },
  contract: { script: 'contract', node: [], reads: { groups: [], settings: [...OPERATION_SETTINGS] } },
  // Offline: the report to read and the file to write, nothing else.
  expectations: { script: 'expectations', node: [], reads: { groups: [], settings: ['REPORT_DIR', 'EXPECTATIONS'] } },
  operation: { script: 'operation', node: [], reads: { groups: [], settings: ['OPENAPI', 'OPERATION_ID'] } },
  cleanup: { script: 'cleanup', node: [], reads: { ...SENDS, settings: ['LEDGER_DIR'] } },
  reference: { script: 'reference', node: [], reads: { groups: [], settings: ['REFERENCE_PROFILE', 'ACCESS_TOKEN'] } },
};
