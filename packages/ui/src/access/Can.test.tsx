// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BUTTON_CODES } from '@cityops/contract';
import { AccessProvider, Can, useCan } from './Can.js';

afterEach(cleanup);

function DeleteState() {
  return <p>{useCan(BUTTON_CODES.userManage.delete) ? '可删除' : '不可删除'}</p>;
}

describe('<Can> and useCan', () => {
  it('shows a button only to a user who holds its code', () => {
    render(
      <AccessProvider elements={[BUTTON_CODES.userManage.add]}>
        <Can code={BUTTON_CODES.userManage.add}>
          <button type="button">新增用户</button>
        </Can>
        <Can code={BUTTON_CODES.userManage.delete}>
          <button type="button">删除用户</button>
        </Can>
        <DeleteState />
      </AccessProvider>,
    );
    expect(screen.getByRole('button', { name: '新增用户' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除用户' })).toBeNull();
    expect(screen.getByText('不可删除')).toBeTruthy();
  });

  it('shows the fallback to a user without the code', () => {
    render(
      <AccessProvider elements={[]}>
        <Can code="msg_page" fallback={<span>无消息权限</span>}>
          <span>消息中心</span>
        </Can>
      </AccessProvider>,
    );
    expect(screen.getByText('无消息权限')).toBeTruthy();
    expect(screen.queryByText('消息中心')).toBeNull();
  });

  it('allows nothing outside a provider or while the session loads', () => {
    render(
      <>
        <DeleteState />
        <AccessProvider elements={undefined}>
          <Can code="msg_page">
            <span>消息中心</span>
          </Can>
        </AccessProvider>
      </>,
    );
    expect(screen.getByText('不可删除')).toBeTruthy();
    expect(screen.queryByText('消息中心')).toBeNull();
  });
});
