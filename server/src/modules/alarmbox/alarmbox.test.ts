import type { AddressInfo } from 'node:net';
import {
  ALARM_CALL_MAX_MS,
  ALARM_LISTEN_PATH,
  ALARM_OPERATOR_GRACE_MS,
  ALARM_RESYNC_CLOSE,
  ALARM_TALK_PATH,
  alarmBoxPlace,
  alarmboxTextsZh,
  alarmCallEndpoints as api,
  alarmCallExport,
  authEndpoints,
  HEADER_ACCESS_TOKEN,
  API_PREFIX,
  callTopic,
  deviceTopic,
  DEMO_ALARM_BOXES,
  TYPE_ALARM_BOX,
  XLSX_CONTENT_TYPE,
} from '@cityops/contract';
import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { alarmCalls, areas, devices, products, projects, userProjects, users } from '../../db/schema.js';
import { loadSecretBox } from '../../db/secretBox.js';
import { openAlarmSocket } from '../../test/alarmSocket.js';
import {
  connectDevice,
  eventually,
  insertDevice,
  insertProduct,
  insertProject,
} from '../../test/iotDevices.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';
import { sheetRows } from '../../test/xlsx.js';
import { runtimeOf } from '../iot/runtime.js';
import { alarmCallsOf } from './routes.js';
import { DEMO_PROJECTS } from '../../db/seed/demo.js';
import { pointWithin } from '../areas/geometry.js';
import { seedDemoAlarmBoxes } from './seed.js';

let t: TestApp;
let origin: string;
let brokerUrl: string;
let projectA: number;
let projectB: number;
let productId: number;
const tokens: Record<string, string> = {};
const userIds: Record<string, number> = {};
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { MQTT_PORT: '0', HOST: '127.0.0.1' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  brokerUrl = `mqtt://127.0.0.1:${runtimeOf(t.app.cityops).port() ?? 0}`;
  const db = t.handle.db;
  projectA = await insertProject(db);
  projectB = await insertProject(db);
  productId = await insertProduct(db, { typeCode: TYPE_ALARM_BOX, functions: [] });
  for (const [name, project, codes] of [
    ['opone', projectA, ['monitor', 'history']],
    ['optwo', projectA, ['monitorReceiver']],
    ['opother', projectB, ['monitor', 'history']],
    ['yeller', projectA, ['yelling']],
    ['yellerb', projectB, ['yelling']],
  ] as const) {
    userIds[name] = await t.createUser(name, 'Operator@123', codes);
    await db.insert(userProjects).values({ userId: userIds[name] ?? 0, projectId: project });
    tokens[name] = await t.token(name, 'Operator@123');
  }
});
afterAll(async () => {
  for (const client of clients) await client.endAsync(true);
  await t.close();
});

/** A box of `projectId`, signed in to the broker and listening to its command and speaker topics. */
async function box(projectId = projectA) {
  const device = await insertDevice(t.handle.db, { productId, projectId });
  const client = await connectDevice(brokerUrl, device);
  clients.push(client);
  const commands: Array<{ action: string; alarmId?: number }> = [];
  const heard: Buffer[] = [];
  client.on('message', (topic, payload) => {
    if (topic === deviceTopic(device.deviceKey, 'command'))
      commands.push(
        (JSON.parse(payload.toString()) as { params: { action: string; alarmId?: number } }).params,
      );
    else if (topic === callTopic(device.deviceKey, 'speaker')) heard.push(payload);
  });
  await client.subscribeAsync([
    deviceTopic(device.deviceKey, 'command'),
    callTopic(device.deviceKey, 'speaker'),
  ]);
  await eventually(async () => runtimeOf(t.app.cityops).reachable({ ...device, online: false }));
  const call = (action: 'ring' | 'hangup', callId: string) =>
    client.publishAsync(callTopic(device.deviceKey, 'call'), JSON.stringify({ action, callId }), { qos: 1 });
  return { device, client, commands, heard, call };
}

/** The alarm-result socket as sockjs-client's websocket transport drives it. */
const alarmSocket = (token: string, devIds: number[] = []) => openAlarmSocket(origin, token, devIds);

/** An intercom socket: `ready` is the close code, or 'ready'; `reason()` the close's reason. */
async function talkSocket(path: string, token: string, devIds: number[]) {
  const ws = new WebSocket(`${origin}${API_PREFIX}${path}`);
  const texts: string[] = [];
  const audio: Buffer[] = [];
  ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
    if (isBinary) audio.push(Buffer.from(data as Buffer));
    else texts.push(String(data));
  });
  let reason = '';
  const closed = new Promise<number>((resolve) =>
    ws.on('close', (code, why) => {
      reason = String(why);
      resolve(code);
    }),
  );
  await new Promise<void>((resolve) => ws.once('open', () => resolve()));
  ws.send(JSON.stringify({ accessToken: token, devIds }));
  const ready = await Promise.race([
    eventually(() => Promise.resolve(texts.some((text) => text.includes('"ready"')))).then(
      () => 'ready' as const,
    ),
    closed,
  ]);
  return { ws, texts, audio, closed, ready, reason: () => reason };
}

const callRow = async (id: number) =>
  (await t.handle.db.select().from(alarmCalls).where(eq(alarmCalls.id, id)))[0];
const answer = (who: string, alarmId: number, devId: number) =>
  t.api(api.updateAlarmPeople, {
    token: tokens[who] ?? '',
    body: { alarmId: [alarmId], devId: [devId], interfaceType: 1 },
  });

describe('the alarm-result socket', () => {
  it('refuses a bad token with 4401', async () => {
    const socket = await alarmSocket('not-a-token');
    expect(await socket.closed).toBe(4401);
    expect(socket.closeFrame()?.[0]).toBe(4401);
  });

  it('shows nothing of another project’s box that devIds name, listed at the start or ringing after', async () => {
    const a = await box();
    await a.call('ring', 'press-named-1');
    const own = await alarmSocket(tokens.opone ?? '', [a.device.id]);
    const other = await alarmSocket(tokens.opother ?? '', [a.device.id]);
    const first = await own.find((record) => record.devId === a.device.id && record.eventStatus === 1);
    await eventually(() => Promise.resolve(other.welcomed()));
    await a.call('hangup', 'press-named-1');
    await a.call('ring', 'press-named-2');
    await own.find((record) => record.devId === a.device.id && record.id !== first.id);
    expect(other.records.filter((record) => record.devId === a.device.id)).toEqual([]);
    await a.call('hangup', 'press-named-2');
    own.ws.close();
    other.ws.close();
  });
});

describe('a call from ringing to its end', () => {
  it('rings at the operators of the box’s project only; one of two racing operators wins; audio flows both ways', async () => {
    const one = await alarmSocket(tokens.opone ?? '');
    const two = await alarmSocket(tokens.optwo ?? '');
    const other = await alarmSocket(tokens.opother ?? '');
    await eventually(() => Promise.resolve(one.welcomed() && two.welcomed() && other.welcomed()));
    const a = await box();
    await a.call('ring', 'press-1');
    const ringing = await one.find((record) => record.devId === a.device.id && record.eventStatus === 1);
    await two.find((record) => record.id === ringing.id && record.eventStatus === 1);
    expect(ringing.deviceDto.devName).toBeTruthy();

    const [first, second] = await Promise.all([
      answer('opone', ringing.id, a.device.id),
      answer('optwo', ringing.id, a.device.id),
    ]);
    const answers = [first, second];
    const won = answers.filter((reply) => reply.status_code === 1);
    const lost = answers.filter((reply) => reply.status_code !== 1);
    expect(won).toHaveLength(1);
    expect(lost[0]?.message).toBe(alarmboxTextsZh['alarmbox.answeredElsewhere']);
    const winner = first.status_code === 1 ? 'opone' : 'optwo';
    const loser = winner === 'opone' ? 'optwo' : 'opone';
    await one.find((record) => record.id === ringing.id && record.eventStatus === 9);
    await two.find((record) => record.id === ringing.id && record.eventStatus === 9);
    await eventually(() =>
      Promise.resolve(
        a.commands.some((command) => command.action === 'answer' && command.alarmId === ringing.id),
      ),
    );
    expect(other.records.some((record) => record.devId === a.device.id)).toBe(false);

    // The intercom: the answerer only; another project's operator is refused; a bad token too.
    expect((await talkSocket(ALARM_LISTEN_PATH, 'bad-token', [a.device.id])).ready).toBe(4401);
    expect((await talkSocket(ALARM_LISTEN_PATH, tokens[loser] ?? '', [a.device.id])).ready).toBe(4403);
    expect((await talkSocket(ALARM_TALK_PATH, tokens.opother ?? '', [a.device.id])).ready).toBe(4403);
    const listen = await talkSocket(ALARM_LISTEN_PATH, tokens[winner] ?? '', [a.device.id]);
    const talk = await talkSocket(ALARM_TALK_PATH, tokens[winner] ?? '', [a.device.id]);
    expect([listen.ready, talk.ready]).toEqual(['ready', 'ready']);
    const boxVoice = Buffer.alloc(320, 7);
    await a.client.publishAsync(callTopic(a.device.deviceKey, 'voice'), boxVoice, { qos: 0 });
    await eventually(() => Promise.resolve(listen.audio.some((frame) => frame.equals(boxVoice))));
    const operatorVoice = Buffer.alloc(320, 9);
    talk.ws.send(operatorVoice);
    await eventually(() => Promise.resolve(a.heard.some((frame) => frame.equals(operatorVoice))));

    // One call per user: the winner cannot answer a second box's call.
    const b = await box();
    await b.call('ring', 'press-2');
    const second2 = await one.find((record) => record.devId === b.device.id && record.eventStatus === 1);
    expect((await answer(winner, second2.id, b.device.id)).message).toBe(alarmboxTextsZh['alarmbox.busy']);

    // The box hangs up: the record ends, the sockets hear it, the intercom closes 4410.
    await a.call('hangup', 'press-1');
    await one.find((record) => record.id === ringing.id && record.eventStatus === 0);
    expect(await listen.closed).toBe(4410);
    expect(await talk.closed).toBe(4410);
    expect(await callRow(ringing.id)).toMatchObject({
      state: 'ended',
      endReason: 'box',
      answeredBy: userIds[winner],
    });
    expect((await answer(loser, ringing.id, a.device.id)).message).toBe(alarmboxTextsZh['alarmbox.ended']);

    // The second box goes offline while ringing: its call ends as offline.
    await b.client.endAsync(true);
    await one.find((record) => record.id === second2.id && record.eventStatus === 0);
    expect(await callRow(second2.id)).toMatchObject({ state: 'ended', endReason: 'offline' });
    for (const socket of [one, two, other]) socket.ws.close();
  });

  it('takes a box’s messages in the order it sent them: a press right after a hang-up rings anew', async () => {
    const a = await box();
    // Hang-up and press sent back to back, without waiting for the server between them.
    await a.call('ring', 'press-quick-0');
    await Promise.all(
      [1, 2, 3, 4, 5].flatMap((n) => [
        a.call('hangup', `press-quick-${n - 1}`),
        a.call('ring', `press-quick-${n}`),
      ]),
    );
    await a.call('hangup', 'press-quick-5');
    const calls = await eventually(async () => {
      const rows = await t.handle.db.select().from(alarmCalls).where(eq(alarmCalls.deviceId, a.device.id));
      return rows.length === 6 && rows.every((row) => row.state === 'ended') ? rows : null;
    });
    expect(calls.map((row) => row.boxCallId).sort()).toEqual(
      [0, 1, 2, 3, 4, 5].map((n) => `press-quick-${n}`),
    );
    expect(calls.every((row) => row.endReason === 'box')).toBe(true);
  });

  it('ends a call nobody answers as missed, and tells the box', async () => {
    const a = await box();
    await a.call('ring', 'press-3');
    const row = await eventually(
      async () =>
        (await t.handle.db.select().from(alarmCalls).where(eq(alarmCalls.deviceId, a.device.id)))[0],
    );
    t.clock.advanceMinutes(4);
    await alarmCallsOf(t.app.cityops).sweep();
    expect(await callRow(row.id)).toMatchObject({ state: 'ended', endReason: 'missed' });
    await eventually(() => Promise.resolve(a.commands.some((command) => command.action === 'hangup')));
  });

  it('ends a call talking past the two-hour limit as timeout, and tells the box', async () => {
    const a = await box();
    await a.call('ring', 'press-limit');
    const row = await eventually(
      async () =>
        (await t.handle.db.select().from(alarmCalls).where(eq(alarmCalls.deviceId, a.device.id)))[0],
    );
    expect((await answer('opone', row.id, a.device.id)).data).toMatchObject({ eventStatus: 9 });
    // Answered a minute short of the limit ago: the call goes on. (The answer is dated back rather
    // than the clock moved on, which would end every session of the file.)
    const answeredAgo = async (ms: number) =>
      t.handle.db
        .update(alarmCalls)
        .set({ answeredAt: new Date(t.clock.now().getTime() - ms) })
        .where(eq(alarmCalls.id, row.id));
    await answeredAgo(ALARM_CALL_MAX_MS - 60_000);
    await alarmCallsOf(t.app.cityops).sweep();
    expect(await callRow(row.id)).toMatchObject({ state: 'answered', endReason: null });
    expect(a.commands.some((command) => command.action === 'hangup')).toBe(false);
    await answeredAgo(ALARM_CALL_MAX_MS + 60_000);
    await alarmCallsOf(t.app.cityops).sweep();
    expect(await callRow(row.id)).toMatchObject({ state: 'ended', endReason: 'timeout' });
    await eventually(() =>
      Promise.resolve(
        a.commands.some((command) => command.action === 'hangup' && command.alarmId === row.id),
      ),
    );
  });

  it('calls an idle online box (interfaceType 0) and hangs up as the operator', async () => {
    const a = await box();
    const called = await t.api(api.updateAlarmPeople, {
      token: tokens.opone ?? '',
      body: { alarmId: [], devId: [a.device.id], interfaceType: 0 },
    });
    expect(called.data).toMatchObject({
      outgoing: true,
      eventStatus: 9,
      answeredBy: { userId: userIds.opone },
    });
    const alarmId = called.data?.id ?? 0;
    expect(
      (
        await t.api(api.updateAlarmPeople, {
          token: tokens.optwo ?? '',
          body: { alarmId: [], devId: [a.device.id], interfaceType: 0 },
        })
      ).message,
    ).toBe(alarmboxTextsZh['alarmbox.boxBusy']);
    expect((await t.api(api.hangUp, { token: tokens.optwo ?? '', body: { alarmId } })).message).toBe(
      alarmboxTextsZh['alarmbox.notAnswerer'],
    );
    expect((await t.api(api.hangUp, { token: tokens.opone ?? '', body: { alarmId } })).data).toMatchObject({
      eventStatus: 0,
      endReason: 'operator',
    });
    await eventually(() => Promise.resolve(a.commands.some((command) => command.action === 'hangup')));
    // Another project's box is not found.
    const hidden = await box(projectB);
    expect(
      (
        await t.api(api.updateAlarmPeople, {
          token: tokens.opone ?? '',
          body: { alarmId: [], devId: [hidden.device.id], interfaceType: 0 },
        })
      ).message,
    ).toBe(alarmboxTextsZh['alarmbox.boxNotFound']);
  });
});

describe('shouting and signing out', () => {
  it('shouts (远程喊话) to idle online boxes for a holder of yelling only, and ends the shout on close', async () => {
    const [a, b] = [await box(), await box()];
    const ids = [a.device.id, b.device.id];
    expect((await talkSocket(ALARM_TALK_PATH, tokens.opone ?? '', ids)).ready).toBe(4403);
    const shout = await talkSocket(ALARM_TALK_PATH, tokens.yeller ?? '', ids);
    expect(shout.ready).toBe('ready');
    await eventually(() =>
      Promise.resolve([a, b].every((one) => one.commands.some((command) => command.action === 'yell'))),
    );
    const voice = Buffer.alloc(320, 5);
    shout.ws.send(voice);
    await eventually(() => Promise.resolve([a, b].every((one) => one.heard.some((f) => f.equals(voice)))));
    shout.ws.close();
    await eventually(() =>
      Promise.resolve([a, b].every((one) => one.commands.some((command) => command.action === 'yellEnd'))),
    );

    // A box in a call is not shouted at.
    await a.call('ring', 'press-yell');
    await eventually(async () =>
      (await t.api(api.boxes, { token: tokens.opone ?? '', body: { state: 'ringing' } })).data?.list.find(
        (row) => row.id === a.device.id,
      ),
    );
    expect((await talkSocket(ALARM_TALK_PATH, tokens.yeller ?? '', ids)).ready).toBe(4403);
    await a.call('hangup', 'press-yell');
  });

  it('refuses a shout at another project’s box (4403, not a box of yours) and a bad token (4401)', async () => {
    const a = await box();
    const shout = await talkSocket(ALARM_TALK_PATH, tokens.yellerb ?? '', [a.device.id]);
    expect([shout.ready, shout.reason()]).toEqual([4403, 'not a box of yours']);
    const stranger = await talkSocket(ALARM_TALK_PATH, 'not-a-token', [a.device.id]);
    expect([stranger.ready, stranger.reason()]).toEqual([4401, 'session not valid']);
    expect(a.commands.some((command) => command.action === 'yell')).toBe(false);
  });

  it('closes the alarm and intercom sockets of a session that signs out', async () => {
    const a = await box();
    const token = await t.token('opone', 'Operator@123');
    const results = await alarmSocket(token);
    await eventually(() => Promise.resolve(results.welcomed()));
    const called = await t.api(api.updateAlarmPeople, {
      token,
      body: { alarmId: [], devId: [a.device.id], interfaceType: 0 },
    });
    expect(called.status_code, called.message).toBe(1);
    const listen = await talkSocket(ALARM_LISTEN_PATH, token, [a.device.id]);
    const talk = await talkSocket(ALARM_TALK_PATH, token, [a.device.id]);
    expect([listen.ready, talk.ready]).toEqual(['ready', 'ready']);
    await t.api(authEndpoints.logout, { token });
    expect(await listen.closed).toBe(4401);
    expect(await talk.closed).toBe(4401);
    expect(await results.closed).toBe(4401);
    await t.api(api.hangUp, { token: tokens.opone ?? '', body: { alarmId: called.data?.id ?? 0 } });
  });
});

describe('after the bus was lost', () => {
  it('closes the alarm sockets to be listed afresh (1012), and the intercom of a call that ended meanwhile', async () => {
    const a = await box();
    const results = await alarmSocket(tokens.optwo ?? '');
    await eventually(() => Promise.resolve(results.welcomed()));
    const called = await t.api(api.updateAlarmPeople, {
      token: tokens.opone ?? '',
      body: { alarmId: [], devId: [a.device.id], interfaceType: 0 },
    });
    const alarmId = called.data?.id ?? 0;
    const listen = await talkSocket(ALARM_LISTEN_PATH, tokens.opone ?? '', [a.device.id]);
    expect(listen.ready).toBe('ready');
    // The call ends while no event can arrive: written straight to the table.
    await t.handle.db
      .update(alarmCalls)
      .set({ state: 'ended', endReason: 'box', endedAt: new Date() })
      .where(eq(alarmCalls.id, alarmId));
    await alarmCallsOf(t.app.cityops).resync();
    expect(await results.closed).toBe(ALARM_RESYNC_CLOSE);
    expect(await listen.closed).toBe(4410);
    expect(listen.texts.some((text) => text.includes('"ended"'))).toBe(true);
  });
});

describe('an operator whose browser goes away mid-call', () => {
  /** A ringing call of a new box, answered by `who`. */
  async function answeredCall(who: string) {
    const a = await box();
    await a.call('ring', `press-away-${a.device.id}`);
    const row = await eventually(
      async () =>
        (await t.handle.db.select().from(alarmCalls).where(eq(alarmCalls.deviceId, a.device.id)))[0],
    );
    const answered = await answer(who, row.id, a.device.id);
    expect(answered.status_code, answered.message).toBe(1);
    return { a, alarmId: row.id, record: answered.data };
  }
  /** The answerer was last seen `ms` ago (dated back, as the clock moving on would end every session). */
  const seenAgo = (alarmId: number, ms: number) =>
    t.handle.db
      .update(alarmCalls)
      .set({ operatorSeenAt: new Date(t.clock.now().getTime() - ms) })
      .where(eq(alarmCalls.id, alarmId));

  it('names the answerer by their name, and by their account when they have none', async () => {
    await t.handle.db.update(users).set({ name: '值班员老李' }).where(eq(users.userName, 'opone'));
    await t.handle.db.update(users).set({ name: '' }).where(eq(users.userName, 'optwo'));
    const named = await answeredCall('opone');
    expect(named.record?.answeredBy).toEqual({ userId: userIds.opone, name: '值班员老李' });
    const unnamed = await answeredCall('optwo');
    expect(unnamed.record?.answeredBy).toEqual({ userId: userIds.optwo, name: 'optwo' });
    const listed = await t.api(api.history, {
      token: tokens.opone ?? '',
      body: { devId: named.a.device.id, keyword: '老李' },
    });
    expect(listed.data?.list.map((row) => row.answeredBy?.name)).toEqual(['值班员老李']);
    for (const [who, call] of [
      ['opone', named],
      ['optwo', unnamed],
    ] as const)
      await t.api(api.hangUp, { token: tokens[who] ?? '', body: { alarmId: call.alarmId } });
  });

  it('keeps the call while its intercom is open, however long since the operator was marked seen', async () => {
    const { a, alarmId } = await answeredCall('opone');
    const listen = await talkSocket(ALARM_LISTEN_PATH, tokens.opone ?? '', [a.device.id]);
    const talk = await talkSocket(ALARM_TALK_PATH, tokens.opone ?? '', [a.device.id]);
    expect([listen.ready, talk.ready]).toEqual(['ready', 'ready']);
    await seenAgo(alarmId, ALARM_OPERATOR_GRACE_MS * 4);
    await alarmCallsOf(t.app.cityops).sweep();
    expect(await callRow(alarmId)).toMatchObject({ state: 'answered', endReason: null });
    // The sweep marked the operator seen again, for the sweeps of the other instances.
    expect((await callRow(alarmId))?.operatorSeenAt?.getTime()).toBe(t.clock.now().getTime());
    await t.api(api.hangUp, { token: tokens.opone ?? '', body: { alarmId } });
    expect(await listen.closed).toBe(4410);
  });

  it('ends the call as the operator’s connection lost once their intercom stays closed past the grace period, with the time they were there, and tells the box', async () => {
    const { a, alarmId } = await answeredCall('opone');
    const listen = await talkSocket(ALARM_LISTEN_PATH, tokens.opone ?? '', [a.device.id]);
    const talk = await talkSocket(ALARM_TALK_PATH, tokens.opone ?? '', [a.device.id]);
    expect([listen.ready, talk.ready]).toEqual(['ready', 'ready']);
    const results = await alarmSocket(tokens.opone ?? '');
    await eventually(() => Promise.resolve(results.welcomed()));
    await t.handle.db
      .update(alarmCalls)
      .set({ answeredAt: new Date(t.clock.now().getTime() - ALARM_OPERATOR_GRACE_MS - 61_000) })
      .where(eq(alarmCalls.id, alarmId));
    // The browser goes away: both sockets drop without a hang-up.
    listen.ws.terminate();
    talk.ws.terminate();
    const calls = alarmCallsOf(t.app.cityops);
    await eventually(() => Promise.resolve(![...calls.talkers].some((peer) => peer.callId === alarmId)));
    // Within the grace period (a reload) the call goes on.
    await calls.sweep();
    expect(await callRow(alarmId)).toMatchObject({ state: 'answered' });
    expect(a.commands.some((command) => command.action === 'hangup')).toBe(false);

    const lostAt = new Date(t.clock.now().getTime() - ALARM_OPERATOR_GRACE_MS - 1_000);
    await seenAgo(alarmId, ALARM_OPERATOR_GRACE_MS + 1_000);
    await alarmCallsOf(t.app.cityops).sweep();
    const ended = await callRow(alarmId);
    expect(ended).toMatchObject({ state: 'ended', endReason: 'connectionLost', endedAt: lostAt });
    await eventually(() =>
      Promise.resolve(
        a.commands.some((command) => command.action === 'hangup' && command.alarmId === alarmId),
      ),
    );
    await results.find((record) => record.id === alarmId && record.eventStatus === 0);
    // Signed in again, the call is not among the user's live calls: no dialog comes back.
    const again = await t.token('opone', 'Operator@123');
    expect((await t.api(api.current, { token: again })).data?.some((record) => record.id === alarmId)).toBe(
      false,
    );
    const [row] = (await t.api(api.history, { token: again, body: { devId: a.device.id } })).data?.list ?? [];
    // Talked a minute: from the answer to the last sighting, not the grace period after.
    expect(row).toMatchObject({ endReason: 'connectionLost', talkSeconds: 60 });
    results.ws.close();
  });

  it('ends a call whose operator never connected an intercom after the grace period from the answer', async () => {
    const { a, alarmId } = await answeredCall('opone');
    await seenAgo(alarmId, ALARM_OPERATOR_GRACE_MS - 1_000);
    await alarmCallsOf(t.app.cityops).sweep();
    expect(await callRow(alarmId)).toMatchObject({ state: 'answered' });
    await seenAgo(alarmId, ALARM_OPERATOR_GRACE_MS + 1_000);
    await alarmCallsOf(t.app.cityops).sweep();
    expect(await callRow(alarmId)).toMatchObject({ state: 'ended', endReason: 'connectionLost' });
    await eventually(() => Promise.resolve(a.commands.some((command) => command.action === 'hangup')));
  });
});

describe('the records', () => {
  it('filters the list and the map by an area and the areas under it', async () => {
    const db = t.handle.db;
    const [district] = await db
      .insert(areas)
      .values({ projectId: projectA, name: '东区', type: 'areadir' })
      .returning({ id: areas.id });
    const [street] = await db
      .insert(areas)
      .values({ projectId: projectA, parentId: district?.id ?? null, name: '东街', type: 'areanode' })
      .returning({ id: areas.id });
    const [inStreet, outside] = [await box(), await box()];
    await db
      .update(devices)
      .set({ areaId: street?.id ?? null, longitude: 120.1, latitude: 30.2 })
      .where(eq(devices.id, inStreet.device.id));
    await db
      .update(devices)
      .set({ name: '西门外报警柱', longitude: 120.2, latitude: 30.3 })
      .where(eq(devices.id, outside.device.id));
    const token = tokens.opone ?? '';
    const listed = await t.api(api.boxes, { token, body: { projectId: projectA, areaId: district?.id } });
    expect(listed.data?.list.map((row) => row.id)).toEqual([inStreet.device.id]);
    const mapped = await t.api(api.boxMap, { token, query: { projectId: projectA, areaId: district?.id } });
    expect(mapped.data?.list.map((row) => row.id)).toEqual([inStreet.device.id]);
    const whole = await t.api(api.boxMap, { token, query: { projectId: projectA } });
    expect(whole.data?.list.map((row) => row.id)).toEqual(
      expect.arrayContaining([inStreet.device.id, outside.device.id]),
    );
    // The map takes the list's state and keyword too, so both show the same boxes.
    const byKeyword = { projectId: projectA, keyword: '西门外' };
    const keyed = await t.api(api.boxMap, { token, query: byKeyword });
    expect(keyed.data?.list.map((row) => row.id)).toEqual([outside.device.id]);
    expect((await t.api(api.boxes, { token, body: byKeyword })).data?.list.map((row) => row.id)).toEqual([
      outside.device.id,
    ]);
    const offline = await t.api(api.boxMap, { token, query: { projectId: projectA, state: 'offline' } });
    expect(offline.data?.list.some((row) => row.id === outside.device.id)).toBe(false);
    expect(offline.data?.list.every((row) => row.state === 'offline')).toBe(true);
  });

  it('lists the boxes with their state, binds a camera of the box’s project, filters and exports the history', async () => {
    const a = await box();
    await a.call('ring', 'press-records');
    const ringing = await eventually(async () => {
      const page = await t.api(api.boxes, { token: tokens.opone ?? '', body: { state: 'ringing' } });
      return page.data?.list.find((row) => row.id === a.device.id);
    });
    expect(ringing).toMatchObject({ state: 'ringing', online: true, call: { eventStatus: 1 } });
    const hiddenBoxes = await t.api(api.boxes, { token: tokens.opother ?? '', body: {} });
    expect(hiddenBoxes.data?.list.some((row) => row.id === a.device.id)).toBe(false);
    expect(
      (
        await t.api(api.bindCamera, {
          token: await t.token('admin', 'Admin@123'),
          body: { devId: a.device.id, cameraCode: 'no-such-camera' },
        })
      ).status_code,
    ).not.toBe(1);

    await a.call('hangup', 'press-records');
    await eventually(async () =>
      (await t.api(api.current, { token: tokens.opone ?? '' })).data?.every(
        (record) => record.devId !== a.device.id,
      ),
    );
    const missed = await t.api(api.history, {
      token: tokens.opone ?? '',
      body: { devId: a.device.id, outcome: 'missed', endReason: 'box' },
    });
    expect(missed.data?.total).toBe(1);
    expect(missed.data?.list[0]).toMatchObject({ devId: a.device.id, talkSeconds: null, endReason: 'box' });
    const answered = await t.api(api.history, {
      token: tokens.opone ?? '',
      body: { devId: a.device.id, outcome: 'answered' },
    });
    expect(answered.data?.total).toBe(0);
    const elsewhere = await t.api(api.history, { token: tokens.opother ?? '', body: { devId: a.device.id } });
    expect(elsewhere.data?.total).toBe(0);

    const admin = await t.token('admin', 'Admin@123');
    const file = await t.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${alarmCallExport.path}`,
      headers: { 'content-type': 'application/json', [HEADER_ACCESS_TOKEN]: admin },
      payload: JSON.stringify({ devId: a.device.id }),
    });
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const { rows } = await sheetRows(file.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[3]).toBeTruthy();
  });
});

describe('the demo seed', () => {
  it('registers the demo alarm columns inside the first demo project, bound to their cameras, once', async () => {
    const [first] = await t.handle.db
      .select({ id: projects.id })
      .from(projects)
      .orderBy(projects.id)
      .limit(1);
    const secrets = await loadSecretBox(t.config);
    expect(await seedDemoAlarmBoxes(t.handle.db, secrets, first?.id ?? 0)).toBe(DEMO_ALARM_BOXES.length);
    expect(await seedDemoAlarmBoxes(t.handle.db, secrets, first?.id ?? 0)).toBe(0);
    // Its product is named in English too, as the device pages show it to an English reader.
    const [product] = await t.handle.db
      .select({ nameEn: products.nameEn })
      .from(products)
      .where(eq(products.productKey, 'demo-alarmbox'));
    expect(product?.nameEn).toBe('One-key alarm column');
    const admin = await t.token('admin', 'Admin@123');
    const page = await t.api(api.boxes, { token: admin, body: { keyword: '一键报警柱', pageSize: 50 } });
    const demo = page.data?.list.filter((row) =>
      DEMO_ALARM_BOXES.some((box) => box.deviceKey === row.deviceKey),
    );
    expect(demo).toHaveLength(DEMO_ALARM_BOXES.length);
    for (const row of demo ?? []) {
      const seeded = DEMO_ALARM_BOXES.find((box) => box.deviceKey === row.deviceKey);
      expect(row.camera?.controlCode).toBe(seeded?.cameraCode);
      // The call dialog and the records show where it stands.
      expect(alarmBoxPlace(row)).toBe(seeded?.address);
      // Where the monitor's map of the demo project looks (its cameras stand in another city).
      expect({ lng: row.lng, lat: row.lat }).toEqual({ lng: seeded?.lng, lat: seeded?.lat });
      expect(pointWithin({ lng: row.lng ?? 0, lat: row.lat ?? 0 }, DEMO_PROJECTS[0]?.polygon ?? [])).toBe(
        true,
      );
    }
    // Their history came with them: a call the administrator answered, named and placed.
    const third = demo?.find((row) => row.deviceKey === DEMO_ALARM_BOXES[2]?.deviceKey);
    const calls = await t.api(api.history, { token: admin, body: { devId: third?.id } });
    expect(calls.data?.list).toEqual([
      expect.objectContaining({
        answeredBy: expect.objectContaining({ name: '系统管理员' }) as unknown,
        endReason: 'operator',
        talkSeconds: 140,
        ringSeconds: 12,
        deviceDto: expect.objectContaining({ address: DEMO_ALARM_BOXES[2]?.address }) as unknown,
      }),
    ]);
  });
});
