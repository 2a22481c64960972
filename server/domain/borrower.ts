/** The borrower a request is made for, once its session has been checked (http/session.ts). */
export interface SessionUser {
  userId: string;
  sessionId: string;
  phone: string;
}
