/**
 * Database integers as the response schemas type them. The columns are plain integers (no CHECK
 * constraints), while the contract says 0 | 1 or 1 | 2: converting here, once, keeps a stray
 * value (2 in a flag column) from reaching a borrower as a flag the app would misread.
 */

/** 1 is on; anything else is off (spec: "only 1 means yes"). */
export function flag(v: number): 0 | 1 {
  return v === 1 ? 1 : 0;
}

/** A loan term unit: 1 days, anything else months (2), as the loan pages read it. */
export function termUnitOf(v: number): 1 | 2 {
  return v === 1 ? 1 : 2;
}
