import { homedir, userInfo } from 'node:os';

/** The user's home folder, also when HOME is set but empty (os.homedir() then answers ''). */
export function homeFolder(): string {
  return homedir() || userInfo().homedir;
}
