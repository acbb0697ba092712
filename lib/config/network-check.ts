/**
 * The network settings checked together: a client key needs its certificate, a certificate needs its key (in
 * its own file or in TLS_CLIENT_KEY_FILE), and the key must be the certificate's. One line each, never key material.
 */
import { readCertificates, readPrivateKey } from './network-parsers.js';

/** Problems of the client certificate settings, from the values the parsers accepted. */
export function clientCertificateProblems(network: Record<string, unknown>): string[] {
  const certFile = network['clientCertFile'];
  const keyFile = network['clientKeyFile'];
  if (typeof keyFile === 'string' && typeof certFile !== 'string') {
    return ['TLS_CLIENT_KEY_FILE: needs TLS_CLIENT_CERT_FILE, the certificate the key belongs to'];
  }
  if (typeof certFile !== 'string') return [];
  const certs = readCertificates(certFile);
  const key = readPrivateKey(typeof keyFile === 'string' ? keyFile : certFile);
  if (typeof certs === 'string') return [];
  if (typeof key === 'string') {
    return typeof keyFile === 'string'
      ? []
      : [`TLS_CLIENT_CERT_FILE: ${JSON.stringify(certFile)} holds no private key; give it there or in TLS_CLIENT_KEY_FILE`];
  }
  const [leaf] = certs.certs;
  if (leaf !== undefined && !leaf.checkPrivateKey(key.key)) {
    return ['TLS_CLIENT_KEY_FILE: the private key does not belong to the first certificate of TLS_CLIENT_CERT_FILE'];
  }
  return [];
}
