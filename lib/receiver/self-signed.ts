/**
 * A self-signed certificate for the receiver's https on loopback, made at start with node:crypto alone
 * (node can sign but has no API to build an X.509 certificate, hence the few DER helpers below).
 * Why https at all: targets that follow Graph's rules take only https notification URLs; a target on
 * this machine (the reference service) can skip verifying a loopback certificate.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

export interface KeyAndCert {
  /** PKCS#8 PEM. */
  key: string;
  /** X.509 PEM: CN "probe notification receiver", SAN 127.0.0.1, ::1 and localhost; EC P-256, ecdsa-with-SHA256. */
  cert: string;
}

const DAY_MS = 86_400_000;

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  if (n < 0x100) return Buffer.from([0x81, n]);
  return Buffer.from([0x82, n >> 8, n & 0xff]);
}

const tlv = (tag: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([tag]), length(body.length), body]);
const seq = (...items: Buffer[]): Buffer => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]): Buffer => tlv(0x31, Buffer.concat(items));
const explicit = (n: number, body: Buffer): Buffer => tlv(0xa0 + n, body);

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = n >>> 7; v > 0; v >>>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 §4.1.2.5). */
function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14); // YYYYMMDDHHMMSS
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${iso}Z`));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * `keyType` 'rsa' (2048 bits, sha256WithRSAEncryption) is for the token self-tests: the Microsoft identity
 * platform takes client certificates with RSA keys only.
 */
export function selfSignedLoopbackCert(now: Date = new Date(), validDays = 30, keyType: 'ec' | 'rsa' = 'ec'): KeyAndCert {
  const { publicKey, privateKey } =
    keyType === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const signatureAlgorithm = keyType === 'rsa' ? seq(oid('1.2.840.113549.1.1.11'), tlv(0x05, Buffer.alloc(0))) : seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from('probe notification receiver')))));
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f | 0x01; // positive and without a leading zero byte
  const altNames = seq(
    tlv(0x87, Buffer.from([127, 0, 0, 1])),
    tlv(0x87, Buffer.from([...Array<number>(15).fill(0), 1])),
    tlv(0x82, Buffer.from('localhost')),
  );
  const tbs = seq(
    explicit(0, tlv(0x02, Buffer.from([2]))), // v3
    tlv(0x02, serial),
    signatureAlgorithm,
    name,
    seq(time(new Date(now.getTime() - DAY_MS)), time(new Date(now.getTime() + validDays * DAY_MS))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, seq(seq(oid('2.5.29.17'), tlv(0x04, altNames)))),
  );
  const signature = sign('sha256', tbs, privateKey);
  const cert = seq(tbs, signatureAlgorithm, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert: pem('CERTIFICATE', cert) };
}
