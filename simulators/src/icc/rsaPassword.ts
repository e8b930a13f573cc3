import { generateKeyPairSync, type KeyObject } from 'node:crypto';

/**
 * ICC clients encrypt the password with the platform's RSA public key (PKCS#1 v1.5, base64). Node 20 refuses
 * PKCS#1 v1.5 private decryption (CVE-2023-46809), so the simulator undoes it with BigInt arithmetic.
 * Timing attacks do not matter for a loopback test double; a real platform would never do this.
 */
export class RsaPasswordKey {
  private readonly privateKey: KeyObject;
  /** base64 DER SubjectPublicKeyInfo, the form ICC's public-key endpoint hands out */
  readonly publicKeyBase64: string;

  constructor() {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = privateKey;
    this.publicKeyBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  }

  /** The plain password, or undefined when the cipher text is not a PKCS#1 v1.5 block for this key. */
  decrypt(cipherBase64: string): string | undefined {
    const jwk = this.privateKey.export({ format: 'jwk' });
    if (!jwk.n || !jwk.d) return undefined;
    const n = toBigInt(Buffer.from(jwk.n, 'base64url'));
    const d = toBigInt(Buffer.from(jwk.d, 'base64url'));
    const size = Buffer.from(jwk.n, 'base64url').length;
    const cipher = Buffer.from(cipherBase64, 'base64');
    if (cipher.length !== size) return undefined;
    const block = toBytes(modPow(toBigInt(cipher), d, n), size);
    // 0x00 0x02 <at least 8 non-zero padding bytes> 0x00 <message>
    if (block[0] !== 0 || block[1] !== 2) return undefined;
    const separator = block.indexOf(0, 2);
    if (separator < 10) return undefined;
    return block.subarray(separator + 1).toString('utf8');
  }
}

function toBigInt(bytes: Buffer): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytes.toString('hex')}`);
}

function toBytes(value: bigint, size: number): Buffer {
  return Buffer.from(value.toString(16).padStart(size * 2, '0'), 'hex');
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}
