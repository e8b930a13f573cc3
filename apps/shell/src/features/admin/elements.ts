import { useSession } from '../auth/session';

/** Whether the signed-in user holds a button/element code (§6: codes match ignoring case). */
export function useHasElement(code: string): boolean {
  return useSession(
    (state) => state.user?.elements.some((element) => element.toLowerCase() === code.toLowerCase()) ?? false,
  );
}
