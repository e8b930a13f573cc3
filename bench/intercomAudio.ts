/**
 * The intercom's audio mouth to ear, in Chromium: the operator's fake
 * microphone plays short bursts of a tone; the answered box sends back on `voice` whatever it hears on
 * `speaker`, at once; and two taps, added to the page before it loads, note when each burst begins:
 * - mouth: the microphone's stream as the page's audio graph first sees it (a tap on the same track);
 * - ear: the playback's output, at the time the audio device plays that sample (the output context's
 *   `getOutputTimestamp`), so the 120 ms jitter buffer and the output's own latency are counted.
 * The box notes when a burst's first frame reaches it. All three on this machine's one wall clock:
 * mouth → box, box → ear, and mouth → ear.
 */
import { writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { callTopic, TALK_SAMPLE_RATE } from '@cityops/contract';
import { monoWav } from '../e2e/src/video.js';
import { wallMs } from './clock.js';

/** One burst a second: long enough apart that each is told from the next, short enough for 10 a run. */
const BURST_EVERY_S = 1;
const BURST_S = 0.1;
const BURST_HZ = 1000;
/** A sample louder than this (of full scale) is sound; the taps and the box agree on it. */
const LOUD = 0.1;
/** A burst begins after at least this much quiet. */
const QUIET_S = 0.3;

/** A mono 16-bit WAV for Chromium's fake microphone: BURST_S of the tone every BURST_EVERY_S, 30 s. */
export async function writeBurstsWav(path: string, sampleRate = 48_000, seconds = 30) {
  const burst = (i: number) => (i / sampleRate) % BURST_EVERY_S < BURST_S;
  await writeFile(
    path,
    monoWav(seconds, sampleRate, (i) =>
      burst(i) ? Math.sin((2 * Math.PI * BURST_HZ * i) / sampleRate) * 0.5 : 0,
    ),
  );
}

/** Chromium's flags for a fake microphone playing `wavPath`, and audio that may start without a click. */
export const fakeMicrophoneArgs = (wavPath: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-audio-capture=${wavPath}`,
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * The page's taps, as an init script (text: tsx would wrap inner functions in a helper the page does
 * not have). `window.audioOnsets` collects `{ mouth: [], ear: [] }` in epoch ms.
 */
export const AUDIO_TAPS = `(() => {
  const onsets = { mouth: [], ear: [], earUnmapped: 0 };
  window.audioOnsets = onsets;
  const tapSource = \`
    class Tap extends AudioWorkletProcessor {
      constructor() { super(); this.quiet = ${QUIET_S} * sampleRate; }
      process(inputs) {
        const channel = inputs[0] && inputs[0][0];
        if (channel) for (let i = 0; i < channel.length; i += 1) {
          if (Math.abs(channel[i]) > ${LOUD}) {
            if (this.quiet >= ${QUIET_S} * sampleRate)
              this.port.postMessage({ at: (currentFrame + i) / sampleRate, now: currentTime, wall: Date.now() });
            this.quiet = 0;
          } else this.quiet += 1;
        }
        return true;
      }
    }
    registerProcessor('bench-tap', Tap);\`;
  const tapUrl = URL.createObjectURL(new Blob([tapSource], { type: 'text/javascript' }));
  const tap = async (context, source, kind) => {
    await context.audioWorklet.addModule(tapUrl);
    const node = new AudioWorkletNode(context, 'bench-tap', { numberOfInputs: 1, numberOfOutputs: 0 });
    node.port.onmessage = ({ data }) => {
      if (kind === 'mouth') return void onsets.mouth.push(data.wall);
      const output = context.getOutputTimestamp();
      if (output.performanceTime > 0)
        onsets.ear.push(performance.timeOrigin + output.performanceTime + (data.at - output.contextTime) * 1000);
      else {
        onsets.earUnmapped += 1;
        onsets.ear.push(data.wall + (data.at - data.now + context.baseLatency + context.outputLatency) * 1000);
      }
    };
    source.connect(node);
  };
  const getUserMedia = MediaDevices.prototype.getUserMedia;
  MediaDevices.prototype.getUserMedia = async function (constraints) {
    const stream = await getUserMedia.call(this, constraints);
    if (constraints && constraints.audio) {
      const context = new AudioContext();
      void tap(context, context.createMediaStreamSource(stream), 'mouth');
    }
    return stream;
  };
  const connect = AudioNode.prototype.connect;
  AudioNode.prototype.connect = function (destination, ...rest) {
    const result = connect.call(this, destination, ...rest);
    // The playback's analyser feeds the speakers: what it passes is what the operator hears.
    if (this instanceof AnalyserNode && destination instanceof AudioDestinationNode) void tap(this.context, this, 'ear');
    return result;
  };
})()`;

/** What the echo needs of a box's MQTT client. */
interface EchoClient {
  publish(topic: string, payload: Buffer, options: { qos: 0 }): unknown;
  on(event: 'message', listener: (topic: string, payload: Buffer) => void): unknown;
  off(event: 'message', listener: (topic: string, payload: Buffer) => void): unknown;
}

/**
 * The box echoes: each frame heard on `speaker` is sent back on `voice` at once. Answers the wall
 * times at which a burst's first frame reached the box.
 */
export function echoingBox(client: EchoClient, deviceKey: string) {
  const onsets: number[] = [];
  const since = wallMs();
  let quiet = QUIET_S * TALK_SAMPLE_RATE;
  const speaker = callTopic(deviceKey, 'speaker');
  const voice = callTopic(deviceKey, 'voice');
  const heard = (topic: string, payload: Buffer) => {
    if (topic !== speaker) return;
    const at = wallMs();
    client.publish(voice, payload, { qos: 0 });
    for (let i = 0; i + 1 < payload.length; i += 2) {
      if (Math.abs(payload.readInt16LE(i)) > LOUD * 32_768) {
        if (quiet >= QUIET_S * TALK_SAMPLE_RATE) onsets.push(at);
        quiet = 0;
      } else quiet += 1;
    }
  };
  client.on('message', heard);
  return { onsets, since, stop: () => client.off('message', heard) };
}

interface PageOnsets {
  mouth: number[];
  ear: number[];
  earUnmapped: number;
}

export const pageOnsets = (page: Page) =>
  page.evaluate(() => (window as unknown as { audioOnsets: PageOnsets }).audioOnsets);

/**
 * Pairs each burst spoken since `since` (the echo's start) with the box's and then the ear's next
 * onset, within half a burst period so that a burst lost on the way is not paired with the next one.
 */
export function mouthToEar(spoken: PageOnsets, atBox: number[], since: number) {
  const within = (from: number, list: number[]) =>
    list.find((at) => at > from && at < from + (BURST_EVERY_S * 1_000) / 2);
  const up: number[] = [];
  const down: number[] = [];
  const both: number[] = [];
  const bursts = spoken.mouth.filter((at) => at >= since);
  for (const mouth of bursts) {
    const box = within(mouth, atBox);
    if (box === undefined) continue;
    up.push(box - mouth);
    const ear = within(box, spoken.ear);
    if (ear === undefined) continue;
    down.push(ear - box);
    both.push(ear - mouth);
  }
  return { up, down, both, bursts: bursts.length, unmapped: spoken.earUnmapped };
}
