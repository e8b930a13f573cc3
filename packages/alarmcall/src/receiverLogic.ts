import { ALARM_NOTICE_COUNTDOWN_S, EVENT_STATUS, type AlarmRecord } from '@cityops/contract';

/**
 * The alarm receiver's rules (video-talk-alarm-header.md §4.6), framework-free: every function takes
 * the state and returns the next one (and what to tell the user), so the rules are tested alone.
 *
 * - 1 ringing: a notice with an answer button, never closed by itself.
 * - 0 ended: the current call closes with 此报警已结束; any other notice's button becomes 已结束(5),
 *   counts down and the notice closes.
 * - 9 answered: the answerer's own call becomes the current call; elsewhere the button becomes
 *   已被接听(5), counts down and the notice closes.
 * - One call at a time: while a call is active (or an answer is in flight) no other call is answered.
 */

/** `ringing`: may be answered; `ended` / `answered`: closing, `countdown` seconds left. */
export type NoticePhase = 'ringing' | 'ended' | 'answered';

export interface AlarmNotice {
  record: AlarmRecord;
  phase: NoticePhase;
  /** Seconds left before the notice closes; null while ringing. */
  countdown: number | null;
}

export interface ReceiverState {
  /** The notices by alarm id. */
  notices: Readonly<Record<number, AlarmNotice>>;
  /** Alarm ids in arrival order (the order the notices stack). */
  order: readonly number[];
  /** The call this user answered and talks in (the call dialog's), null when none. */
  current: AlarmRecord | null;
  /** The alarm whose answer request is in flight. */
  answering: number | null;
}

/** What the user is told after a step: a spec text key (i18n `alarmcall.*`). */
export type ReceiverMessage = 'callEnded' | 'busy' | 'busyDialog';

export interface Step {
  state: ReceiverState;
  messages: ReceiverMessage[];
}

export const initialReceiverState: ReceiverState = {
  notices: {},
  order: [],
  current: null,
  answering: null,
};

function withoutNotice(state: ReceiverState, id: number): ReceiverState {
  if (!(id in state.notices)) return state;
  const notices = Object.fromEntries(
    Object.entries(state.notices).filter(([key]) => Number(key) !== id),
  ) as Record<number, AlarmNotice>;
  return { ...state, notices, order: state.order.filter((other) => other !== id) };
}

function putNotice(state: ReceiverState, notice: AlarmNotice): ReceiverState {
  const id = notice.record.id;
  const order = id in state.notices ? state.order : [...state.order, id];
  return { ...state, notices: { ...state.notices, [id]: notice }, order };
}

/**
 * The records of a socket frame. `whole`: the first frame of a connection, listing every live call;
 * a ringing notice or the current call missing from it ended while the socket was down (it closes,
 * the call with 此报警已结束), and a call in it this user answered is their current call again (after a
 * reload, the dialog comes back). Later frames carry the changes.
 */
export function receiveRecords(
  start: ReceiverState,
  records: readonly AlarmRecord[],
  userId: number | null,
  whole = false,
): Step {
  let state = start;
  const messages: ReceiverMessage[] = [];
  if (whole) {
    const live = new Set(records.map((record) => record.id));
    if (state.current && !live.has(state.current.id)) {
      state = { ...state, current: null };
      messages.push('callEnded');
    }
    for (const id of state.order)
      if (!live.has(id) && state.notices[id]?.phase === 'ringing') state = withoutNotice(state, id);
  }
  for (const record of records) {
    const isCurrent = state.current?.id === record.id;
    const notice = state.notices[record.id];
    if (record.eventStatus === EVENT_STATUS.ringing) {
      if (isCurrent) continue;
      // A ringing frame never revives a notice that is already closing.
      if (notice && notice.phase !== 'ringing') continue;
      state = putNotice(state, { record, phase: 'ringing', countdown: null });
    } else if (record.eventStatus === EVENT_STATUS.ended) {
      if (isCurrent) {
        state = withoutNotice({ ...state, current: null }, record.id);
        messages.push('callEnded');
      } else if (notice && notice.phase === 'ringing') {
        state = putNotice(state, { record, phase: 'ended', countdown: ALARM_NOTICE_COUNTDOWN_S });
      }
    } else {
      const mine = userId !== null && record.answeredBy?.userId === userId;
      if (isCurrent) {
        state = { ...state, current: record };
      } else if (mine && state.current === null && state.answering === record.id) {
        // The server's frame may beat the answer's response: it is this user's call either way.
        state = withoutNotice({ ...state, current: record, answering: null }, record.id);
      } else if (mine && whole && state.current === null && state.answering === null) {
        // A connection's list holds a call this user talks in (the page was reloaded): it is theirs again.
        state = withoutNotice({ ...state, current: record }, record.id);
      } else if (notice && notice.phase === 'ringing' && state.answering !== record.id) {
        state = putNotice(state, { record, phase: 'answered', countdown: ALARM_NOTICE_COUNTDOWN_S });
      }
    }
  }
  return { state, messages };
}

/** One second passed: the closing notices count down and close at 0. */
export function tick(start: ReceiverState): ReceiverState {
  let state = start;
  for (const id of start.order) {
    const notice = start.notices[id];
    if (!notice || notice.countdown === null) continue;
    const countdown = notice.countdown - 1;
    state = countdown <= 0 ? withoutNotice(state, id) : putNotice(state, { ...notice, countdown });
  }
  return state;
}

/** Whether the notice's answer button is enabled. */
export function canAnswer(state: ReceiverState, id: number): boolean {
  return state.current === null && state.answering === null && state.notices[id]?.phase === 'ringing';
}

/**
 * The user pressed answer (a notice, the header list, or a page's `answerAlarm`): refused with the
 * spec's warning when a call is active (`dialogOpen`: its dialog is open), else the answer starts.
 */
export function beginAnswer(
  state: ReceiverState,
  id: number,
  dialogOpen: boolean,
): { state: ReceiverState; refused: ReceiverMessage | null } {
  if (state.current !== null || state.answering !== null)
    return { state, refused: dialogOpen ? 'busyDialog' : 'busy' };
  return { state: { ...state, answering: id }, refused: null };
}

/** The server accepted the answer (or this user called a box): it is the current call. */
export function answerAccepted(state: ReceiverState, record: AlarmRecord): ReceiverState {
  if (record.eventStatus === EVENT_STATUS.ended)
    return withoutNotice({ ...state, answering: null }, record.id);
  return withoutNotice({ ...state, answering: null, current: record }, record.id);
}

/** The server refused the answer: the notice stays as the frames say. */
export function answerRefused(state: ReceiverState): ReceiverState {
  return { ...state, answering: null };
}

/** The call dialog closed (after hang-up) or the call ended. */
export function closeCall(state: ReceiverState): ReceiverState {
  return { ...state, current: null };
}

/** The user closed a notice. */
export function dismissNotice(state: ReceiverState, id: number): ReceiverState {
  return withoutNotice(state, id);
}

/** The ringing notices, in arrival order (the header's count and list). */
export function ringingNotices(state: ReceiverState): AlarmNotice[] {
  return state.order
    .map((id) => state.notices[id])
    .filter((notice): notice is AlarmNotice => notice !== undefined && notice.phase === 'ringing');
}

/** The calls in progress (answered, not ended) after a frame's records (`whole`: the full list). */
export function callsInProgress(
  calls: Readonly<Record<number, AlarmRecord>>,
  records: readonly AlarmRecord[],
  whole = false,
): Readonly<Record<number, AlarmRecord>> {
  const next: Record<number, AlarmRecord> = whole ? {} : { ...calls };
  for (const record of records) next[record.id] = record;
  return Object.fromEntries(
    Object.entries(next).filter(([, record]) => record.eventStatus === EVENT_STATUS.answered),
  );
}
