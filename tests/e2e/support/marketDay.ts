/**
 * The calendar day an instant falls on in the market's time zone (config/app.json `timeZone`),
 * as YYYY-MM-DD: what the screens show for a due date. Not `iso.slice(0, 10)`, the UTC day, which
 * is the day before for three hours every evening (UTC 21:00-24:00 is already tomorrow in
 * Dar es Salaam).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { timeZone } = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'config', 'app.json'), 'utf8'),
) as { timeZone: string };
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export function marketDay(instant: string): string {
  return dayFormat.format(new Date(instant));
}
