import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AlarmReceiverProps } from '@cityops/alarmcall';
import type { UserPermissions } from '@cityops/contract';
import { ALARM_MONITOR_PATH, ShellAlarmReceiver } from './ShellAlarmReceiver';

// The receiver itself is tested in packages/alarmcall (AlarmReceiver.test.tsx, CallDialog.test.tsx):
// here a stand-in keeps the props the shell gives it.
const given = vi.hoisted(() => ({
  props: null as AlarmReceiverProps | null,
  menus: [] as { code: string }[],
}));
vi.mock('@cityops/alarmcall', () => ({
  AlarmReceiverProvider: (props: AlarmReceiverProps) => {
    given.props = props;
    return props.children;
  },
}));
vi.mock('../auth/queries', () => ({
  useSessionUser: () => ({ userId: 7, menus: given.menus }) as unknown as UserPermissions,
}));

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function openAt(path: string, menus: { code: string }[] = [{ code: 'monitor' }]) {
  given.menus = menus;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ShellAlarmReceiver>
            <Where />
          </ShellAlarmReceiver>
        ),
      },
    ],
    {
      initialEntries: [path],
    },
  );
  render(<RouterProvider router={router} />);
  const props = given.props;
  if (!props) throw new Error('no receiver rendered');
  return props;
}

describe('the shell’s alarm receiver', () => {
  it('goes to /iotcloud/iot/alarmbox/monitor when the call dialog links there', async () => {
    const props = openAt('/iotcloud/iot/videoMonitor/playReal');
    expect(props).toMatchObject({ enabled: true, showNotices: true, userId: 7 });
    await act(async () => props.onOpenMonitor());
    expect(screen.getByTestId('path').textContent).toBe(ALARM_MONITOR_PATH);
  });

  it('shows no notices on the monitorReceiver page, and runs only for users holding an answer page', () => {
    expect(openAt('/iotcloud/iot/alarmbox/monitorReceiver').showNotices).toBe(false);
    expect(openAt('/', [{ code: 'history' }]).enabled).toBe(false);
  });
});
