/**
 * Secrets for the plug-in, encrypted with its public key (PEM, SPKI) by RSA-OAEP with SHA-256 in the
 * browser's WebCrypto; the answer is base64. Throws when the key cannot be read (获取公钥失败…).
 */
export async function importPluginKey(pem: string, subtle: SubtleCrypto = crypto.subtle): Promise<CryptoKey> {
  const body = pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
  const der = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  return subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

export async function encryptForPlugin(
  key: CryptoKey,
  text: string,
  subtle: SubtleCrypto = crypto.subtle,
): Promise<string> {
  const sealed = new Uint8Array(
    await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text)),
  );
  let binary = '';
  for (const byte of sealed) binary += String.fromCharCode(byte);
  return btoa(binary);
}
