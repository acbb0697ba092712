/**
 * A self-signed certificate for the receiver's https on loopback, made at start by the `selfsigned`
 * package (node can sign but has no API to build an X.509 certificate).
 * Why https at all: targets that follow Graph's rules take only https notification URLs; a target on
 * this machine (the reference service) can skip verifying a loopback certificate.
 */
export interface KeyAndCert {
  /** PKCS#8 PEM. */
  key: string;
  /** X.509 PEM: CN "probe notification receiver", SAN 127.0.0.1, ::1 and localhost; EC P-256 with ecdsa-with-SHA256 (or RSA 2048 with sha256WithRSAEncryption). */
  cert: string;
}

const DAY_MS = 86_400_000;

/**
 * Valid from a day before `now` (a clock a little behind still accepts it) for `validDays` after it.
 * `keyType` 'rsa' (2048 bits, sha256WithRSAEncryption) is for the token self-tests: the Microsoft identity
 * platform takes client certificates with RSA keys only. EC is the default because it is the cheap one
 * on the receiver's start path (an RSA key pair costs about 100 ms more).
 *
 * Loaded on first use: `selfsigned` and its X.509 library cost about 160 ms of CPU to load (measured
 * with process.cpuUsage, against about 20 ms for the first certificate), which a process that never
 * speaks https should not pay just for importing the receiver.
 */
export async function selfSignedLoopbackCert(now: Date = new Date(), validDays = 30, keyType: 'ec' | 'rsa' = 'ec'): Promise<KeyAndCert> {
  const { default: selfsigned } = await import('selfsigned');
  const made = await selfsigned.generate([{ name: 'commonName', value: 'probe notification receiver' }], {
    keyType,
    ...(keyType === 'rsa' ? { keySize: 2048 } : { curve: 'P-256' as const }),
    algorithm: 'sha256', // the package's default is sha1, which TLS stacks refuse
    notBeforeDate: new Date(now.getTime() - DAY_MS),
    notAfterDate: new Date(now.getTime() + validDays * DAY_MS),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { key: made.private, cert: made.cert };
}
