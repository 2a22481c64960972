/** One problem found in a layout: data, not an exception, so tools can print it like a compiler. */
export interface LayoutIssue {
  /** File the layout came from (or a URL at run time). */
  file: string;
  /** JSON pointer (RFC 6901) of the offending value inside the layout. */
  pointer: string;
  /** Stable code from the message catalogue (src/lint/messages.ts). */
  code: string;
  message: string;
  severity: 'error' | 'warning';
  /**
   * Set when the problem sits inside a fragment (src/contract/layout/fragments.ts): `pointer` is then the
   * use site in the layout, and this names the fragment and the pointer INTO its file.
   */
  fragment?: { name: string; pointer: string };
}
