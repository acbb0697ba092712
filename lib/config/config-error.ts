/** Thrown by loadConfig with every problem found, one line each, each naming its setting. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`Invalid configuration (${count}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
