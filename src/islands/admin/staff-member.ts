/**
 * The signed-in staff member, one nanostores atom for the staff area: its gate fills it from the
 * server's answer, and the parts that show who is signed in (the top bar, the account panel) read
 * it with `useStaffMember()` wherever they sit, without passing it down through every layer.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';

export interface StaffMember {
  user: { username: string; email: string; name: string; role: string };
  session: { createdAt: string; expiresAt: string };
}

/** null until the server has said who is signed in. */
export const $staffMember = atom<StaffMember | null>(null);

export function useStaffMember(): StaffMember | null {
  return useStore($staffMember);
}
