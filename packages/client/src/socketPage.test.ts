import { describe, expect, it } from 'vitest';
import { frameWindowName } from './subapp/bridge.js';
import { socketPage } from './socketPage.js';

const at = (href: string) => {
  const url = new URL(href);
  return { protocol: url.protocol, hostname: url.hostname, host: url.host, origin: url.origin };
};

describe('socketPage', () => {
  it('is the shell’s origin inside the shell’s frame (the API and its sockets live there)', () => {
    const name = frameWindowName('omapp', 'https://city.example.com');
    expect(socketPage(name, at('https://city.example.com:10302/omapp/x'))).toEqual({
      protocol: 'https:',
      host: 'city.example.com',
    });
    const ip = frameWindowName('iotcloud', 'http://127.0.0.1:8080');
    expect(socketPage(ip, at('http://127.0.0.1:10201/iotcloud/'))).toEqual({
      protocol: 'http:',
      host: '127.0.0.1:8080',
    });
  });

  it('is the page itself when opened on its own or framed by something else', () => {
    expect(socketPage('', at('http://127.0.0.1:10301/omapp/'))).toEqual({
      protocol: 'http:',
      host: '127.0.0.1:10301',
    });
    const foreign = frameWindowName('omapp', 'http://evil.example:8080');
    expect(socketPage(foreign, at('http://127.0.0.1:10301/omapp/'))).toEqual({
      protocol: 'http:',
      host: '127.0.0.1:10301',
    });
  });
});
