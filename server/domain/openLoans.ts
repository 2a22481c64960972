/**
 * "Open" loans block account deletion: every order that is neither settled (200) nor failed
 * (110): under review 21, disbursing 151, repaying 170, due today 174, overdue 180, and any
 * status added later (a new status blocks deletion until someone decides otherwise).
 */
import type { Db } from '../db';
import { BusinessError } from '../core/errors';

const CLOSED = [110, 200];

export const OPEN_LOAN_MESSAGE =
  'You still have a loan that is not settled. Please repay it before deleting your account.';

export async function hasOpenLoan(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'not in', CLOSED)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** HTTP 200 envelope with code 1004: the app toasts the message (like 1001/1002). */
export async function refuseIfOpenLoan(db: Db, userId: string): Promise<void> {
  if (await hasOpenLoan(db, userId)) throw new BusinessError('1004', OPEN_LOAN_MESSAGE);
}
