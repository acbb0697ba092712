/** The public face of the reference service (see index.ts). */
import type { FaultOptions } from './faults.js';
import type { ReferenceProfile } from './profile-types.js';
import type { ReferenceStats } from './stats.js';
import type { SubscriptionRecord } from './store.js';

export interface ReferenceServiceOptions {
  /** Bearer tokens the service accepts; at least one. The probe generates one per run. */
  tokens: readonly string[];
  /** A profile or the name of a built-in one (default `default`). */
  profile?: ReferenceProfile | string;
  faults?: FaultOptions;
  /** Loopback address to listen on (default 127.0.0.1); anything else is refused. */
  host?: string;
  /** Port (default 0: any free port). */
  port?: number;
  /** Seed of the PRNG that takes fault decisions (default 1). */
  seed?: number;
  /** Time a request may take to arrive in full before node answers 408 (default 10000 ms). */
  requestTimeoutMs?: number;
}

export interface ReferenceService {
  /** e.g. `http://127.0.0.1:40123`, no trailing slash. */
  url: string;
  profile(): ReferenceProfile;
  /** A profile, or the name of a built-in one; checked, throws on a bad one. */
  setProfile(p: ReferenceProfile | string): void;
  faults(): FaultOptions;
  /** Replaces all fault options (what is not given is off); checked, throws on a bad one. */
  setFaults(f: FaultOptions): void;
  stats(): ReferenceStats;
  resetStats(): void;
  liveSubscriptions(): SubscriptionRecord[];
  clearSubscriptions(): void;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}
