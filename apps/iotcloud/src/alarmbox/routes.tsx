import { useRuntime } from '@cityops/subapp';
import { HistoryPage } from './HistoryPage';
import { MonitorOldPage } from './MonitorOldPage';
import { MonitorPage } from './MonitorPage';
import { AnswerAlarmContext } from './shared';

/** The alarm-box pages as routes: 接听 and 呼叫 go through the runtime's bridge to the shell. */
function WithReceiver({ children }: { children: React.ReactNode }) {
  const { answerAlarm } = useRuntime();
  return <AnswerAlarmContext value={answerAlarm}>{children}</AnswerAlarmContext>;
}

export function MonitorRoute() {
  return (
    <WithReceiver>
      <MonitorPage />
    </WithReceiver>
  );
}

export function MonitorOldRoute() {
  return (
    <WithReceiver>
      <MonitorOldPage />
    </WithReceiver>
  );
}

export { HistoryPage as HistoryRoute };
