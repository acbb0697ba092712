/**
 * The package's commands: the entry point each runs, and the settings it reads. The launcher (bin/cli.ts) runs
 * them in its own process; each command reads its settings once (bin/support/cli.ts), only those
 * listed here, so that a value an offline command never uses cannot stop it and its --help lists what matters.
 */
import type { SettingGroup } from '../../lib/config/settings.js';

export interface Command {
  /** The entry point's name in this folder, without its extension (.ts in the sources, .js compiled). */
  script: string;
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
    reads: { groups: ['target', 'credentials', 'pacing', 'exploration', 'receiver', 'reports', 'network', 'ci'] },
  },
  ui: {
    script: 'probe',
    args: ['--ui'],
    reads: { groups: ['target', 'credentials', 'pacing', 'exploration', 'receiver', 'reports', 'network', 'ci'] },
  },
  explain: { script: 'explain', reads: { ...SENDS, settings: ['REPEATS', 'NOTIFICATION_URL', 'REPORT_DIR', 'LEDGER_DIR'] } },
  // The token is read to keep it out of what infer prints: a HAR may hold it.
  infer: { script: 'infer', reads: { groups: ['credentials'], settings: [...OPERATION_SETTINGS, 'REPORT_DIR'] } },
  baseline: {
    script: 'baseline',
    reads: { groups: [], settings: [...OPERATION_SETTINGS, 'REPORT_DIR', 'BASELINE', 'BASELINE_DIR', 'TARGET_NAME'] },
  },
  contract: { script: 'contract', reads: { groups: [], settings: [...OPERATION_SETTINGS] } },
  // Offline: the report to read and the file to write, nothing else.
  expectations: { script: 'expectations', reads: { groups: [], settings: ['REPORT_DIR', 'EXPECTATIONS'] } },
  operation: { script: 'operation', reads: { groups: [], settings: ['OPENAPI', 'OPERATION_ID'] } },
  cleanup: { script: 'cleanup', reads: { ...SENDS, settings: ['LEDGER_DIR'] } },
  reference: { script: 'reference', reads: { groups: [], settings: ['REFERENCE_PROFILE', 'ACCESS_TOKEN'] } },
};
