/**
 * What a layout does (src/lint/effects/effects.ts), read from its actions and URLs, not its
 * names; and the diff the studio shows. The config naming the money and identity calls matches
 * its schema and names real endpoints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import publishing from '../../config/publishing.json';
import { effectDiff, layoutEffects, UNKNOWN_HOST } from '../../src/lint/effects/effects';
import { loadApiCatalogue } from '../../src/lint/responseSchemas';

const ROOT = join(import.meta.dirname, '..', '..');

describe('layout effects', () => {
  const doc = {
    id: 'x',
    dataSources: { plan: { endpoint: 'installmentPlan' } },
    body: [
      { type: 'image', src: 'https://cdn.kopa.example/a.png' },
      { type: 'image', src: "{{ 'https://evil' + '.example/p.png' }}" },
      { type: 'rich-text', html: '<a href="https://www.kopa.example/help">help</a>' },
      {
        type: 'button',
        label: 'Go',
        onTap: [
          { type: 'bridge', action: 'openLink', args: { url: 'https://partner.example/x' } },
          { type: 'storage', op: 'set', key: 'repaymentInfo', value: 1 },
          {
            type: 'http',
            endpoint: 'saveBankInfo',
            onSuccess: [{ type: 'redirect', url: '/repay' }],
          },
        ],
      },
    ],
  };

  it('lists calls (data sources too), bridge actions, storage keys and external hosts', () => {
    expect(layoutEffects(doc)).toEqual({
      calls: ['installmentPlan', 'saveBankInfo'],
      bridge: ['openLink'],
      storage: ['repaymentInfo'],
      hosts: [UNKNOWN_HOST, 'cdn.kopa.example', 'partner.example', 'www.kopa.example'],
      sends: [
        {
          endpoint: 'openLink',
          bridge: true,
          fields: { 'args.url': '"https://partner.example/x"' },
        },
        { endpoint: 'installmentPlan', fields: {} },
        { endpoint: 'saveBankInfo', fields: {} },
      ],
    });
  });

  it('the diff names what a change adds and removes, a second place making the same call included', () => {
    const before = layoutEffects(doc);
    const body = [
      ...doc.body.slice(1),
      { type: 'button', label: 'B', onTap: [{ type: 'http', endpoint: 'saveBankInfo' }] },
    ];
    expect(effectDiff(before, layoutEffects({ ...doc, body }))).toEqual([
      'adds a call to saveBankInfo',
      'removes the external host cdn.kopa.example',
    ]);
    expect(effectDiff(before, before)).toEqual([]);
    expect(effectDiff(null, layoutEffects({ body: [] }))).toEqual([]);
  });

  it('a kept state path (layout.persist) writes its storage key: adding one is an effect change', () => {
    const kept = { ...doc, persist: [{ key: 'complaintDraft', path: 'form' }] };
    expect(layoutEffects(kept).storage).toEqual(['complaintDraft', 'repaymentInfo']);
    expect(effectDiff(layoutEffects(doc), layoutEffects(kept))).toEqual([
      'adds the storage key complaintDraft',
    ]);
  });

  it('config/publishing.json matches its schema and names real endpoints', () => {
    const schema = JSON.parse(
      readFileSync(join(ROOT, 'schemas/config/publishing.schema.json'), 'utf8'),
    ) as object;
    const ajv = new Ajv();
    expect(ajv.validate(schema, publishing), ajv.errorsText()).toBe(true);
    const { endpoints } = loadApiCatalogue();
    for (const call of publishing.twoPersonCalls) expect(endpoints[call], call).toBeDefined();
  });
});
