/**
 * The lines globalSetup prints (the target, the receiver, the ledger's sweep and reconcile) reach the run's own
 * output, so that whoever called the run (the command, or a self-test in process) reads every line of it in one
 * place. globalSetup is loaded by vitest's module runner in the run's thread; a BroadcastChannel of the run's
 * own name carries its lines, and at teardown a last message says how many it sent, so that the run prints all
 * of them before its own end-of-run lines.
 */
import { BroadcastChannel } from 'node:worker_threads';

type Message = { line: string; stderr?: true } | { sent: number };

/** Most time the run waits, once vitest has closed, for globalSetup's last lines. */
const FLUSH_MS = 2_000;

/** globalSetup's side: `log` and `error` send a line; `done` says how many were sent and closes. */
export function runLogWriter(channel: string): { log: (line: string) => void; error: (line: string) => void; done: () => void } {
  const port = new BroadcastChannel(channel);
  port.unref();
  let sent = 0;
  const post = (message: Message): void => port.postMessage(message);
  return {
    log: (line) => {
      sent += 1;
      post({ line });
    },
    error: (line) => {
      sent += 1;
      post({ line, stderr: true });
    },
    done: () => {
      post({ sent });
      port.close();
    },
  };
}

/** The run's side: each line as it comes, to `out`; `flushed()` once globalSetup said it is done. */
export class RunLog {
  readonly channel = `subscription-conformance/log/${process.pid}/${Math.random().toString(36).slice(2)}`;
  readonly #port = new BroadcastChannel(this.channel);
  #received = 0;
  #expected: number | undefined;
  #wake: (() => void) | undefined;

  constructor(out: { log: (line: string) => void; error: (line: string) => void }) {
    this.#port.unref();
    this.#port.onmessage = (event) => {
      const message = (event as MessageEvent).data as Message;
      if (typeof message !== 'object' || message === null) return;
      if ('sent' in message) this.#expected = message.sent;
      else if (typeof message.line === 'string') {
        this.#received += 1;
        (message.stderr === true ? out.error : out.log)(message.line);
      }
      if (this.#expected !== undefined && this.#received >= this.#expected) this.#wake?.();
    };
  }

  /** Resolves once every line globalSetup sent has been printed, or after FLUSH_MS (a teardown that never ended). */
  async flushed(): Promise<void> {
    if (this.#expected !== undefined && this.#received >= this.#expected) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FLUSH_MS);
      this.#wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  close(): void {
    this.#port.close();
  }
}
