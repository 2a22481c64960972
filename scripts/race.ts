/**
 * npm run race: fires parallel card repayments at a fresh reference server and prints what was
 * booked against what was due. Always on PGlite; also on PostgreSQL when
 * TEST_DATABASE_URL or DATABASE_URL is set (in a throwaway schema). Exits 1 if any case books
 * more than was due, or a one-key storm books anything but exactly once.
 * The same cases are asserted in tests/server/race-repayment.test.ts.
 */
import { startServer } from '../tests/server/helpers';
import { ipOf, repayKit } from '../tests/server/repayment-kit';

interface Case {
  label: string;
  orderId: string;
  n: number;
  amount: 'due' | number;
  sameKey: boolean;
}

// CARD2 is the demo M-Pesa wallet: below the SMS threshold it books at commit, no code involved.
const CASES: Case[] = [
  {
    label: '200 commits, different keys, full due each',
    orderId: 'O174N',
    n: 200,
    amount: 'due',
    sameKey: false,
  },
  {
    label: '200 commits, different keys, 1.000.000 each',
    orderId: 'O170',
    n: 200,
    amount: 1_000_000,
    sameKey: false,
  },
  {
    label: '200 commits, different keys, 3.000.000 each',
    orderId: 'O180D',
    n: 200,
    amount: 3_000_000,
    sameKey: false,
  },
  {
    label: '1000 commits, same key, full due',
    orderId: 'O180N',
    n: 1000,
    amount: 'due',
    sameKey: true,
  },
];

async function runOn(label: string, databaseUrl: string | undefined): Promise<boolean> {
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  const s = await startServer();
  const k = repayKit(() => s);
  let ok = true;
  console.log(`\n== ${label} ==`);
  try {
    for (const c of CASES) {
      const before = await k.ledger(c.orderId);
      const amount = c.amount === 'due' ? before.due : c.amount;
      const started = Date.now();
      const res = await Promise.all(
        Array.from({ length: c.n }, (_, i) =>
          k.commit({
            orderId: c.orderId,
            key: c.sameKey ? `race-one-key-${c.orderId}` : `race-${c.orderId}-${i}`,
            amount,
            cardId: 'CARD2',
            ip: ipOf(i + 1),
          }),
        ),
      );
      const ms = Date.now() - started;
      const after = await k.ledger(c.orderId);
      const booked = after.booked - before.booked;
      const accepted = res.filter((r) => r.body.code === '00').length;
      const fine =
        booked <= before.due &&
        after.paid - before.paid === booked &&
        (!c.sameKey || booked === before.due);
      ok &&= fine;
      console.log(
        `${fine ? 'ok  ' : 'FAIL'} ${c.label.padEnd(46)} booked ${String(booked).padStart(10)} vs due ${String(before.due).padStart(10)}` +
          `  (${accepted} of ${c.n} answered 00, ${ms} ms)`,
      );
    }
  } finally {
    await s.close();
  }
  return ok;
}

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
let ok = await runOn('PGlite', undefined);
if (pgUrl)
  ok = (await runOn(`PostgreSQL ${new URL(pgUrl).host}${new URL(pgUrl).pathname}`, pgUrl)) && ok;
else
  console.log(
    '\n(PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL; see scripts/start-test-postgres.sh)',
  );
process.exit(ok ? 0 : 1);
