/**
 * Argument checks for each bridge action (SECURITY 13). Written by hand because they are small
 * and must run without compiling schemas at run time. Each check returns a fresh object holding
 * only the known keys, so nothing a layout smuggles in reaches the host.
 */

import { checkBridgeLink, type BridgeLinkPolicy } from '../security/bridgeLink';
import type { BridgeAction, BridgeCommand, TrackParams } from './types';

export type Validation = { ok: true; command: BridgeCommand } | { ok: false; reason: string };

type Obj = Readonly<Record<string, unknown>>;

const EMAIL = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;
// Digits with the usual separators; nothing that could add parameters to a tel:/sms: link.
const PHONE = /^\+?[0-9][0-9 ()-]{2,31}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const MAX_TEXT = 1000;
const MAX_PARAMS = 50;

function isPlainObject(v: unknown): v is Obj {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** `undefined`/`null` mean "no arguments"; anything else must be a plain object with known keys. */
function objectWith(args: unknown, allowed: readonly string[]): Obj | string {
  if (args === undefined || args === null) return {};
  if (!isPlainObject(args)) return 'arguments must be an object';
  const extra = Object.keys(args).find((k) => !allowed.includes(k));
  return extra === undefined ? args : `unexpected argument "${extra.slice(0, 40)}"`;
}

function optionalString(
  o: Obj,
  key: string,
  pattern: RegExp | null,
  max: number,
): string | undefined | { error: string } {
  const v = o[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > max)
    return { error: `${key} must be a string of at most ${max} characters` };
  if (pattern && !pattern.test(v)) return { error: `${key} is not valid` };
  return v;
}

function isError(v: unknown): v is { error: string } {
  return typeof v === 'object' && v !== null && 'error' in v;
}

function trackParams(v: unknown): TrackParams | string {
  if (!isPlainObject(v)) return 'params must be an object';
  const entries = Object.entries(v);
  if (entries.length > MAX_PARAMS) return `at most ${MAX_PARAMS} params`;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, val] of entries) {
    if (k === '__proto__' || k.length > 100) return `param name "${k.slice(0, 40)}" is not allowed`;
    const okValue =
      (typeof val === 'string' && val.length <= MAX_TEXT) ||
      typeof val === 'boolean' ||
      (typeof val === 'number' && Number.isFinite(val));
    if (!okValue) return `param "${k}" must be a string, a finite number or a boolean`;
    out[k] = val as string | number | boolean;
  }
  return out;
}

export function validateArgs(
  action: BridgeAction,
  args: unknown,
  links: BridgeLinkPolicy,
): Validation {
  const fail = (reason: string): Validation => ({ ok: false, reason });
  switch (action) {
    case 'sendSms': {
      const o = objectWith(args, ['email', 'phone', 'text']);
      if (typeof o === 'string') return fail(o);
      const email = optionalString(o, 'email', EMAIL, 254);
      const phone = optionalString(o, 'phone', PHONE, 32);
      const text = optionalString(o, 'text', null, MAX_TEXT);
      for (const v of [email, phone, text]) if (isError(v)) return fail(v.error);
      const out: { email?: string; phone?: string; text?: string } = {};
      if (typeof email === 'string') out.email = email;
      if (typeof phone === 'string') out.phone = phone;
      if (typeof text === 'string') out.text = text;
      return { ok: true, command: { action, args: out } };
    }
    case 'callService': {
      const o = objectWith(args, ['phone']);
      if (typeof o === 'string') return fail(o);
      const phone = optionalString(o, 'phone', PHONE, 32);
      if (isError(phone)) return fail(phone.error);
      return { ok: true, command: { action, args: phone === undefined ? {} : { phone } } };
    }
    case 'track': {
      const o = objectWith(args, ['event', 'params']);
      if (typeof o === 'string') return fail(o);
      const event = o.event;
      if (
        typeof event !== 'string' ||
        event.trim() === '' ||
        event.length > 100 ||
        CONTROL.test(event)
      ) {
        return fail('event must be a non-empty string of at most 100 characters');
      }
      if (o.params === undefined) return { ok: true, command: { action, args: { event } } };
      const params = trackParams(o.params);
      if (typeof params === 'string') return fail(params);
      return { ok: true, command: { action, args: { event, params } } };
    }
    case 'openLink': {
      const o = objectWith(args, ['url']);
      if (typeof o === 'string') return fail(o);
      if (typeof o.url !== 'string') return fail('url must be a string');
      const checked = checkBridgeLink(o.url, links);
      if (!checked.ok) return fail(`url refused: ${checked.reason}`);
      return { ok: true, command: { action, args: { url: checked.url } } };
    }
    case 'openHome':
    case 'openMine':
    case 'openRate':
    case 'openLogin':
    case 'closeWebView':
    case 'bankStepStart':
    case 'bankStepEnd': {
      const o = objectWith(args, []);
      if (typeof o === 'string') return fail(o);
      return { ok: true, command: { action, args: {} } };
    }
  }
}
