import type { IPublishPacket, MqttClient } from 'mqtt';
import type { Outcome } from './ingest.js';

/**
 * The external broker's QoS 1 messages acknowledged once stored. mqtt.js sends a PUBACK when
 * `handleMessage` calls back, and handles the next packet only after that, so holding the callback
 * until a batch commits would take one message per commit. Instead `handleMessage` calls back at once
 * with an error, which makes mqtt.js skip its PUBACK and go on (its publish handler passes the error
 * on without answering), and the PUBACK is sent here once the message settled: in the order the
 * messages came, as MQTT requires, through the client's own packet writer (the one its handlers
 * use). A message not kept stays unacknowledged, and one whose connection ended is not answered on
 * the next: the broker delivers both again to the persistent session, and a report delivered twice
 * is stored once (repository.ts `writeReports`).
 */

/** mqtt.js's packet writer; not in its public typings, so reached by name. */
interface PacketWriter {
  _sendPacket(packet: { cmd: 'puback'; messageId: number; reasonCode: number }): void;
}

/** Tells mqtt.js not to acknowledge: the PUBACK follows once the message is stored. */
const HELD = new Error('acknowledged once stored');

/**
 * Routes every message through `receive`: one it answers a promise for (a device's message to
 * store) is acknowledged once that settles; the others (QoS 0, voice) as mqtt.js does.
 */
export function holdAcks(
  client: MqttClient,
  receive: (packet: IPublishPacket) => Promise<Outcome> | null,
): void {
  const writer = client as unknown as PacketWriter;
  let stream: unknown = null;
  let waiting: Array<{ messageId: number; outcome: Outcome | null }> = [];

  const release = (of: unknown) => {
    // The connection ended meanwhile: the broker sends these again on the next one.
    if (of !== stream || !client.connected || client.stream !== of) return;
    while (waiting[0]?.outcome) {
      const { messageId, outcome } = waiting.shift() ?? { messageId: 0, outcome: null };
      if (outcome !== 'dropped') writer._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 });
    }
  };

  client.handleMessage = (packet, callback) => {
    const settled = receive(packet);
    if (!settled || packet.qos !== 1 || packet.messageId === undefined) return callback();
    if (client.stream !== stream) {
      stream = client.stream;
      waiting = [];
    }
    const entry: { messageId: number; outcome: Outcome | null } = {
      messageId: packet.messageId,
      outcome: null,
    };
    waiting.push(entry);
    const of = stream;
    void settled.then((outcome) => {
      entry.outcome = outcome;
      release(of);
    });
    callback(HELD);
  };
}
