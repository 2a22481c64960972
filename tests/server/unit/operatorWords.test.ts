/**
 * Layout problems in the operator's terms (src/lint/operatorWords.ts through the publish check,
 * server/layouts/check.ts): the node in words with where it sits, a suggested fix, and the exact
 * line:column, never a character offset or a JSON pointer in the text the studio shows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayoutText } from '../../../server/layouts/check';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const REPAY = readFileSync(join(ROOT, 'layouts/repay.json'), 'utf8');
type Node = Record<string, unknown> & { children?: Node[] };

/** /repay with `change` applied to its Pay Now button, as pretty JSON. */
function repayWith(change: (payNow: Node) => void): string {
  const doc = JSON.parse(REPAY) as { body: Node[] };
  const payBar = doc.body.find((n) => n.id === 'payBar');
  const payNow = payBar?.children?.find((n) => n.id === 'payNow');
  if (!payNow) throw new Error('the pay bar has no Pay Now button');
  change(payNow);
  return JSON.stringify(doc, null, 2);
}

const shown = (i: { message: string; where: string; fix: string }) =>
  `${i.where}: ${i.message} ${i.fix}`;

describe('problems in the operator’s terms', () => {
  it('names the node as the operator sees it, where it sits, and how to fix a missing property', () => {
    const text = repayWith((n) => delete n.label);
    const [located, ...rest] = checkLayoutText('repay', text);
    const issue = located?.words;
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({
      where: 'button, id payNow, in the pay bar',
      message: "must have required property 'label'",
      fix: 'add "label" to this node',
    });
    // Its line is the button's own.
    const lines = text.split('\n');
    expect(lines[(issue?.line ?? 0) - 1]).toMatch(/^\s*\{$|"type": "button"|"id": "payNow"/);
  });

  it("puts an expression's problem at its exact line:column, with the node's label", () => {
    const text = repayWith((n) => (n.visible = '{{ state.agree = true }}'));
    const issue = checkLayoutText('repay', text)[0]?.words;
    expect(issue?.where).toBe('"visible" of the Pay Now button, id payNow, in the pay bar');
    expect(issue?.message).toBe(
      'expression does not parse: Unexpected "=" (there is no assignment): write == to compare',
    );
    expect(issue?.fix).toBe('write == to compare');
    const line = text.split('\n')[(issue?.line ?? 0) - 1] ?? '';
    expect(line.slice((issue?.column ?? 0) - 1)).toMatch(/^= true \}\}"/);
    expect(shown(issue ?? { message: '', where: '', fix: '' })).not.toMatch(/\bat \d+|\/body\//);
  });

  it('a text that is not JSON: where it stopped as line:column, no character position', () => {
    const text = REPAY.replace('"body": [', '"body" [');
    const [located] = checkLayoutText('repay', text);
    expect(located?.code).toBe('not-json');
    const issue = located?.words;
    expect(issue?.message).not.toMatch(/position|\d/);
    expect(issue?.message).toMatch(/^not valid JSON: /);
    expect(issue?.fix).toBe(
      'look at this point and just before it for a missing comma, quote or closing bracket',
    );
    const line = text.split('\n')[(issue?.line ?? 0) - 1] ?? '';
    expect(line).toContain('"body" [');
  });

  it('a pointer a rule names in its text reads as the node', () => {
    const text = repayWith((n) => (n.visible = false));
    const issues = checkLayoutText('repay', text).map((i) => i.words);
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(issue.where).toContain('Pay Now button, id payNow');
      expect(issue.message).not.toMatch(/\/body\//);
    }
    expect(issues.map((i) => i.message).join(' ')).toContain(
      'the Pay Now button, id payNow, in the pay bar',
    );
  });
});
