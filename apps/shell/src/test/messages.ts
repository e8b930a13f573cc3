import type { Message } from '@cityops/contract';

/** A message as the server answers it: unread, of project 人民路项目, created `id` minutes after midnight UTC. */
export const messageOf = (id: number, change: Partial<Message> = {}): Message => ({
  id,
  messageType: 2,
  title: `消息${id}`,
  messageContent: `第${id}条消息的内容`,
  createTime: new Date(Date.UTC(2026, 10, 24, 0, id)).toISOString(),
  notifyTime: null,
  readStatus: false,
  projectId: 1,
  projectName: '人民路项目',
  link: null,
  inEnglish: { title: `Message ${id}`, messageContent: `The content of message ${id}` },
  ...change,
});
