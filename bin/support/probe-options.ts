/** The probe command's own flags (its settings' flags come from lib/config/settings.ts). */
export const PROBE_OPTIONS = {
  allowPositionals: true,
  options: {
    ui: { type: 'boolean', default: false },
    shard: { type: 'string' },
    'merge-reports': { type: 'boolean', default: false },
    contract: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
} as const;
