import type { LicenceDocument, SignedLicence } from '@cityops/contract';
import { generateVendorKeys, publicKeyBase64, signLicence } from '../modules/licence/sign.js';

/** A vendor key pair made for this test run, standing in for the real vendor's. */
export const TEST_VENDOR = generateVendorKeys();
/** LICENCE_PUBLIC_KEY for TEST_VENDOR, in its one-line (base64 SPKI DER) form. */
export const TEST_VENDOR_PUBLIC_KEY = publicKeyBase64(TEST_VENDOR.publicKeyPem);

/** A licence document valid for a year from `from`, with any fields replaced. */
export function licenceDocument(from: Date, changes: Partial<LicenceDocument> = {}): LicenceDocument {
  return {
    licenceId: 'TEST-0001',
    customer: '测试客户',
    issuedAt: from.toISOString(),
    expiresAt: new Date(from.getTime() + 365 * 86_400_000).toISOString(),
    modules: ['admin', 'iotcloud'],
    deviceLimit: 100,
    ...changes,
  };
}

export const signedByTestVendor = (document: LicenceDocument): SignedLicence =>
  signLicence(document, TEST_VENDOR.privateKeyPem);

/** A fixed key sealing the stored secrets (SECRETS_KEY) of production-mode configurations in tests. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
