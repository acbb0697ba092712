/**
 * The probe's console while the suites run, in the tool's words instead of a test runner's: one line
 * per suite when it ends (its verdicts, requests and seconds), a line for every case that DEVIATES or
 * ends in ERROR (with its finding) and for every skipped case (with its reason), and, whenever nothing
 * was written for a while, a progress line (cases done of all, requests so far against the budget,
 * what is running), so that a piped CI log is never silent for long. On a terminal the progress line
 * is one status line rewritten in place every second, cleared before any other line, so a long run
 * does not scroll its findings away. A passing case prints nothing: its duration under a rate limit
 * says nothing, and the report has it.
 */
import type { UserConsoleLog } from 'vitest';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CaseRecord } from '../case-record.js';
import { count } from '../inference/words.js';
import type { Verdict } from '../outcome.js';
import { suiteLine, summarizeSuites } from '../report/suite-summary.js';
import { collectRun, suiteOf } from './collect-run.js';

export interface ProbeConsoleOptions {
  /** Where lines go (console.log: the run's console guard redacts it). */
  write?: (line: string) => void;
  /** Where the suites' own stderr goes (console.error). */
  writeError?: (line: string) => void;
  /** A progress line after this long without output (default 5 s). */
  quietMs?: number;
  /** The run's request budget, shown beside the count. */
  maxRequests?: number;
  now?: () => number;
  /**
   * Shows the progress in place (a terminal's status line) instead of as a line: called with the
   * text to show, or undefined to clear it before another line is written.
   */
  status?: (text: string | undefined) => void;
  /** Whether the run was stopped (Ctrl-C): a suite without a case then was not run, rather than empty. */
  stopped?: () => boolean;
  /** Requests the worker has sent so far, as it sends them (lib/vitest/request-progress.ts). */
  requestsSent?: () => number;
  /** The reason a case ending with this verdict was expected to (EXPECTATIONS), if it was. */
  expected?: (id: string, verdict: Verdict) => string | undefined;
  /**
   * A merge replays the shards' cases: their lines are not printed as they come, since the verdicts that count are
   * the merged report's (caseLines, printed once it is built).
   */
  replay?: boolean;
}

/** The console's line for a case that DEVIATES or ends in ERROR, or ended as an expectation said. */
export function caseLine(
  c: { verdict: Verdict; specRef: string; id: string; finding?: string; observed?: string },
  expected?: string,
): string {
  return expected !== undefined
    ? `  ${c.verdict} (expected: ${short(expected)}) ${c.id}: ${short(c.finding ?? c.observed ?? '')}`
    : `  ${c.verdict} (${c.specRef}) ${c.id}: ${short(c.finding ?? c.observed ?? '')}`;
}

/** The merged report's case lines, as a single run prints them while it runs: DEVIATES, ERROR and expected ones. */
export function caseLines(cases: readonly (Parameters<typeof caseLine>[0] & { expectation?: { reason: string } })[]): string[] {
  return cases.flatMap((c) =>
    c.expectation !== undefined
      ? [caseLine(c, c.expectation.reason)]
      : c.verdict === 'DEVIATES' || c.verdict === 'ERROR'
        ? [caseLine(c)]
        : [],
  );
}

/** A status line on a terminal: carriage return, erase the line, the text cut to the terminal's width. */
export function terminalStatus(stream: NodeJS.WriteStream): (text: string | undefined) => void {
  return (text) => {
    const width = Math.max(20, (stream.columns || 80) - 1);
    stream.write(`\r\u001b[2K${text === undefined ? '' : text.length > width ? `${text.slice(0, width - 1)}…` : text}`);
  };
}

/** Characters of a finding shown on the console; the report has all of it. */
const MAX_FINDING = 300;

export class ProbeConsole implements Reporter {
  private readonly write: (line: string) => void;
  private readonly writeOut: (line: string) => void;
  private readonly writeError: (line: string) => void;
  private readonly quietMs: number;
  private readonly now: () => number;
  private startedAt = 0;
  private lastWrite = 0;
  private total = 0;
  private done = 0;
  /** Suite files the run will load (0: not told), and those loaded so far: until all are, the total grows. */
  private files = 0;
  private loaded = 0;
  private requests = 0;
  private engineSent = 0;
  /** Suites running now. */
  private readonly suites = new Set<string>();
  /** Cases already counted: a cancelled run reports some cases twice. */
  private readonly seen = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private statusShown = false;

  constructor(private readonly options: ProbeConsoleOptions = {}) {
    this.write = options.write ?? ((line) => console.log(line));
    this.writeOut = this.write;
    this.writeError = options.writeError ?? ((line) => console.error(line));
    this.quietMs = options.quietMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  onTestRunStart(specifications: readonly unknown[] = []): void {
    this.files = specifications.length;
    this.startedAt = this.now();
    this.lastWrite = this.startedAt;
    this.timer = setInterval(() => this.tick(), Math.min(1_000, this.quietMs));
    this.timer.unref();
  }

  onTestModuleCollected(module: TestModule): void {
    this.loaded += 1;
    this.total += [...module.children.allTests()].length;
  }

  onTestModuleStart(module: TestModule): void {
    this.suites.add(suiteName(module));
  }

  onTestCaseResult(testCase: TestCase): void {
    // The suite's line counts its cases when it ends (onTestModuleEnd); here, progress and the lines of failing cases.
    if (this.seen.has(testCase.id)) return;
    this.seen.add(testCase.id);
    this.done += 1;
    const result = testCase.result();
    const record = testCase.meta().probe as CaseRecord | undefined;
    if (record === undefined) {
      // A case that threw before it recorded anything: the harness failed, not the target (unless a stop cut it short).
      if (result.state !== 'failed' || testCase.meta().skip !== undefined || this.options.stopped?.() === true) return;
      this.line(`  ERROR    ${testCase.name}: ${short(result.errors[0]?.message ?? 'failed')}`);
      return;
    }
    this.requests += record.requests;
    // The engine's own count when the case ended also holds what no case sent alone (shared evidence, deletes).
    if (record.engineRequests !== undefined) this.engineSent = Math.max(this.engineSent, record.engineRequests.sent);
    if (this.options.replay === true) return;
    const expected = this.options.expected?.(record.id, record.verdict);
    if (expected !== undefined) {
      this.line(caseLine(record, expected));
    } else if (record.verdict === 'DEVIATES' || record.verdict === 'ERROR') {
      this.line(caseLine(record));
      // The case's own account (expected, actual, a counterexample as cURL), as its test failed with it.
      const message = result.state === 'failed' ? result.errors[0]?.message : undefined;
      if (message !== undefined) for (const text of detail(message)) this.line(`    ${text}`);
    }
  }

  /** What the suites print themselves (the property seed, the events' notes): passed on as it came. */
  onUserConsoleLog(log: UserConsoleLog): void {
    this.lastWrite = this.now();
    this.clearStatus();
    (log.type === 'stderr' ? this.writeError : this.writeOut)(log.content.replace(/\n$/, ''));
  }

  /**
   * The suite's line, counted from its cases by the function the report's `suites` come from, so the two agree after
   * a stop too; its time is vitest's duration of the file (a merge replays it from the shard's blob).
   */
  onTestModuleEnd(module: TestModule): void {
    const name = suiteName(module);
    if (!this.suites.delete(name)) return;
    const stopped = this.options.stopped?.() === true;
    const run = collectRun([module], stopped ? 'the run was stopped' : undefined);
    const summary = summarizeSuites(run)[0];
    if (summary === undefined) return;
    this.line(suiteLine(summary, stopped));
    const skips = new Map<string, string[]>();
    for (const c of run.skipped) skips.set(c.reason, [...(skips.get(c.reason) ?? []), shortName(c.name)]);
    for (const [reason, names] of skips) {
      const which = names.length === 1 ? names[0] : `${names.length} cases, e.g. ${names[0]}`;
      this.line(`  skipped  ${which}: ${short(reason)}`);
    }
  }

  onTestRunEnd(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.clearStatus();
  }

  /** The progress line, when nothing was written for `quietMs`. Public for the tests, which drive the clock. */
  tick(): void {
    const now = this.now();
    if (now - this.lastWrite < this.quietMs) return;
    const elapsed = Math.round((now - this.startedAt) / 1000);
    const budget = this.options.maxRequests === undefined ? '' : ` of at most ${this.options.maxRequests}`;
    const running = [...this.suites];
    if (this.total === 0) return this.progress(`… ${elapsed} s: starting (the suites are loading; the setup check has passed)`);
    // A rough estimate from the pace of cases so far; cases differ in cost, so it is said as "about". Suites load
    // one after another, so until the last has loaded the count of cases is not the run's, and no estimate is given.
    const partial = this.loaded < this.files;
    const left =
      partial || this.done === 0 || this.done >= this.total
        ? ''
        : `, about ${Math.round((((now - this.startedAt) / this.done) * (this.total - this.done)) / 1000)} s left`;
    const cases = partial
      ? `${count(this.done, 'case')} done of the ${this.total} in the ${this.loaded} of ${this.files} suites loaded so far`
      : `${this.done} of ${this.total} cases done`;
    const live = this.options.requestsSent?.();
    const sent = Math.max(this.requests, this.engineSent, live ?? 0);
    const asOf = live === undefined ? ' as of the last case done' : '';
    this.progress(
      `… ${elapsed} s: ${cases}${left}, ${count(sent, 'request')} sent${budget}${asOf}${running.length === 0 ? '' : `; running ${running.join(', ')}`}`,
      // A terminal's status line is one row: what runs first, then the counts (the log line says them in words).
      `… ${elapsed} s${running.length === 0 ? '' : ` · ${running.join(', ')}`} · cases ${this.done}/${this.total}${partial ? '+' : ''}${left.replace(/^, about /, ' · ~')} · requests ${sent}${this.options.maxRequests === undefined ? '' : `/${this.options.maxRequests}`}`,
    );
  }

  /** In place on a terminal (refreshed at every tick, not counted as output), else a line of the log. */
  private progress(text: string, compact = text): void {
    if (this.options.status === undefined) return this.line(text);
    this.options.status(compact);
    this.statusShown = true;
  }

  private clearStatus(): void {
    if (!this.statusShown) return;
    this.options.status?.(undefined);
    this.statusShown = false;
  }

  /** A line of the run's own (Ctrl-C's answer): written like the console's, clearing the status line first. */
  say(text: string): void {
    this.line(text);
  }

  private line(text: string): void {
    this.lastWrite = this.now();
    this.clearStatus();
    this.write(text);
  }
}

const suiteName = suiteOf;

/** A case's name without the describe blocks before it, as the console names a case. */
function shortName(fullName: string): string {
  const at = fullName.lastIndexOf(' > ');
  return at < 0 ? fullName : fullName.slice(at + 3);
}

/** Lines of a failed case's message shown at most; the report has the whole of it. */
const MAX_DETAIL_LINES = 40;

/** A failed case's message, without its first line (the finding, already shown), bounded. */
function detail(message: string): string[] {
  const lines = message
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '');
  return lines.length > MAX_DETAIL_LINES
    ? [...lines.slice(0, MAX_DETAIL_LINES), `… ${lines.length - MAX_DETAIL_LINES} more lines in the report`]
    : lines;
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > MAX_FINDING ? `${line.slice(0, MAX_FINDING)}…` : line;
}
