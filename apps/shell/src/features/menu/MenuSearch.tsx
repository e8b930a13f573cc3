import { useState } from 'react';
import { Button, Input, Modal, Typography, theme } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { localName, searchMenu, type MenuSearchEntry } from '@cityops/client';
import { useMenuSearch } from './searchShortcut';
import { useOpenPage } from './userMenu';

/** Menu search: a header button or Ctrl+K (see searchShortcut) opens it; Enter or a click opens the highlighted page. */
export function MenuSearch({ index }: { index: readonly MenuSearchEntry[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useOpenPage();
  const { token } = theme.useToken();
  const open = useMenuSearch((state) => state.open);
  const setOpen = useMenuSearch((state) => state.setOpen);
  const [query, setQuery] = useState('');
  const [highlighted, setHighlighted] = useState(0);
  const results = searchMenu(index, query);

  const close = () => {
    setOpen(false);
    setQuery('');
    setHighlighted(0);
  };
  const go = (entry: MenuSearchEntry | undefined) => {
    if (!entry) return;
    close();
    navigate(entry.path);
  };

  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('layout.search')}
        onClick={() => setOpen(true)}
      >
        <Typography.Text type="secondary">{t('layout.searchShortcut')}</Typography.Text>
      </Button>
      <Modal open={open} onCancel={close} footer={null} title={t('layout.search')} destroyOnHidden>
        <Input
          autoFocus
          allowClear
          placeholder={t('layout.search')}
          aria-label={t('layout.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setHighlighted(0);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') setHighlighted((at) => Math.min(at + 1, results.length - 1));
            if (event.key === 'ArrowUp') setHighlighted((at) => Math.max(at - 1, 0));
            if (event.key === 'Enter') go(results[highlighted]);
          }}
        />
        {query.trim() !== '' && results.length === 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('layout.searchEmpty')}
          </Typography.Paragraph>
        )}
        {results.length > 0 && (
          <ul
            role="listbox"
            aria-label={t('layout.searchResults')}
            style={{ listStyle: 'none', margin: '12px 0 0', padding: 0 }}
          >
            {results.slice(0, 50).map((entry, at) => (
              <li
                key={entry.code}
                role="option"
                aria-selected={at === highlighted}
                onClick={() => go(entry)}
                onMouseEnter={() => setHighlighted(at)}
                style={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 12,
                  padding: '6px 8px',
                  cursor: 'pointer',
                  borderRadius: 6,
                  background: at === highlighted ? token.controlItemBgActive : undefined,
                }}
              >
                <span>{localName(entry, i18n.language)}</span>
                <Typography.Text type="secondary">{entry.path}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
