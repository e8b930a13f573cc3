import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { canonicalJson, type LicenceDocument, type SignedLicence } from '@cityops/contract';

/**
 * Licence signing and checking with Ed25519 over `canonicalJson(licence)`. Only node:crypto and the
 * contract: the vendor CLIs (server/scripts) and the browser tests (e2e) import this file directly.
 */

export interface VendorKeyPair {
  /** SPKI, PEM. */
  publicKeyPem: string;
  /** PKCS#8, PEM. Stays with the vendor (or, in demo mode only, in the database). */
  privateKeyPem: string;
}

export function generateVendorKeys(): VendorKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The value LICENCE_PUBLIC_KEY takes in its one-line form: base64 of the SPKI DER. */
export const publicKeyBase64 = (publicKeyPem: string) =>
  createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }).toString('base64');

/** A vendor public key from PEM or base64 SPKI DER; throws unless it is an Ed25519 public key. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.includes('-----BEGIN')
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 public key');
  return key;
}

export const licenceBytes = (document: LicenceDocument) => Buffer.from(canonicalJson(document), 'utf8');

/** Signs a licence document with the vendor's private key (PKCS#8 PEM). */
export function signLicence(document: LicenceDocument, privateKeyPem: string): SignedLicence {
  const key = createPrivateKey(privateKeyPem);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 private key');
  return { licence: document, signature: sign(null, licenceBytes(document), key).toString('base64') };
}

const ED25519_SIGNATURE_BYTES = 64;

/** True when `signature` is the vendor's Ed25519 signature of exactly this document. */
export function verifyLicence(signed: SignedLicence, publicKey: KeyObject): boolean {
  const signature = Buffer.from(signed.signature, 'base64');
  // Buffer.from skips junk; insist on the one canonical base64 spelling of a 64-byte signature.
  if (signature.length !== ED25519_SIGNATURE_BYTES) return false;
  if (signature.toString('base64') !== signed.signature) return false;
  try {
    return verify(null, licenceBytes(signed.licence), publicKey, signature);
  } catch {
    return false;
  }
}
