import { X509Certificate, createPrivateKey } from 'node:crypto';
import { expect, test } from 'vitest';
import { selfSignedLoopbackCert } from './self-signed.js';

test('a valid self-signed certificate for loopback, matching its key', () => {
  const now = new Date('2026-03-01T00:00:00.000Z');
  const { key, cert } = selfSignedLoopbackCert(now, 30);
  const x509 = new X509Certificate(cert);
  expect(x509.subject).toBe('CN=probe notification receiver');
  expect(x509.subjectAltName).toBe('IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:localhost');
  expect(x509.verify(x509.publicKey)).toBe(true);
  expect(x509.checkPrivateKey(createPrivateKey(key))).toBe(true);
  expect(new Date(x509.validFrom).getTime()).toBeLessThan(now.getTime());
  expect(new Date(x509.validTo).getTime()).toBe(now.getTime() + 30 * 86_400_000);
  expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
});

test('after 2049 the validity uses GeneralizedTime', () => {
  const { cert } = selfSignedLoopbackCert(new Date('2060-01-01T00:00:00.000Z'), 1);
  expect(new X509Certificate(cert).validTo).toMatch(/2060/);
});
