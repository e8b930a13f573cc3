import type { Message, MessageEventKind } from './messages.js';
import { inLocale, type Names } from './names.js';

/**
 * Messages in both languages. An event's message is rendered once, when it happens, in Chinese and
 * in English, and each reader sees theirs: the message centre and the popups choose by the interface
 * language, so a message stays in the reader's language however it reaches them (page or socket).
 */

/** The shipped English text of every event, beside MESSAGE_EVENTS' Chinese one, same variables. */
export const MESSAGE_EVENTS_EN = {
  'alarm.raised': {
    title: 'Device alarm: {deviceName}',
    content: '{time} {deviceName} at {place} raised an alarm ({level}): {alarmName}. Please handle it.',
  },
  'video.platformDown': {
    title: 'Video platform unreachable: {platformName}',
    content: '{time} video platform {platformName} cannot be reached ({reason}); video is unavailable.',
  },
  'workOrder.assigned': {
    title: 'New work order: {orderNo}',
    content: 'Work order {orderNo} "{title}" has been assigned to {assignee}. Please handle it.',
  },
  'workOrder.refused': {
    title: 'Work order returned: {orderNo}',
    content: '{assignee} returned work order {orderNo} "{title}" ({reason}). Please assign it again.',
  },
  'workOrder.review': {
    title: 'Work order to review: {orderNo}',
    content: '{assignee} submitted the result of work order {orderNo} "{title}". Please review it.',
  },
  'workOrder.rejected': {
    title: 'Work order not approved: {orderNo}',
    content: '{reviewer} rejected work order {orderNo} "{title}" ({reason}). Please continue.',
  },
  'inspection.due': {
    title: 'Inspection task: {taskName}',
    content: 'Inspection task "{taskName}" starts at {time}. Please be on time.',
  },
  'patrol.finding': {
    title: 'Intelligent patrol found a problem',
    content: 'Patrol of {routeName} found: {finding}. A to-do has been created.',
  },
  'citizen.complaint': {
    title: 'Citizen complaint',
    content: 'Complaint from {reporter}: {summary}.',
  },
  'business.review': {
    title: 'Business to review: {title}',
    content: '"{title}" submitted by {applicant} is waiting for your review.',
  },
  'user.passwordReset': {
    title: 'Password reset',
    content:
      'The password of your account {userName} was reset by {operator} at {time}; change it at your next sign-in.',
  },
  'earlyWarning.raised': {
    title: 'Early warning: {deviceName}',
    content: '{deviceName}: {warning} (now {value}). Please keep an eye on it.',
  },
  'licence.expiring': {
    title: 'Licence expiring soon',
    content: 'The platform licence expires on {expiryDate} ({days} days left). Please renew it.',
  },
  'ai.alarm': {
    title: 'AI alarm: {algorithm}',
    content: '{time} {cameraName} detected {algorithm}. Please verify and handle it.',
  },
  'contract.expiring': {
    title: 'Contract expiring soon',
    content: 'Contract "{contractName}" expires in {days} days. Please renew it.',
  },
} as const satisfies Record<MessageEventKind, { title: string; content: string }>;

/**
 * A template variable's value: plain text is data, the same in every language (a device's name, an
 * order number); a pair is a name the product has in both languages (an alarm level).
 */
export type MessageValue = string | Names;

/** The values as one language reads them. */
export function valuesIn(
  values: Readonly<Record<string, MessageValue>>,
  locale: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : inLocale(value, locale),
    ]),
  );
}

/**
 * The title and content a reader sees: the English rendering in English when the message has one;
 * otherwise the one text it was stored with (messages from before both languages, or rendered
 * through a template an administrator edited, which is written in one language).
 */
export function messageText(
  message: Pick<Message, 'title' | 'messageContent' | 'inEnglish'>,
  locale: string,
): { title: string; messageContent: string } {
  return locale === 'en-US' && message.inEnglish
    ? message.inEnglish
    : { title: message.title, messageContent: message.messageContent };
}
