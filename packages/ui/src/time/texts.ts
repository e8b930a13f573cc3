import { defineTexts } from '../i18n/defineTexts.js';

/** Durations and the browser a session or sign-in came from (namespace `time`). */
export const timeTexts = defineTexts(
  'time',
  {
    days: '{{count}}天',
    hours: '{{count}}小时',
    minutes: '{{count}}分',
    seconds: '{{count}}秒',
    separator: '',
    unknownAgent: '未知浏览器',
    agentOn: '{{browser}} · {{os}}',
  },
  {
    days: '{{count}} d',
    hours: '{{count}} h',
    minutes: '{{count}} min',
    seconds: '{{count}} s',
    separator: ' ',
    unknownAgent: 'Unknown browser',
    agentOn: '{{browser}} · {{os}}',
  },
);
