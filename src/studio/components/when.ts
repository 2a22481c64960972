/** A server time as the operator's browser writes dates. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString();
}
