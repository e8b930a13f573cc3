import { floatToPcm16 } from './pcm.js';

export const PCM_WORKLET_NAME = 'cityops-pcm16';

/**
 * The AudioWorklet processor's source. It is a string turned into a Blob URL, so a Vite build needs no
 * separate worklet file; the conversion is the tested `floatToPcm16`, embedded by its own source.
 */
export const pcmWorkletSource = `
const floatToPcm16 = (${floatToPcm16.toString()});
class Pcm16Processor extends AudioWorkletProcessor {
  process(inputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel && channel.length > 0) {
      const pcm = floatToPcm16(channel);
      this.port.postMessage(pcm, [pcm]);
    }
    return true;
  }
}
registerProcessor('${PCM_WORKLET_NAME}', Pcm16Processor);
`;

/** A Blob URL of the worklet source, for `audioWorklet.addModule`; revoke it once the module is added. */
export function pcmWorkletUrl(): string {
  return URL.createObjectURL(new Blob([pcmWorkletSource], { type: 'text/javascript' }));
}
