/**
 * CLIENT_CERTIFICATE_FILE: one PEM file with the certificate and its private key, as Entra's docs and
 * `az ad sp create-for-rbac --create-cert` give it. The client assertion (RFC 7523 private_key_jwt) is
 * signed with the key and names the certificate by thumbprint: the Microsoft identity platform reads
 * `x5t` (base64url SHA-1 of the DER certificate) and, newer, `x5t#S256`; both are sent.
 * Messages name the file, never its content.
 */
import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CryptoKey } from 'openid-client';

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

/** The file cannot be used; `message` never holds key material. */
export class CertificateFileError extends Error {
  override readonly name = 'CertificateFileError';
}

const MAX_PEM_BYTES = 256 * 1024;
const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

interface PemParts {
  cert: X509Certificate;
  privateKey: KeyObject;
}

/** Reads and checks the file (synchronously: also used by the settings parser). */
export function readCertificateFile(path: string): PemParts {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new CertificateFileError(`cannot read ${JSON.stringify(path)}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
  if (Buffer.byteLength(text) > MAX_PEM_BYTES) throw new CertificateFileError(`${JSON.stringify(path)} is too large for a PEM file`);
  const blocks = [...text.matchAll(BLOCK)].map((m) => ({ label: m[1] ?? '', pem: m[0] }));
  const certPem = blocks.find((b) => b.label === 'CERTIFICATE');
  const keyPem = blocks.find((b) => b.label.endsWith('PRIVATE KEY'));
  if (certPem === undefined || keyPem === undefined) {
    const missing = [certPem === undefined ? 'a CERTIFICATE block' : '', keyPem === undefined ? 'a PRIVATE KEY block' : ''].filter(Boolean);
    throw new CertificateFileError(`${JSON.stringify(path)} lacks ${missing.join(' and ')}; give one PEM file with the certificate and its private key`);
  }
  if (keyPem.label.includes('ENCRYPTED')) {
    throw new CertificateFileError(`${JSON.stringify(path)}: the private key is encrypted; give it unencrypted (e.g. openssl pkcs8 -nocrypt) in a file only the job can read`);
  }
  let cert: X509Certificate;
  let privateKey: KeyObject;
  try {
    cert = new X509Certificate(certPem.pem);
  } catch {
    throw new CertificateFileError(`${JSON.stringify(path)}: the CERTIFICATE block is not a valid X.509 certificate`);
  }
  try {
    privateKey = createPrivateKey(keyPem.pem);
  } catch {
    throw new CertificateFileError(`${JSON.stringify(path)}: the PRIVATE KEY block cannot be read`);
  }
  if (!cert.checkPrivateKey(privateKey)) {
    throw new CertificateFileError(`${JSON.stringify(path)}: the private key does not belong to the certificate`);
  }
  const type = privateKey.asymmetricKeyType;
  if (type !== 'rsa' && !(type === 'ec' && privateKey.asymmetricKeyDetails?.namedCurve === 'prime256v1')) {
    throw new CertificateFileError(`${JSON.stringify(path)}: the key is ${String(type)}; use an RSA key (the Microsoft identity platform takes RSA only) or EC P-256`);
  }
  return { cert, privateKey };
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
