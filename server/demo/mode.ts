/**
 * Whether this start is the demo (the demo borrowers seeded, their sessions opened, their links
 * printed): only when asked for with `--demo` (npm start and npm run dev pass it) or KOPA_DEMO=1.
 * - Under NODE_ENV=production demo mode is refused: a production database never gets a demo
 *   borrower or a demo session, whatever flag a start script carries.
 * - On a DATABASE_URL the flag alone is not enough (`DATABASE_URL=... npm start` must not seed a
 *   real database by accident): KOPA_DEMO=1 asks for it explicitly.
 */
export interface DemoMode {
  demo: boolean;
  /** Why the demo is off although the flag asked for it (printed at start), or null. */
  note: string | null;
}

export class DemoRefused extends Error {}

export function demoModeFrom(argv: readonly string[], env: NodeJS.ProcessEnv): DemoMode {
  const explicit = env.KOPA_DEMO === '1';
  const asked = explicit || argv.includes('--demo');
  if (!asked) return { demo: false, note: null };
  if (env.NODE_ENV === 'production')
    throw new DemoRefused(
      'Demo mode (--demo or KOPA_DEMO=1) is refused under NODE_ENV=production: a production database never gets the demo borrowers. Start it with `npm run serve`.',
    );
  if (env.DATABASE_URL && !explicit)
    return {
      demo: false,
      note: 'Demo data: off on DATABASE_URL (set KOPA_DEMO=1 to seed the demo borrowers into that database).',
    };
  return { demo: true, note: null };
}
