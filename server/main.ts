/**
 * Starts the reference server: PORT (8080), HOST (127.0.0.1), DATABASE_URL (PGlite in ./data
 * when unset). Prints one link per screen with the demo session. `--dev` marks development mode
 * (SMS codes are logged).
 */
import { buildServer } from './app';
import { DEMO } from './db/seedData';

if (process.argv.includes('--dev') && !process.env.NODE_ENV) process.env.NODE_ENV = 'development';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

function links(base: string): string[] {
  const session = (extra: Record<string, string> = {}) =>
    new URLSearchParams({ userId: DEMO.userId, sessionId: DEMO.sessionId, mobilePhone: DEMO.phone, ...extra }).toString();
  const screens: Array<[string, string, Record<string, string>?]> = [
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
    ['About us', '/aboutUs'], ['Privacy policy', '/privacyPolicy'], ['AML policy', '/amlPolicy'],
    ['Complaint start', '/complainPage', { orderId: 'O180D' }],
    ['Complaint form', '/complainPageNext', { problemType: '1', problemSonType: '11', orderNo: 'O180D' }],
    ['Complaint list', '/complaintList'],
    ['Complaint details (rating asked)', '/complainDetails', { problemId: '1' }],
    ['Complaint details (no reply)', '/complainDetails', { problemId: '2' }],
    ['Bind bank', '/bindBank', { productId: 'P001' }],
    ['Delete account', '/de-user'],
    ['Registration promotion', '/register', { templateId: 'default' }],
    ['Download', '/download'], ['Registration agreement', '/registerAgreement'],
    ['Developer tool', '/testPreview'],
  ];
  const out = screens.map(([title, path, extra]) => `  ${title.padEnd(38)} ${base}${path}?${session(extra)}`);
  out.push(`  ${'Official site'.padEnd(38)} ${base}/`);
  return out;
}

async function main(): Promise<void> {
  const app = await buildServer({ databaseUrl: process.env.DATABASE_URL, logger: true });
  const close = async () => { await app.close(); process.exit(0); };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port, host });
  const base = `http://${host}:${port}`;
  console.log(`\nKopa reference server on ${base} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite in ./data'})`);
  console.log(`Demo borrower ${DEMO.userId} / session ${DEMO.sessionId}. Screens:\n${links(base).join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
