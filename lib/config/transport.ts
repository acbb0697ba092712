/**
 * The network settings as the engine takes them (lib/http/transport.ts): the proxies, and the TLS files read.
 * When TLS_CA_FILE is given, the CAs trusted are the default roots, NODE_EXTRA_CA_CERTS's (Node's own variable,
 * which a `ca` option would otherwise drop) and the file's; without it Node's default store is used as it is. The
 * client key is held in a Secret from the moment it is read. Files are read once per process and path.
 */
import { rootCertificates } from 'node:tls';
import type { Transport } from '../http/transport.js';
import { Secret } from '../secret.js';
import { readCertificates, readPrivateKey } from './network-parsers.js';
import type { NetworkSettings } from './types.js';

const certificatesRead = new Map<string, string[]>();
const keysRead = new Map<string, Secret>();

function certificatePems(path: string): string[] {
  const known = certificatesRead.get(path);
  if (known !== undefined) return known;
  const read = readCertificates(path);
  // The settings checked the file as the run started; one changed since is an error of the run's own.
  if (typeof read === 'string') throw new Error(`network settings: ${read}`);
  certificatesRead.set(path, read.pems);
  return read.pems;
}

function privateKey(path: string): Secret {
  const known = keysRead.get(path);
  if (known !== undefined) return known;
  const read = readPrivateKey(path);
  if (typeof read === 'string') throw new Error(`network settings: ${read}`);
  const key = new Secret(read.pem);
  keysRead.set(path, key);
  return key;
}

/** The transport of a configured target; undefined when no network setting is given (direct, Node's trust). */
export function transportOf(network: NetworkSettings | undefined): Transport | undefined {
  if (network === undefined) return undefined;
  const { httpsProxy, httpProxy, noProxy, caFile, nodeExtraCaCerts, clientCertFile, clientKeyFile, insecure } = network;
  const proxied = httpsProxy !== undefined || httpProxy !== undefined;
  const tlsGiven = caFile !== undefined || clientCertFile !== undefined || insecure;
  if (!proxied && !tlsGiven) return undefined;
  const ca =
    caFile === undefined
      ? undefined
      : [...rootCertificates, ...(nodeExtraCaCerts === undefined ? [] : certificatePems(nodeExtraCaCerts)), ...certificatePems(caFile)];
  return {
    ...(proxied ? { proxy: { https: httpsProxy, http: httpProxy, noProxy } } : {}),
    tls: {
      ca,
      ...(clientCertFile !== undefined
        ? { cert: certificatePems(clientCertFile).join('\n'), key: privateKey(clientKeyFile ?? clientCertFile) }
        : {}),
      insecure,
    },
  };
}
