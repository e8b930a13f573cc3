import '@cityops/ui/testing';
import { beforeEach } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
});
