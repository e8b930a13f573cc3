import { artemisSignature, artemisStringToSign as referenceStringToSign } from '@cityops/simulators';
import { describe, expect, it } from 'vitest';
import { artemisStringToSign, signedHeaders } from './artemis.js';

const credentials = { appKey: '26104913', appSecret: 'test-secret' };
const path = '/artemis/api/video/v2/cameras/previewURLs';

describe('Artemis signing', () => {
  it('signs the string the gateway rebuilds from the headers it receives', () => {
    const headers = signedHeaders(path, '{"cameraIndexCode":"a"}', credentials, 1_764_000_000_000);
    const rebuilt = referenceStringToSign({ method: 'POST', path, headers });
    expect(artemisStringToSign(path, headers)).toBe(rebuilt);
    expect(headers['x-ca-signature']).toBe(artemisSignature(credentials.appSecret, rebuilt));
  });

  it('lists the signed headers and never sends the secret', () => {
    const headers = signedHeaders(path, '{}', credentials, 1);
    expect(headers['x-ca-signature-headers']).toBe('x-ca-key,x-ca-nonce,x-ca-timestamp');
    expect(Object.values(headers).join('\n')).not.toContain(credentials.appSecret);
  });

  it('uses a new nonce for every call', () => {
    const first = signedHeaders(path, '{}', credentials, 1);
    const second = signedHeaders(path, '{}', credentials, 1);
    expect(first['x-ca-nonce']).not.toBe(second['x-ca-nonce']);
  });
});
