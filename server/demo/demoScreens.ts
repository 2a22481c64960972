/**
 * The demo screens: one entry per kind of screen with the query that shows it with the demo data
 * (npm start prints them as links; the studio previews a layout on the first screen using it).
 */
import { DEMO } from './seedData';

export const DEMO_SCREENS: ReadonlyArray<
  readonly [title: string, path: string, extra?: Record<string, string>]
> = [
  ['Loan details, status 21 (review)', '/loanDetail', { orderId: 'O21', productId: 'P001' }],
  ['Loan details, status 110 (failed)', '/loanDetail', { orderId: 'O110', productId: 'P002' }],
  ['Loan details, status 151', '/loanDetail', { orderId: 'O151', productId: 'P003' }],
  ['Loan details, status 170', '/loanDetail', { orderId: 'O170', productId: 'P002' }],
  ['Loan details, status 174 isDelay=1', '/loanDetail', { orderId: 'O174D', productId: 'P001' }],
  ['Loan details, status 174 isDelay=0', '/order', { orderId: 'O174N', productId: 'P002' }],
  ['Loan details, status 180 isDelay=1', '/loanDetail', { orderId: 'O180D', productId: 'P002' }],
  ['Loan details, status 180 isDelay=0', '/loanDetail', { orderId: 'O180N', productId: 'P001' }],
  ['Loan details, status 200 (rating)', '/loanDetail', { orderId: 'O200', productId: 'P003' }],
  ['Loan confirmation v3', '/confirm', { productId: 'P001' }],
  ['Loan confirmation (older)', '/confirmLegacy', { productId: 'P002' }],
  ['Joint-login failure', '/unionLoginFail'],
  ['Installment repayment (PAY_URL)', '/repay', { orderId: 'O170', productId: 'P002' }],
  ['Installment repayment (notice)', '/repay', { orderId: 'O180D', productId: 'P002' }],
  ['Deferral repayment', '/repayDelay', { orderId: 'O174D', productId: 'P001' }],
  ['Repayment by code (type 1)', '/repaymentOfCode', { orderId: 'O180D', productId: 'P002' }],
  ['Repayment by code (type 2, QR)', '/repaymentOfCode', { orderId: 'O174D', productId: 'P001' }],
  ['Repayment by code, variant', '/repaymentOfCode2', { orderId: 'O170', productId: 'P002' }],
  ['Payment instructions', '/payGuide'],
  ['Repay by card: choose way', '/repayChoose', { orderId: 'O170', productId: 'P002' }],
  ['Borrow detail', '/borrowDetail', { orderId: 'O170', productId: 'P002' }],
  ['Add card', '/addnormalcard', { orderId: 'O170', productId: 'P002' }],
  ['Wallet repayment', '/alipayrepayment', { orderId: 'O170', productId: 'P002' }],
  ['Customer service', '/customerService'],
  ['Loan agreement', '/loanAgreement', { productId: 'P001' }],
  ['About us', '/aboutUs'],
  ['Privacy policy', '/privacyPolicy'],
  ['AML policy', '/amlPolicy'],
  ['Complaint start', '/complainPage', { orderId: 'O180D' }],
  [
    'Complaint form',
    '/complainPageNext',
    { problemType: '1', problemSonType: '11', orderNo: 'O180D' },
  ],
  ['Complaint list', '/complaintList'],
  ['Complaint details (rating asked)', '/complainDetails', { problemId: '1' }],
  ['Complaint details (no reply)', '/complainDetails', { problemId: '2' }],
  ['Bind bank', '/bindBank', { productId: 'P001' }],
  ['Delete account (borrower with a loan)', '/de-user'],
  ['Registration promotion', '/register', { templateId: 'default' }],
  ['Download', '/download'],
  ['Registration agreement', '/registerAgreement'],
  ['Developer tool', '/testPreview'],
];

/**
 * Screens of the demo borrower without a loan (DEMO.noLoanUserId): account deletion goes through
 * for this one, while the main borrower's open loans refuse it.
 */
export const NO_LOAN_SCREENS: ReadonlyArray<readonly [title: string, path: string]> = [
  ['Delete account (borrower without a loan)', '/de-user'],
];

/** The query string of the borrower without a loan. */
export function noLoanQuery(): string {
  return new URLSearchParams({
    userId: DEMO.noLoanUserId,
    sessionId: DEMO.noLoanSessionId,
    mobilePhone: DEMO.noLoanPhone,
  }).toString();
}

/** The query string of a demo screen: the demo borrower's session and the screen's own parameters. */
export function demoQuery(extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    userId: DEMO.userId,
    sessionId: DEMO.sessionId,
    mobilePhone: DEMO.phone,
    ...extra,
  }).toString();
}
