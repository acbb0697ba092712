/**
 * The settings value as it crosses from the command to the suites' worker thread: the
 * one channel is vitest's `provide`/`inject`, which carries JSON. Two things in the value are not JSON: the
 * secrets (a Secret prints "[redacted]" in JSON, by design) and the compiled operation (it holds functions). The
 * wire form names each secret's place and carries the operation's description, which the worker compiles again.
 * It never passes through the environment, a file or a command line.
 */
import { compileOperation, descriptionOf } from '../operation/description/compile.js';
import type { OperationDescription } from '../operation/description/types.js';
import { Secret } from '../secret.js';
import type { ClientCredential, Settings } from './types.js';

/** The settings in JSON: the value with its secrets and its operation taken out, and those beside it. */
export interface SettingsWire {
  readonly settings: unknown;
  readonly secrets: {
    readonly accessToken?: string;
    readonly githubOidcToken?: string;
    readonly clientSecret?: string;
  };
  readonly operation: { readonly description: OperationDescription; readonly source?: string };
}

export function settingsToWire(settings: Settings): SettingsWire {
  const { operation } = settings.target;
  const description = descriptionOf(operation);
  // Every operation the settings hold was compiled from a description (a file, or one built from OPENAPI).
  if (description === undefined) throw new Error(`settings: the operation ${operation.id} has no description to hand to the suites`);
  const { accessToken, githubOidcToken, clientCredential } = settings.credentials;
  return {
    // The operation and the secrets go beside the value, not in it (JSON would drop the first and hide the second).
    settings: {
      ...settings,
      target: { ...settings.target, operation: undefined },
      credentials: { ...settings.credentials, accessToken: undefined, githubOidcToken: undefined },
    },
    secrets: {
      ...(accessToken !== undefined ? { accessToken: accessToken.reveal() } : {}),
      ...(githubOidcToken !== undefined ? { githubOidcToken: githubOidcToken.reveal() } : {}),
      ...(clientCredential?.kind === 'secret' ? { clientSecret: clientCredential.secret.reveal() } : {}),
    },
    operation: { description, ...(operation.source !== undefined ? { source: operation.source } : {}) },
  };
}

/**
 * The settings again, from their JSON (structured-cloned or parsed): the secrets back in Secret holders, the
 * operation compiled from its description.
 */
export function settingsFromWire(wire: SettingsWire): Settings {
  // JSON made the value: a round trip through it is what inject delivers, whatever the pool.
  const plain = JSON.parse(JSON.stringify(wire.settings)) as Settings;
  const { secrets } = wire;
  const credential = plain.credentials.clientCredential;
  const clientCredential: ClientCredential | undefined =
    credential?.kind === 'secret' ? { ...credential, secret: new Secret(secrets.clientSecret ?? '') } : credential;
  return {
    ...plain,
    target: { ...plain.target, operation: compileOperation(wire.operation.description, wire.operation.source) },
    credentials: {
      ...plain.credentials,
      accessToken: secrets.accessToken === undefined ? undefined : new Secret(secrets.accessToken),
      githubOidcToken: secrets.githubOidcToken === undefined ? undefined : new Secret(secrets.githubOidcToken),
      clientCredential,
    },
  };
}
