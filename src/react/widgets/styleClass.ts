/** Maps the schema's safe style hints to CSS classes (no inline CSS from layouts). */
export function styleClass(style: object | undefined, base: string): string {
  if (!style) return base;
  const classes = [base];
  for (const [key, value] of Object.entries(style) as [string, unknown][]) {
    if (value === true) classes.push(`k-${key}`);
    else if (typeof value === 'string') classes.push(`k-${key}-${value}`);
  }
  return classes.join(' ');
}
