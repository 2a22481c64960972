/**
 * Which layout values can change with the page store. A binding that reads only the
 * page's config, its query, locals or a message (t('key')) needs no store subscription.
 */
import { describe, expect, it } from 'vitest';
import { readsStore } from '../../src/runtime/storeReads';

describe('readsStore', () => {
  it('is false for text, config, query, locals and messages', () => {
    for (const value of [
      'Plain text',
      "{{ t('repay.title') }}",
      '{{ config.currencyLabel }}',
      'Order {{ query.orderId }}',
      '{{ item.name }} #{{ index + 1 }}',
      "{{ t('repay.amountIn', {currency: config.currencyLabel}) }}",
      42,
      null,
      true,
    ]) {
      expect(readsStore(value), String(value)).toBe(false);
    }
  });

  it('is true for every name the page store backs, wherever it sits in the expression', () => {
    for (const value of [
      '{{ data.plan.amountMax }}',
      '{{ state.editing }}',
      '{{ computed.total }}',
      '{{ dialogs.pay.open }}',
      '{{ sources.plan.loading }}',
      '{{ screen.keyboardOpen }}',
      '{{ local.lastBank }}',
      "{{ t('spec.days', {n: state.days}) }}",
      '{{ query.orderId }} {{ state.x }}',
      '{{ item[state.key] }}',
      '{{ len(data.list) > 0 ? config.a : query.b }}',
    ]) {
      expect(readsStore(value), value).toBe(true);
    }
  });

  it('tells a store name from a longer name that starts or ends with one', () => {
    for (const value of [
      '{{ item.database }}',
      '{{ query.stateCode }}',
      '{{ item.mydata }}',
      '{{ $data }}',
      '{{ item.data_2 }}',
      "{{ t('repay.localTime') }}",
    ]) {
      expect(readsStore(value), value).toBe(false);
    }
  });

  it('errs on the side of a subscription when a store name is only a member, a key or quoted', () => {
    for (const value of [
      '{{ item.data }}',
      "{{ t('repay.pending', {state: 1}) }}",
      "{{ t('state') }}",
    ]) {
      expect(readsStore(value), value).toBe(true);
    }
  });

  it("looks inside objects and arrays (an action's params, a style)", () => {
    expect(readsStore({ a: '{{ query.orderId }}', b: ['{{ config.x }}', 1] })).toBe(false);
    expect(readsStore({ a: '{{ query.orderId }}', b: ['x', { c: '{{ state.amount }}' }] })).toBe(
      true,
    );
  });

  it('takes a binding that does not parse as live: unsure means subscribed', () => {
    expect(readsStore('{{ config.a + }}')).toBe(true);
    expect(readsStore('{{ unclosed')).toBe(true);
  });
});
