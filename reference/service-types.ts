/** The public face of the reference service (see index.ts). */
import type { DeliveryReport } from './deliver.js';
import type { FaultOptions } from './faults.js';
import type { ReferenceProfile } from './profile-types.js';
import type { ReferenceStats } from './stats.js';
import type { SubscriptionRecord } from './store.js';
import type { TokenCheckOptions } from './token-check.js';

export interface ReferenceServiceOptions {
  /** Bearer tokens the service accepts; at least one unless `jwt` is given. The probe generates one per run. */
  tokens: readonly string[];
  /** Optional token check (default off): also accept JWTs of this issuer and audience, signed by its JWKS, not expired. */
  jwt?: TokenCheckOptions;
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
  /**
   * Validate notification URLs before creating (the handshake): true or false overrides the profile's
   * `validationHandshake.enabled`, for every profile the service is given; left out, the profile decides.
   * setHandshake and PUT /_reference/handshake change it later.
   */
  handshake?: boolean;
  /**
   * Serve the drive's other operations (folder and item creates, invite, their deletes) when the profile has them, as
   * the default profile does (default true); false serves the subscription endpoints only.
   */
  driveItems?: boolean;
}

/** `on`/`off` override every profile; `profile` follows the active profile's `validationHandshake.enabled`. */
export type HandshakeMode = 'on' | 'off' | 'profile';

export interface HandshakeSetting {
  mode: HandshakeMode;
  /** Whether creates are validated now, under the active profile. */
  effective: boolean;
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
  /** The drive's items and permissions held now (0 and 0 when the drive's other operations are not served). */
  driveCounts(): { items: number; permissions: number };
  clearSubscriptions(): void;
  handshake(): HandshakeSetting;
  /** `true`/`false` are `on`/`off`; `profile` hands the choice back to the profile. */
  setHandshake(mode: HandshakeMode | boolean): void;
  /**
   * Simulates a change in the drive: notifies every live subscription at its notificationUrl (loopback only),
   * retrying as the profile's `notifications` say; resolves when every notification is delivered or given up.
   */
  trigger(): Promise<DeliveryReport>;
  /** Stops listening and closes every open connection. */
  close(): Promise<void>;
}
