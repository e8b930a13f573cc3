import '@cityops/ui/testing';
import { beforeEach } from 'vitest';
import { queryClient } from '../app/queryClient';

beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  }
});
