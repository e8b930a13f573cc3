import { Activity, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button, Modal } from 'antd';
import { describe, expect, it } from 'vitest';

/** A page with a dialog of its own, as the admin pages will have. */
function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button onClick={() => setOpen(true)}>新增用户</Button>
      <Modal open={open} title="新增用户对话框" onCancel={() => setOpen(false)}>
        <input aria-label="用户名" />
      </Modal>
    </div>
  );
}

function Tabs({ active }: { active: 'users' | 'roles' }) {
  return (
    <>
      <Activity mode={active === 'users' ? 'visible' : 'hidden'}>
        <PageWithDialog />
      </Activity>
      <Activity mode={active === 'roles' ? 'visible' : 'hidden'}>
        <p>角色页</p>
      </Activity>
    </>
  );
}

/** What the tab body relies on: React hides a kept page's portals (antd dialogs) with the page. */
describe('a dialog open in a kept tab', () => {
  it('hides with its tab and is still open, with its text, when the tab comes back', async () => {
    const { rerender } = render(<Tabs active="users" />);
    fireEvent.click(screen.getByRole('button', { name: '新增用户' }));
    const field = await screen.findByLabelText('用户名');
    fireEvent.change(field, { target: { value: 'wang_xiao' } });
    // Seen by the user: in the document and no ancestor hidden.
    const shown = (element: HTMLElement) => {
      if (!document.body.contains(element)) return false;
      for (let at: HTMLElement | null = element; at; at = at.parentElement)
        if (at.style.display === 'none') return false;
      return true;
    };
    expect(shown(field)).toBe(true);

    act(() => rerender(<Tabs active="roles" />));
    expect(shown(field)).toBe(false);
    expect(screen.getByText('角色页')).toBeTruthy();

    act(() => rerender(<Tabs active="users" />));
    const back = await screen.findByLabelText('用户名');
    expect(shown(back)).toBe(true);
    expect((back as HTMLInputElement).value).toBe('wang_xiao');
  });
});
