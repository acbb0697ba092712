/**
 * Reads and checks the PEM file of CLIENT_CERTIFICATE_FILE: one certificate and its unencrypted private
 * key, of a kind the Microsoft identity platform signs with. The settings parser checks the file with it
 * when the run starts, and the token source (../auth/certificate.ts) reads it again to sign. Messages
 * name the file, never its content.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { CertificateFileError } from '../errors.js';

const MAX_PEM_BYTES = 256 * 1024;
const BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

export interface PemParts {
  cert: X509Certificate;
  privateKey: KeyObject;
}

/** Reads and checks the file (synchronously, as settings are parsed). */
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
    throw new CertificateFileError(
      `${JSON.stringify(path)} lacks ${missing.join(' and ')}; give one PEM file with the certificate and its private key`,
    );
  }
  if (keyPem.label.includes('ENCRYPTED')) {
    throw new CertificateFileError(
      `${JSON.stringify(path)}: the private key is encrypted; give it unencrypted (e.g. openssl pkcs8 -nocrypt) in a file only the job can read`,
    );
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
    throw new CertificateFileError(
      `${JSON.stringify(path)}: the key is ${String(type)}; use an RSA key (the Microsoft identity platform takes RSA only) or EC P-256`,
    );
  }
  return { cert, privateKey };
}
