/** Display formatting of contract section 3 (amounts in cents -> "12.345,67", dates). */
export function formatAmount(cents: number): string {
  const neg = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const frac = String(abs % 100).padStart(2, '0');
  return `${neg ? '-' : ''}${whole},${frac}`;
}

export function formatMoney(cents: number, label = 'TZS'): string {
  return `${label} ${formatAmount(cents)}`;
}

export function formatDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function formatDateTime(d: Date): string {
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

export function addDays(d: Date, days: number): Date {
  return new Date(d.getTime() + days * 86_400_000);
}

/** "1234567890123" -> "**** 0123" (never echo a full account number). */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\s+/g, '');
  return digits.length <= 4 ? digits : `**** ${digits.slice(-4)}`;
}
