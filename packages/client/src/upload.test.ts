// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FILE_DOWNLOAD } from './download.js';
import { uploadForm } from './upload.js';

describe('an upload form', () => {
  it('sends the fields as text, leaving out empty ones, then the file under its part name', () => {
    const file = new File(['bytes'], 'app-1.0.0.apk');
    const form = uploadForm(
      { platform: 'android', version: '1.0.0', forceUpdate: true, notes: undefined },
      'file',
      file,
    );
    expect([...form.keys()]).toEqual(['platform', 'version', 'forceUpdate', 'file']);
    expect(form.get('forceUpdate')).toBe('true');
    expect((form.get('file') as File).name).toBe('app-1.0.0.apk');
  });
});

describe('a stored file download', () => {
  it('is saved under the server’s name, made safe, without forcing an extension', () => {
    expect(FILE_DOWNLOAD.nameOf("attachment; filename*=UTF-8''%E5%AE%A2%E6%88%B7%E7%AB%AF.exe")).toBe(
      '客户端.exe',
    );
    expect(FILE_DOWNLOAD.nameOf('attachment; filename="../x.apk"')).toBe('x.apk');
    expect(FILE_DOWNLOAD.nameOf(null)).toBe('download');
  });
});
