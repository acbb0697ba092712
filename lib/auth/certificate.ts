/**
 * CLIENT_CERTIFICATE_FILE: one PEM file with the certificate and its private key, as Entra's docs and
 * `az ad sp create-for-rbac --create-cert` give it. The client assertion (RFC 7523 private_key_jwt) is
 * signed with the key and names the certificate by thumbprint: the Microsoft identity platform reads
 * `x5t` (base64url SHA-1 of the DER certificate) and, newer, `x5t#S256`; both are sent.
 * Messages name the file, never its content.
 */
import { createHash } from 'node:crypto';
import type { CryptoKey } from 'openid-client';
import { readCertificateFile } from '../config/certificate-file.js';

export interface ClientCertificate {
  /** Key to sign the assertion with (WebCrypto, as openid-client wants it); not extractable. */
  key: CryptoKey;
  alg: 'RS256' | 'ES256';
  /** base64url SHA-1 of the DER certificate. */
  x5t: string;
  /** base64url SHA-256 of the DER certificate. */
  x5tS256: string;
  /** For the start line: the certificate's subject and end of validity, never the key. */
  subject: string;
  validTo: string;
}

const b64u = (bytes: Buffer): string => bytes.toString('base64url');

export async function loadClientCertificate(path: string): Promise<ClientCertificate> {
  const { cert, privateKey } = readCertificateFile(path);
  const rsa = privateKey.asymmetricKeyType === 'rsa';
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  const algorithm = rsa ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } : { name: 'ECDSA', namedCurve: 'P-256' };
  const key = await crypto.subtle.importKey('pkcs8', pkcs8, algorithm, false, ['sign']);
  pkcs8.fill(0);
  return {
    key,
    alg: rsa ? 'RS256' : 'ES256',
    x5t: b64u(createHash('sha1').update(cert.raw).digest()),
    x5tS256: b64u(createHash('sha256').update(cert.raw).digest()),
    subject: cert.subject.replace(/\n/g, ', '),
    validTo: new Date(cert.validTo).toISOString(),
  };
}
