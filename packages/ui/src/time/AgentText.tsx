import { Tooltip, Typography } from 'antd';
import { timeTexts } from './texts.js';
import { describeAgent } from './userAgent.js';

/** The browser and system a session or sign-in came from; the raw User-Agent on hover. */
export function AgentText({ userAgent }: { userAgent: string }) {
  const t = timeTexts.useTexts();
  if (!userAgent) return null;
  return (
    <Tooltip title={userAgent}>
      <Typography.Text>{describeAgent(userAgent, t)}</Typography.Text>
    </Tooltip>
  );
}
