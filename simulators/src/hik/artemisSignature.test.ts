import { describe, expect, it } from 'vitest';
import { artemisSignature, artemisStringToSign } from './artemisSignature.js';

describe('Artemis string to sign', () => {
  it('lists method, the standard headers that are present, signed x-ca headers sorted, then the path', () => {
    const text = artemisStringToSign({
      method: 'post',
      path: '/artemis/api/video/v2/cameras/previewURLs',
      headers: {
        Accept: '*/*',
        'Content-Type': 'application/json',
        'X-Ca-Timestamp': '1700000000000',
        'X-Ca-Key': '12345678',
        'X-Ca-Signature-Headers': 'x-ca-timestamp,X-Ca-Key',
      },
    });
    expect(text).toBe(
      'POST\n*/*\napplication/json\nx-ca-key:12345678\nx-ca-timestamp:1700000000000\n/artemis/api/video/v2/cameras/previewURLs',
    );
  });

  it('appends query parameters sorted by name', () => {
    const text = artemisStringToSign({
      method: 'GET',
      path: '/artemis/api/x',
      headers: {},
      query: new URLSearchParams('b=2&a=1&flag='),
    });
    expect(text).toBe('GET\n/artemis/api/x?a=1&b=2&flag');
  });

  it('signs with HMAC-SHA256 in base64', () => {
    expect(artemisSignature('secret', 'POST\n/artemis/api/x')).toBe(
      'UFxciLWC3Peib4NMsFdTNamqVZws2w3DvDR3GX85vC0=',
    );
  });
});
