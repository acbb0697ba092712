/** Checks the options of startReferenceService at the public edge, with messages that name the API. */
import { isLoopbackHost } from './loopback.js';
import type { ReferenceServiceOptions } from './service-types.js';

export function checkOptions(options: ReferenceServiceOptions): void {
  const host = options.host ?? '127.0.0.1';
  // The reference is a local test double: it never listens beyond the machine.
  if (!isLoopbackHost(host) || host.startsWith('['))
    throw new RangeError(`startReferenceService: host must be a loopback address (127.x.x.x, ::1, localhost), got '${host}'`);
  if (!Array.isArray(options.tokens) || (options.tokens.length === 0 && options.jwt === undefined)) {
    throw new RangeError('startReferenceService: tokens must list at least one bearer token (or jwt must be given)');
  }
  if (options.jwt !== undefined) {
    const { issuer, audience, jwksUrl } = options.jwt;
    if (typeof issuer !== 'string' || issuer === '' || typeof audience !== 'string' || audience === '') {
      throw new RangeError('startReferenceService: jwt.issuer and jwt.audience must be non-empty strings');
    }
    const url = URL.canParse(jwksUrl) ? new URL(jwksUrl) : undefined;
    if (url === undefined || !/^https?:$/.test(url.protocol) || !isLoopbackHost(url.hostname)) {
      throw new RangeError(`startReferenceService: jwt.jwksUrl must be an http(s) URL on loopback, got '${String(jwksUrl)}'`);
    }
  }
  if (!options.tokens.every((t) => typeof t === 'string' && /^[\x21-\x7e]+$/.test(t))) {
    throw new RangeError('startReferenceService: every token must be non-empty printable ASCII without spaces');
  }
  const timeout = options.requestTimeoutMs;
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout >= 100 && timeout <= 600_000)) {
    throw new RangeError('startReferenceService: requestTimeoutMs must be a number from 100 to 600000');
  }
  if (options.handshake !== undefined && typeof options.handshake !== 'boolean') {
    throw new RangeError('startReferenceService: handshake must be true, false or left out (then the profile decides)');
  }
  if (options.driveItems !== undefined && typeof options.driveItems !== 'boolean') {
    throw new RangeError('startReferenceService: driveItems must be true, false or left out (then the profile decides)');
  }
}
