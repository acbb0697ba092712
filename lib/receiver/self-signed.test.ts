import { X509Certificate, createPrivateKey } from 'node:crypto';
import { expect, test } from 'vitest';
import { selfSignedLoopbackCert } from './self-signed.js';

// DER of the signature algorithm identifiers (RFC 5758 §3.2, RFC 4055 §5): node 20's X509Certificate does not name them.
const ECDSA_WITH_SHA256 = Buffer.from('06082a8648ce3d040302', 'hex');
const SHA256_WITH_RSA = Buffer.from('06092a864886f70d01010b', 'hex');

test('a valid self-signed certificate for loopback, matching its key', async () => {
  const now = new Date('2026-03-01T00:00:00.000Z');
  const { key, cert } = await selfSignedLoopbackCert(now, 30);
  const x509 = new X509Certificate(cert);
  expect(x509.subject).toBe('CN=probe notification receiver');
  expect(x509.subjectAltName).toBe('IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:localhost');
  expect(x509.verify(x509.publicKey)).toBe(true);
  expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
  expect(x509.publicKey.asymmetricKeyType).toBe('ec');
  expect(x509.raw.includes(ECDSA_WITH_SHA256)).toBe(true);
  expect(new Date(x509.validFrom).getTime()).toBeLessThan(now.getTime());
  expect(new Date(x509.validTo).getTime()).toBe(now.getTime() + 30 * 86_400_000);
  expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
});

test('after 2049 the validity uses GeneralizedTime', async () => {
  const { cert } = await selfSignedLoopbackCert(new Date('2060-01-01T00:00:00.000Z'), 1);
  expect(new X509Certificate(cert).validTo).toMatch(/2060/);
});

test('an RSA key on request, signed with SHA-256 (not the package default SHA-1)', async () => {
  const { key, cert } = await selfSignedLoopbackCert(new Date(), 1, 'rsa');
  const x509 = new X509Certificate(cert);
  expect(x509.publicKey.asymmetricKeyType).toBe('rsa');
  expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
  expect(x509.raw.includes(SHA256_WITH_RSA)).toBe(true);
});
