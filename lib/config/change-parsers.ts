/** Parsers of the settings that tell the events suite how to make the watched drive change. */
import { quote, type Parser } from './parsers.js';
import type { ChangeTrigger } from './types.js';

/** CHANGE_COMMAND: any shell command line; run with `sh -c` (lib/events/run-command.ts). */
export const changeCommandParser: Parser<ChangeTrigger> = {
  accepts: 'shell command line (run with sh -c)',
  parse: (raw) => {
    const command = raw.trim();
    // A NUL byte cannot be passed to a process; the command is never echoed (it may hold a credential).
    if (command.includes('\u0000')) return { ok: false, problem: 'contains a NUL byte (value not shown)' };
    return { ok: true, value: { kind: 'command', command } };
  },
};

const REQUEST_LINE = /^([A-Za-z]+)\s+(\S+)(?:\s+([\s\S]*))?$/;

/** CHANGE_REQUEST: `METHOD PATH [body]`, PATH under BASE_URL (query allowed), the rest of the line the body. */
export const changeRequestParser: Parser<ChangeTrigger> = {
  accepts: '"METHOD PATH [body]", PATH starting with / (under BASE_URL)',
  parse: (raw) => {
    const match = REQUEST_LINE.exec(raw.trim());
    const [, method, path, body] = match ?? [];
    if (method === undefined || path === undefined) {
      return {
        ok: false,
        problem: `must be "METHOD PATH [body]", e.g. "PUT /_api/v2.0/drive/root:/probe.txt:/content probe", got ${quote(raw)}`,
      };
    }
    if (!path.startsWith('/') || path.startsWith('//') || path.includes('#')) {
      return {
        ok: false,
        problem: `the path must start with a single / (it is appended to BASE_URL) and have no fragment, got ${quote(path)}`,
      };
    }
    return {
      ok: true,
      value: { kind: 'request', method: method.toUpperCase(), path, body: body === undefined || body === '' ? undefined : body },
    };
  },
};
