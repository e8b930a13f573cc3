import {
  checkParams,
  DEMO_PRODUCT_KEYS,
  DEMO_PRODUCTS,
  type DemoDevice,
  type ReplyPayload,
  type TelemetryValue,
} from '@cityops/contract';
import {
  chinaHour,
  clamp,
  gauss,
  humidityAt,
  lampsLit,
  noiseAt,
  pm25At,
  round1,
  temperatureAt,
} from './patterns.js';

/**
 * What each demo product does: the values it reports at a given time and how it answers the services of
 * its thing model. One object per simulated device, holding that device's state; no I/O here (fleet.ts
 * does the MQTT), so the tests can check every product's values against the model without a broker.
 */

export type Values = Record<string, TelemetryValue>;

/** The answer codes of the simulated devices (`code` of the reply payload). */
export const REPLY_CODES = { done: 0, unknownService: 1, invalidParams: 2 } as const;

export interface CommandOutcome {
  reply: Omit<ReplyPayload, 'id'>;
  /** The state changed: publish telemetry at once, so the platform sees it without waiting. */
  reportNow: boolean;
  /** The device restarts after answering (gateway `restart`): offline for a few seconds. */
  restartSeconds?: number;
}

export interface Behaviour {
  /** The values of one report at `now` (epoch ms); advances slow state such as the battery. */
  report(now: number): Values;
  /** The current state as last reported or commanded, without advancing anything. */
  state(): Values;
  /** Runs a service of the thing model (checked against its parameters first). */
  command(service: string, params: Values, now: number): CommandOutcome;
  /** One property with a value outside its model, for the out-of-range fault (e.g. pm25 = 1200). */
  outOfRange(): [identifier: string, value: number];
  /** Well lids only: tilts the lid for `seconds`; answers the angle (for the tiltAlarm event). */
  tilt?(now: number, seconds: number): number;
}

export interface FleetShape {
  /** How many well lids each base station serves (the plan's ratio). */
  lidsPerBase: number;
}

const productOf = (productKey: string) => {
  const product = DEMO_PRODUCTS.find((candidate) => candidate.product.productKey === productKey);
  if (!product) throw new Error(`no demo product ${productKey}`);
  return product;
};

/** Checks a service call against the product's thing model, as a real device's firmware would. */
function checkService(productKey: string, service: string, params: Values): CommandOutcome | null {
  const definition = productOf(productKey).functions.find(
    (fn) => fn.kind === 'service' && fn.identifier === service,
  );
  if (!definition || definition.kind !== 'service')
    return {
      reply: { code: REPLY_CODES.unknownService, msg: `unknown service ${service}` },
      reportNow: false,
    };
  const problem = checkParams(definition.params, params);
  if (problem)
    return {
      reply: { code: REPLY_CODES.invalidParams, msg: `${problem.identifier}: ${problem.reason}` },
      reportNow: false,
    };
  return null;
}

const done = (data: Values, extra: Partial<CommandOutcome> = {}): CommandOutcome => ({
  reply: { code: REPLY_CODES.done, msg: 'ok', data },
  reportNow: true,
  ...extra,
});

const HOUR_MS = 3_600_000;

/** A battery that drains by `perHour` percent, never below 0. */
class Battery {
  private lastAt: number;
  constructor(
    private level: number,
    private readonly perHour: number,
    now: number,
  ) {
    this.lastAt = now;
  }

  read(now: number): number {
    this.level = Math.max(0, this.level - (Math.max(0, now - this.lastAt) / HOUR_MS) * this.perHour);
    this.lastAt = now;
    return Math.round(this.level);
  }
}

function environmentSensor(random: () => number): Behaviour {
  const meanTemperature = 18 + random() * 6;
  const meanHumidity = 62 + random() * 10;
  const background = 20 + random() * 25;
  const daytime = 58 + random() * 10;
  let last: Values = {};
  return {
    report(now) {
      const hour = chinaHour(now);
      last = {
        temperature: round1(clamp(temperatureAt(hour, meanTemperature) + gauss(random, 0.3), -40, 85)),
        humidity: round1(clamp(humidityAt(hour, meanHumidity) + gauss(random, 1), 0, 100)),
        pm25: Math.round(clamp(pm25At(hour, background) + gauss(random, 4), 0, 1000)),
        noise: round1(clamp(noiseAt(hour, daytime) + gauss(random, 1.5), 20, 140)),
      };
      return last;
    },
    state: () => last,
    command: (service, params) =>
      checkService(DEMO_PRODUCT_KEYS.env, service, params) ?? done({}, { reportNow: false }),
    outOfRange: () => ['pm25', 1200],
  };
}

function wellLid(random: () => number, now: number): Behaviour {
  // A few lids start low, so the battery rule has something to say in a demo.
  const battery = new Battery(15 + random() * 85, 0.05, now);
  const signal = -75 - random() * 30;
  let tiltedUntil = 0;
  let angle = 0;
  let last: Values = {};
  return {
    report(at) {
      const tilt = at < tiltedUntil ? angle + gauss(random, 0.5) : Math.abs(gauss(random, 0.4));
      last = {
        tilt: round1(clamp(tilt, 0, 90)),
        battery: battery.read(at),
        signal: Math.round(clamp(signal + gauss(random, 3), -130, 0)),
      };
      return last;
    },
    state: () => last,
    command: (service, params) =>
      checkService(DEMO_PRODUCT_KEYS.lid, service, params) ?? done({}, { reportNow: false }),
    outOfRange: () => ['battery', 150],
    tilt(at, seconds) {
      angle = round1(20 + random() * 40);
      tiltedUntil = at + seconds * 1000;
      return angle;
    },
  };
}

function baseStation(random: () => number, shape: FleetShape): Behaviour {
  const signal = -60 - random() * 20;
  let last: Values = {};
  return {
    report() {
      // Now and then a lid misses its beat and the count dips by one.
      const linked = Math.max(0, shape.lidsPerBase - (random() < 0.05 ? 1 : 0));
      last = { signal: Math.round(clamp(signal + gauss(random, 2), -130, 0)), linked };
      return last;
    },
    state: () => last,
    command: (service, params) =>
      checkService(DEMO_PRODUCT_KEYS.base, service, params) ?? done({}, { reportNow: false }),
    outOfRange: () => ['linked', 900],
  };
}

function repeater(random: () => number, now: number): Behaviour {
  const battery = new Battery(40 + random() * 60, 0.03, now);
  const signal = -70 - random() * 25;
  let last: Values = {};
  return {
    report(at) {
      last = { battery: battery.read(at), signal: Math.round(clamp(signal + gauss(random, 3), -130, 0)) };
      return last;
    },
    state: () => last,
    command: (service, params) =>
      checkService(DEMO_PRODUCT_KEYS.repeater, service, params) ?? done({}, { reportNow: false }),
    outOfRange: () => ['battery', 150],
  };
}

function smartSwitch(random: () => number): Behaviour {
  const rated = 600 + random() * 1400;
  let on = random() < 0.7;
  let last: Values = {};
  const read = (): Values => ({
    on,
    power: on ? round1(clamp(rated * (0.9 + gauss(random, 0.04)), 0, 5000)) : 0,
    voltage: round1(clamp(220 + gauss(random, 2), 0, 300)),
  });
  return {
    report() {
      last = read();
      return last;
    },
    state: () => last,
    command(service, params) {
      const refused = checkService(DEMO_PRODUCT_KEYS.switch, service, params);
      if (refused) return refused;
      on = params.on === true;
      last = read();
      return done(last);
    },
    outOfRange: () => ['voltage', 400],
  };
}

function streetLamp(random: () => number): Behaviour {
  const rated = 100 + random() * 50;
  /** A command overrides the schedule until the schedule's own next switch (dusk or dawn). */
  let manual: { on: boolean; brightness: number; scheduleLit: boolean } | null = null;
  let last: Values = {};
  const read = (now: number): Values => {
    const hour = chinaHour(now);
    const scheduleLit = lampsLit(hour);
    if (manual && manual.scheduleLit !== scheduleLit) manual = null;
    const on = manual?.on ?? scheduleLit;
    // Full light in the evening, dimmed after midnight when the streets are empty.
    const brightness = manual?.brightness ?? (hour >= 0 && hour < 6.5 ? 50 : 80);
    const power = on ? clamp((rated * brightness) / 100 + gauss(random, 1), 0, 500) : 0.5;
    return { on, brightness, power: round1(power) };
  };
  return {
    report(now) {
      last = read(now);
      return last;
    },
    state: () => last,
    command(service, params, now) {
      const refused = checkService(DEMO_PRODUCT_KEYS.lamp, service, params);
      if (refused) return refused;
      manual = {
        on: params.on === true,
        brightness: Number(params.brightness),
        scheduleLit: lampsLit(chinaHour(now)),
      };
      last = read(now);
      return done(last);
    },
    outOfRange: () => ['power', 800],
  };
}

function gateway(random: () => number, now: number): Behaviour {
  let startedAt = now - Math.floor(random() * 30 * 86_400_000);
  let relays = Math.floor(random() * 256);
  let last: Values = {};
  const read = (at: number): Values => ({
    uptime: Math.max(0, Math.floor((at - startedAt) / 1000)),
    relays,
  });
  return {
    report(at) {
      last = read(at);
      return last;
    },
    state: () => last,
    command(service, params, at) {
      const refused = checkService(DEMO_PRODUCT_KEYS.gateway, service, params);
      if (refused) return refused;
      if (service === 'restart') {
        startedAt = at + RESTART_SECONDS * 1000;
        last = { uptime: 0, relays };
        return done(last, { reportNow: false, restartSeconds: RESTART_SECONDS });
      }
      const bit = 1 << (Number(params.channel) - 1);
      relays = params.on === true ? relays | bit : relays & ~bit;
      last = read(at);
      return done(last);
    },
    outOfRange: () => ['relays', 300],
  };
}

/** How long a gateway is away after `restart`. */
export const RESTART_SECONDS = 3;

/** The behaviour of one demo device, seeded by the device so runs repeat. */
export function behaviourOf(
  device: DemoDevice,
  random: () => number,
  now: number,
  shape: FleetShape,
): Behaviour {
  switch (device.productKey) {
    case DEMO_PRODUCT_KEYS.env:
      return environmentSensor(random);
    case DEMO_PRODUCT_KEYS.lid:
      return wellLid(random, now);
    case DEMO_PRODUCT_KEYS.base:
      return baseStation(random, shape);
    case DEMO_PRODUCT_KEYS.repeater:
      return repeater(random, now);
    case DEMO_PRODUCT_KEYS.switch:
      return smartSwitch(random);
    case DEMO_PRODUCT_KEYS.lamp:
      return streetLamp(random);
    case DEMO_PRODUCT_KEYS.gateway:
      return gateway(random, now);
    default:
      throw new Error(`no behaviour for product ${device.productKey}`);
  }
}
