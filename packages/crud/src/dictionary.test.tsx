import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dictionaryEndpoints, STORAGE_DICT_LIST, type AllDictionaries } from '@cityops/contract';
import { initI18n } from '@cityops/ui';
import { DictionaryLabel, DictionarySelect } from './dictionary.js';
import { renderWithKit, type FakeServer } from './test/harness.js';

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => window.sessionStorage.clear());

const orgTypes = [
  { itemCode: 'government', itemName: '政府部门' },
  { itemCode: 'enterprise', itemName: '企业' },
];

function server(version = 'v1'): FakeServer {
  return {
    [dictionaryEndpoints.all.path]: ({ query }): AllDictionaries => ({
      version,
      dictionaries: (query as { version?: string }).version === version ? null : { org_type: orgTypes },
    }),
  };
}

describe('DictionaryLabel', () => {
  it('names a coded value and keeps the answer in session storage as dictList', async () => {
    const { calls } = renderWithKit(<DictionaryLabel dicCode="org_type" value="enterprise" />, {
      server: server(),
    });
    expect(await screen.findByText('企业')).toBeTruthy();
    expect(calls).toEqual([{ path: dictionaryEndpoints.all.path, query: {}, body: undefined }]);
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_DICT_LIST) ?? '')).toEqual({
      version: 'v1',
      dictionaries: { org_type: orgTypes },
    });
  });

  it('uses the stored list when the server says its version is current', async () => {
    window.sessionStorage.setItem(
      STORAGE_DICT_LIST,
      JSON.stringify({ version: 'v1', dictionaries: { org_type: orgTypes } }),
    );
    const { calls } = renderWithKit(<DictionaryLabel dicCode="org_type" value="government" />, {
      server: server(),
    });
    expect(await screen.findByText('政府部门')).toBeTruthy();
    expect(calls[0]?.query).toEqual({ version: 'v1' });
  });

  it('shows the code of a value the dictionary no longer offers', async () => {
    renderWithKit(<DictionaryLabel dicCode="org_type" value="retired" />, { server: server() });
    expect(await screen.findByText('retired')).toBeTruthy();
  });
});

describe('DictionarySelect', () => {
  it('offers the items in order', async () => {
    renderWithKit(<DictionarySelect dicCode="org_type" aria-label="类型" open />, { server: server() });
    await waitFor(() => expect(screen.getAllByRole('option').length).toBe(2));
    expect(screen.getByTitle('政府部门')).toBeTruthy();
    fireEvent.click(screen.getByTitle('企业'));
  });
});
