import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';

/**
 * The plug-in's RSA key pair, made at start and kept in memory only: the page encrypts the platform's
 * app secret (and the time) with the public key, RSA-OAEP with SHA-256, base64, so they never cross
 * the local socket in clear.
 */
export class SecretKeys {
  readonly publicKey: string;
  private readonly privateKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    this.privateKey = pair.privateKey;
  }

  /** The clear text, or undefined when it was not encrypted with our key. */
  decrypt(base64: string): string | undefined {
    try {
      return privateDecrypt(
        { key: this.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      ).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
