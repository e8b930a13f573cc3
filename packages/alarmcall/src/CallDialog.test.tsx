import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alarmCallEndpoints, type AlarmRecord, type VideoDevice } from '@cityops/contract';
import type * as Video from '@cityops/video';
import { CallDialog } from './CallDialog.js';
import { fakeHttp } from './test/http.js';
import { alarmRecord, recordWithCamera } from './test/records.js';

/*
 * The real players need a browser (media source, canvas, the platforms' stream sockets) and the real
 * intercom a microphone and the alarm-box sockets: they are covered end to end by
 * e2e/tests/alarm-call.e2e.ts. Here they are stand-ins at the module boundary that show what the
 * dialog gives them, and count how often the intercom mounts (minimising must not restart the call).
 */
const intercomMounts = vi.hoisted(() => ({ count: 0 }));
vi.mock('@cityops/video', async (importOriginal) => {
  const actual = await importOriginal<typeof Video>();
  const stand = (player: string) =>
    function StandInPlayer({ mode, devices }: { mode: string; devices: VideoDevice[] }) {
      return (
        <div data-player={player} data-mode={mode} data-codes={devices.map((d) => d.controlCode).join()} />
      );
    };
  return { ...actual, Html5Player: stand('hik'), IccPlayer: stand('icc') };
});
vi.mock('./IntercomPanel.js', async () => {
  const { useEffect } = await import('react');
  return {
    IntercomPanel: ({ hello, since }: { hello: { devIds: number[]; terminals: string }; since?: number }) => {
      useEffect(() => {
        intercomMounts.count += 1;
      }, []);
      return (
        <div data-intercom-stand-in={`${hello.devIds.join()}:${hello.terminals}`} data-since={since ?? ''} />
      );
    },
  };
});

interface Calls {
  hangUps: unknown[];
  closed: number;
  monitor: number;
}

/** The dialog as the receiver shows it: gone once it says it closed. */
function openDialog(record: AlarmRecord, hangUp: () => Promise<unknown> = () => Promise.resolve(record)) {
  const calls: Calls = { hangUps: [], closed: 0, monitor: 0 };
  const http = fakeHttp((body, endpoint) => {
    calls.hangUps.push({ endpoint, body });
    return hangUp();
  });
  function Receiver() {
    const [open, setOpen] = useState(true);
    return open ? (
      <CallDialog
        http={http}
        alarmboxUrl="/alarmbox"
        getToken={() => 'token-1'}
        record={record}
        onClosed={() => {
          calls.closed += 1;
          setOpen(false);
        }}
        onOpenMonitor={() => {
          calls.monitor += 1;
        }}
      />
    ) : null;
  }
  const { unmount } = render(<Receiver />);
  return { calls, unmount };
}

const dialog = () => document.querySelector(`[data-alarm-call]`);
const bar = () => document.querySelector('[data-alarm-call-bar]');
/** antd spaces two-character labels: a button by its text without the spaces. */
const button = (container: HTMLElement, label: string) => {
  const found = within(container)
    .getAllByRole('button')
    .find((element) => (element.textContent ?? '').replace(/\s/g, '') === label);
  if (!found) throw new Error(`no button ${label}`);
  return found;
};
/** The open confirmation showing `text` (one answered earlier may still be fading out): title and box. */
async function confirmation(text: string) {
  const box = await waitFor(() => {
    const open = screen
      .getAllByText(text)
      .map((content) => content.closest<HTMLElement>('.ant-modal-root'))
      .filter((root) => root !== null && !root.querySelector('.ant-fade-leave'))
      .at(-1);
    if (!open) throw new Error(`no open confirmation saying ${text}`);
    return open;
  });
  return { title: box.querySelector('.ant-modal-confirm-title')?.textContent, box };
}
const settle = () => act(async () => Promise.resolve());

describe('call dialog (§2.10)', () => {
  it('minimises to a bar and restores, the intercom and camera running on', async () => {
    intercomMounts.count = 0;
    openDialog(recordWithCamera(1, 'hik_isc_huati'));
    expect(dialog()).not.toBeNull();
    expect(intercomMounts.count).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '最小化' }));
    expect(bar()?.textContent).toContain('报警柱1');
    expect(dialog()?.closest<HTMLElement>('.ant-modal')?.style.display).toBe('none');
    fireEvent.click(button(bar() as HTMLElement, '还原'));
    expect(bar()).toBeNull();
    expect(dialog()?.closest<HTMLElement>('.ant-modal')?.style.display).not.toBe('none');
    expect(intercomMounts.count).toBe(1);
    expect(document.querySelector('[data-intercom-stand-in]')?.getAttribute('data-intercom-stand-in')).toBe(
      '101:BOX-1',
    );
  });

  it('hang-up asks 提示 first: cancel keeps the call; confirm sends the hang-up and closes', async () => {
    const record = recordWithCamera(1, 'hik_isc_huati');
    const { calls } = openDialog(record);
    fireEvent.click(button(document.body, '挂断'));
    const asked = await confirmation('确定挂断并关闭此通话吗？');
    expect(asked.title).toBe('提示');
    fireEvent.click(button(asked.box, '取消'));
    await settle();
    expect(calls).toMatchObject({ hangUps: [], closed: 0 });
    expect(dialog()).not.toBeNull();

    // The dialog's own close button asks the same.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(button((await confirmation('确定挂断并关闭此通话吗？')).box, '确定'));
    await settle();
    expect(calls.hangUps).toEqual([{ endpoint: alarmCallEndpoints.hangUp, body: { alarmId: record.id } }]);
    expect(calls.closed).toBe(1);
    expect(dialog()).toBeNull();
  });

  it('closes even when the hang-up fails (the call is gone for this operator)', async () => {
    const { calls } = openDialog(recordWithCamera(1, 'hik_isc_huati'), () =>
      Promise.reject(new Error('gone')),
    );
    fireEvent.click(button(document.body, '挂断'));
    fireEvent.click(button((await confirmation('确定挂断并关闭此通话吗？')).box, '确定'));
    await settle();
    expect(calls.hangUps).toHaveLength(1);
    expect(dialog()).toBeNull();
  });

  it('a call that ends while 挂断 is being asked takes the question with it', async () => {
    const { calls, unmount } = openDialog(recordWithCamera(1, 'hik_isc_huati'));
    fireEvent.click(button(document.body, '挂断'));
    await confirmation('确定挂断并关闭此通话吗？');
    unmount();
    expect(screen.queryByText('确定挂断并关闭此通话吗？')).toBeNull();
    expect(calls.hangUps).toEqual([]);
  });

  it('links to the monitor page after 提示 / 此操作将去到报警监控页面, 是否继续?, keeping the call minimised', async () => {
    const { calls } = openDialog(recordWithCamera(1, 'hik_isc_huati'));
    const link = () => button(document.body, '报警监控');
    fireEvent.click(link());
    let asked = await confirmation('此操作将去到报警监控页面, 是否继续?');
    expect(asked.title).toBe('提示');
    fireEvent.click(button(asked.box, '取消'));
    await settle();
    expect(calls.monitor).toBe(0);
    fireEvent.click(link());
    asked = await confirmation('此操作将去到报警监控页面, 是否继续?');
    fireEvent.click(button(asked.box, '确定'));
    await settle();
    expect(calls).toMatchObject({ monitor: 1, closed: 0, hangUps: [] });
    expect(bar()).not.toBeNull();
  });

  it.each([
    ['hik_isc_huati', 'hik'],
    ['dh_icc_huati', 'icc'],
  ] as const)("plays the box's camera on %s with the %s player, live", (accessWay, player) => {
    openDialog(recordWithCamera(2, accessWay));
    const shown = document.querySelectorAll('[data-player]');
    expect([...shown].map((element) => element.getAttribute('data-player'))).toEqual([player]);
    expect(shown[0]?.getAttribute('data-mode')).toBe('live');
    expect(shown[0]?.getAttribute('data-codes')).toBe('CAM-2');
  });

  it('names the box and its place in the title, and the box alone when its place is unknown', () => {
    const record = recordWithCamera(1, 'hik_isc_huati');
    const { unmount } = openDialog(record);
    const title = () => document.querySelector('[data-alarm-call-title]')?.textContent;
    expect(title()).toBe('报警柱1（东区 / 东门 / 东门路1号）');
    unmount();
    openDialog({ ...record, deviceDto: { ...record.deviceDto, areaName: '', siteName: '', address: ' ' } });
    expect(title()).toBe('报警柱1');
  });

  it('gives the intercom the moment the call was answered, for its timer', () => {
    openDialog(recordWithCamera(1, 'hik_isc_huati'));
    // notifyTime 2026-11-24 10:00:30 is China time (UTC+8).
    expect(document.querySelector('[data-since]')?.getAttribute('data-since')).toBe(
      String(Date.UTC(2026, 10, 24, 2, 0, 30)),
    );
  });

  it('says 该报警柱未绑定摄像机 for a box without a camera, the intercom still there', () => {
    openDialog(alarmRecord(3, 9, 7));
    expect(document.querySelector('[data-player]')).toBeNull();
    expect(document.querySelector('[data-alarm-no-camera]')?.textContent).toContain('该报警柱未绑定摄像机');
    expect(document.querySelector('[data-intercom-stand-in]')).not.toBeNull();
  });
});
