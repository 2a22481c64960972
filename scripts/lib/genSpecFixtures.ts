/**
 * Spec-minimal and spec-noisy answers, derived from docs/spec/product-spec.md:
 * for every endpoint of the catalogue, `minimal` carries only the fields the spec names for that
 * answer (section 3's entity, or section 7's "Response read"), `noisy` the same meaning as a
 * careless backend sends it (numbers as strings, nulls for the fields it leaves out, fields the
 * app does not know, flag values it has never seen). Written to tests/fixtures/spec-answers/ by
 * `npm run gen`, checked by `npm run gen:check`.
 *
 * The spec is prose, so each endpoint says where its fields are written (SOURCES); the names
 * are then read from that text against the response schema: a word (or two words joined, "button
 * text" -> buttonText) is a field when the schema has it at that place. A field named without its
 * parts ("bankCardInfo") gets the parts the schema requires (the same entity described elsewhere).
 */
import type { SchemaFile } from './schemas';

/** The product spec, the repository's own copy (relative to the repository root). */
export const SPEC_FILE = 'docs/spec/product-spec.md';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  format?: string;
  default?: unknown;
  description?: string;
}

/** Field name -> its named parts (null: named without parts). */
type Named = Map<string, Named | null>;

/** Where the spec writes an answer's fields. */
interface Source {
  /** A section 3 entity heading (bold), or a section 7 call's first cell prefix (`call:`). */
  from: string;
  /** Only the sentences starting so (e.g. "Items have"). */
  sentence?: RegExp;
  /** The place in the answer those fields belong to ('' root, 'recProducts[]'). */
  at?: string[];
  /** Leave out sentences starting so. */
  skip?: RegExp;
}

const ENTITY = (from: string, rest: Omit<Source, 'from'> = {}): Source => ({ from, ...rest });
const CALL = (from: string, rest: Omit<Source, 'from'> = {}): Source => ({
  from: `call:${from}`,
  ...rest,
});
const ORDER_ITEMS = /^(Recommended product items|Items have)/;

/** endpoint -> where its fields are written; [] when the spec reads nothing from the answer. */
const SOURCES: Readonly<Record<string, readonly Source[] | 'ours' | 'image'>> = {
  cardInit: [
    CALL('POST card-init'),
    ENTITY('Bank form item (from server)', { at: ['items[]'], skip: /^The payload/ }),
  ],
  saveBankInfo: [],
  cardChange: [],
  saveScore: [],
  problemSave: [],
  sendSmsCodeNew: [],
  userDelete: [],
  repaymentConfirm: [],
  trackVisit: [],
  trackClick: [],
  getSms: [],
  register: [],
  submitUtr: [],
  googleScore: [],
  eventSave: [],
  legacyProductClick: [],
  problemDetail: [ENTITY('Complaint detail')],
  problemInit: [ENTITY('Problem init response')],
  uploadProblemImg: [CALL('POST /user-problem/upload-problem-img')],
  problemList: [ENTITY('Complaint list')],
  contactKfInfo: [ENTITY('Contact info')],
  repaymentWay: [ENTITY('Repayment way response')],
  repaymentCommit: [ENTITY('Repayment commit response')],
  repaymentResend: 'ours',
  repaymentCancel: 'ours',
  repaymentHuichao: [CALL('POST .../service/loan/repayment-huichao')],
  channelTemplate: [ENTITY('Registration template config')],
  getSid: [CALL('GET promotion/get-sid')],
  getCaptcha: 'image',
  delayDetail: [ENTITY('Deferral detail response')],
  installmentPlan: [
    ENTITY('Installment plan response', { skip: ORDER_ITEMS }),
    ENTITY('Installment plan response', {
      sentence: /^Items have/,
      at: ['repayPlanDetail.repayWaitDetail[]', 'repayPlanDetail.repayYetDetail[]'],
    }),
  ],
  generateVcode: [ENTITY('Repayment code response')],
  loanConfirmDetail: [ENTITY('Loan confirm response', { skip: /^Agreement list items/ })],
  legacyConfirmDetail: [ENTITY('Loan confirm response', { skip: /^Agreement list items/ })],
  contractList: [
    ENTITY('Loan confirm response', { sentence: /^Agreement list items/, at: ['[]'] }),
  ],
  legacyContractList: [
    ENTITY('Loan confirm response', { sentence: /^Agreement list items/, at: ['[]'] }),
  ],
  contractJump: [CALL('GET /v3/contract/contract-jump')],
  legacyContractJump: [CALL('GET /v3/contract/contract-jump')],
  loanPush: [CALL('POST /v3/loan-confirm/loan-detail-push-yd')],
  legacyLoanPush: [CALL('POST /v3/loan-confirm/loan-detail-push-yd')],
  loanDetails: [
    ENTITY('Order details response', { skip: ORDER_ITEMS }),
    ENTITY('Order details response', {
      sentence: /^Recommended product items/,
      at: ['recProducts[]'],
    }),
  ],
  unionErrorInfo: [
    ENTITY('Union error response'),
    ENTITY('Order details response', { sentence: /^Recommended product items/, at: ['family[]'] }),
  ],
  repaymentCodeInfo: [ENTITY('Repayment info (kept in local storage as repaymentInfo)')],
  legacyProductLink: [{ from: 'para:Older obfuscated endpoints', sentence: /^On success/ }],
};

// ---------------------------------------------------------------- reading the spec

function section(spec: string, title: RegExp): string {
  const lines = spec.split('\n');
  const start = lines.findIndex((l) => title.test(l));
  if (start < 0) throw new Error(`product-spec.md: no section ${String(title)}`);
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

function sourceText(spec: string, from: string): string {
  if (from.startsWith('call:')) {
    const prefix = `| ${from.slice('call:'.length)}`;
    const row = section(spec, /^## 7\./)
      .split('\n')
      .find((l) => l.startsWith(prefix));
    if (!row) throw new Error(`product-spec.md section 7: no call row "${prefix}"`);
    const cells = row
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    return cells[cells.length - 1] ?? '';
  }
  if (from.startsWith('para:')) {
    const para = section(spec, /^## 7\./)
      .split('\n\n')
      .find((p) => p.startsWith(from.slice('para:'.length)));
    if (!para) throw new Error(`product-spec.md section 7: no paragraph "${from}"`);
    return para;
  }
  const lines = section(spec, /^## 3\./).split('\n');
  const start = lines.indexOf(`**${from}**`);
  if (start < 0) throw new Error(`product-spec.md section 3: no entity **${from}**`);
  const bullets: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('- ')) break;
    bullets.push(line.slice(2));
  }
  return bullets.join('\n');
}

/** Sentences of a text (a bullet may hold several: "... repayYetDetail. Items have ..."). */
function sentences(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) => line.split(/(?<=\.)\s+(?=[A-Z])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Splits at commas, semicolons and " and " outside parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (depth === 0 && (c === ',' || c === ';')) {
      parts.push(cur);
      cur = '';
    } else if (depth === 0 && text.startsWith(' and ', i) && !cur.trimStart().startsWith('each ')) {
      parts.push(cur);
      cur = '';
      i += 4;
    } else cur += c;
  }
  parts.push(cur);
  return parts.map((p) => p.trim()).filter(Boolean);
}

const objectOf = (s: Schema | undefined): Schema | undefined => {
  if (!s) return undefined;
  if (s.properties) return s;
  if (s.items?.properties) return s.items;
  if (typeof s.additionalProperties === 'object') return objectOf(s.additionalProperties);
  return undefined;
};

function addNamed(named: Named, path: string[]): Named {
  let at = named;
  for (const key of path) {
    let next = at.get(key);
    if (!next) at.set(key, (next = new Map()));
    at = next;
  }
  return at;
}

/** Phrases the spec uses for a field whose name is not the words joined. */
const PHRASES: Readonly<Record<string, string>> = { 'step list': 'steps' };

/** Reads the field names of `text` at the place `schema` describes into `named`. */
function readFields(text: string, schema: Schema, named: Named): void {
  const colon = /^([A-Za-z_]\w*):\s*(.*)$/s.exec(text);
  if (colon && schema.properties?.[colon[1]!]) {
    const child = objectOf(schema.properties[colon[1]!]);
    const sub = addNamed(named, [colon[1]!]);
    if (child) readFields(colon[2]!, child, sub);
    return;
  }
  let last: { name: string; schema: Schema } | undefined;
  // The fields named since the last "each with" ("problemType[] and problemSonType[], each with ...").
  let listed: { name: string; schema: Schema }[] = [];
  for (const part of splitTop(text)) {
    // "tabs[], each with a list of items (...)": the part speaks of the fields before it.
    const each = /^each (?:with|having) (.*)$/s.exec(part);
    if (each) {
      // "note (list of options, each with name and type)": no field before it, so this place.
      if (listed.length === 0) readFields(each[1]!, schema, named);
      for (const f of listed) {
        const of = objectOf(f.schema);
        if (of) readFields(each[1]!, of, addNamed(named, [f.name]));
      }
      listed = [];
      continue;
    }
    // Words and parenthesised groups, in order.
    // "title/value" names two fields.
    const tokens = (part.match(/\([^()]*(?:\([^()]*\)[^()]*)*\)|[^\s()]+/g) ?? []).flatMap((t) =>
      t.startsWith('(') ? [t] : t.split('/'),
    );
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.startsWith('(')) {
        const inner = token.slice(1, -1);
        const child = last ? objectOf(last.schema) : undefined;
        if (last && child) readFields(inner, child, addNamed(named, [last.name]));
        else readFields(inner, schema, named);
        continue;
      }
      // "orderList[].", "data.url", "res.tabs": the field's own name.
      const word = token
        .replace(/[.:,']+$/, '')
        .replace(/\[\]$/, '')
        .replace(/^(data|res)\./, '');
      const next = tokens[i + 1]?.replace(/[.:,]+$/, '');
      const phrase = next && !next.startsWith('(') ? `${word} ${next}` : '';
      const joined =
        PHRASES[phrase] ??
        (next && !next.startsWith('(')
          ? word + next.charAt(0).toUpperCase() + next.slice(1)
          : undefined);
      const dotted = word.split('.');
      if (joined && schema.properties?.[joined]) {
        if (!named.has(joined)) named.set(joined, null);
        last = { name: joined, schema: schema.properties[joined]! };
        listed.push(last);
        i++;
      } else if (dotted.length > 1 && schema.properties?.[dotted[0]!]) {
        let s: Schema | undefined = schema;
        for (const d of dotted) s = objectOf(s)?.properties?.[d];
        if (s) addNamed(named, dotted);
      } else if (schema.properties?.[word]) {
        if (!named.has(word)) named.set(word, null);
        last = { name: word, schema: schema.properties[word]! };
        listed.push(last);
      }
    }
  }
}

function placeOf(schema: Schema, path: string): Schema {
  let s: Schema | undefined = schema;
  for (const key of path.match(/[^.[\]]+|\[\]/g) ?? [])
    s = key === '[]' ? s?.items : s?.properties?.[key];
  const obj = objectOf(s) ?? s;
  if (!obj?.properties) throw new Error(`no object at ${path}`);
  return obj;
}

function namedAt(named: Named, path: string): Named {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  return keys.length === 0 ? named : addNamed(named, keys);
}

/** The fields the spec names for an endpoint's answer, as a tree. */
export function specFields(spec: string, endpoint: string, schema: object): Named {
  const sources = SOURCES[endpoint];
  if (sources === undefined)
    throw new Error(
      `genSpecFixtures: endpoint ${endpoint} has no SOURCES entry (where does the spec name its fields?)`,
    );
  const named: Named = new Map();
  if (sources === 'ours' || sources === 'image') return named;
  const root = schema as Schema;
  for (const source of sources) {
    const text = sourceText(spec, source.from);
    const picked = sentences(text).filter(
      (s) => (!source.sentence || source.sentence.test(s)) && !source.skip?.test(s),
    );
    for (const at of source.at ?? ['']) {
      const place = at === '' || at === '[]' ? (objectOf(root) ?? root) : placeOf(root, at);
      for (const s of picked) readFields(s, place, at === '[]' ? named : namedAt(named, at));
    }
  }
  return named;
}

// ---------------------------------------------------------------- values

const ISO = '2026-12-08T09:00:00.000Z';
/** Values a borrower's real answer would have, by field name (others follow the type). */
const SAMPLES: Readonly<Record<string, unknown>> = {
  orderStatus: 174,
  isDelay: 1,
  isScore: 0,
  inside: 1,
  cardNeedPop: 0,
  sendSms: 0,
  isPopType: 1,
  showSubmitUtr: 0,
  needValid: 0,
  alipay: 0,
  inputType: 1,
  isShow: 1,
  isNeedScore: 0,
  enabled: 1,
  termUnit: 1,
  periods: 7,
  firstPeriodDay: 7,
  repayWaitCount: 2,
  periodStatus: 0,
  cardTypeMi: 0,
  type: 1,
  sonType: 11,
  value: 1,
  problemId: '7',
  id: '7',
  amount: 5_000_000,
  amountMax: 3_300_000,
  amountMin: 100_000,
  totalAmount: 1_650_000,
  repayAmount: 3_300_000,
  delayShouldPayAmount: 300_000,
  delayAmount: 300_000,
  repayType: 'NOTICE',
  payUrl: 'https://pay.kopa.example/p/T1',
  notice: 'Pay with the M-Pesa pay-bill 400200.',
  tradeNo: 'T-20261208-1',
  productLogo: '/assets/demo/logo-kopa.svg',
  logo: '/assets/demo/logo-kopa.svg',
  productName: 'Kopa Cash',
  name: 'Kopa Plus',
  bankName: 'M-Pesa',
  bankNode: 'Dar es Salaam',
  cardNo: '0712 345 678',
  bankCode: 'MPESA',
  repayToken: 'RT-1',
  repayRecordId: 'R-1',
  email: 'help@kopa.example',
  smWa: '+255 700 000 000',
  telephone: '+255 700 000 111',
  noticeMessage: 'We could not log you in.',
  errMessage: 'The session of the partner app has ended.',
  noticeStatusText: 'Repaying',
  noticeDesText: 'Your next installment is due soon.',
  pRateDsc: '0.1% per day',
  currencySymbol: 'TZS',
  popContent: 'Your loan is almost ready.',
  popTitle: '',
  popAgreementUrl: '',
  h5Url: '',
  playeduL: '',
  reyMsg: '',
  cardPopTitle: '',
  cardPopMsg: '',
  remind: 'Pay the deferral fee before the due date.',
  note: '',
  lendDetailsUrl: '/loanDetail?orderId=O174D&productId=P001&from=confirm',
  contract_url: '/loanAgreement?productId=P001&scene=3',
  url: '/assets/demo/receipt.svg',
  sid: 'SID-1',
  orderNo: 'O174D',
  status: 'Repaying',
  content: 'They called me at night.',
  disposeDetail: '',
  title: 'Loan agreement',
  description: 'Principal, interest and fees',
  time: '2026-12-01 10:00:00',
  code: 'accountNo',
  subtitle: 'Enter the account number',
  cate: 'text',
  channelNumber: '90006',
  payCode: 'KP-77001234',
  statusText: 'Pending',
  buttonText: 'Apply',
  amountRange: 'TZS 10.000,00 - 500.000,00',
  rate: '0.1% per day',
  text: 'Loan amount',
};
const PER_ENDPOINT: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  problemInit: { value: 2 },
  cardInit: { type: '1', value: '' },
  problemList: { type: 'Collection' },
  loanConfirmDetail: { amount: 5_000_000 },
  repaymentCodeInfo: { logo: '/assets/demo/pay-logo.svg' },
  repaymentCancel: { status: 'cancelled' },
  repaymentResend: { expiresIn: 600 },
};

const typeOf = (s: Schema): string =>
  Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'string') : (s.type ?? 'string');

function valueFor(
  endpoint: string,
  name: string,
  schema: Schema,
  named: Named | null,
  index: number,
): unknown {
  const type = typeOf(schema);
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    if (typeof schema.additionalProperties === 'object' && !schema.properties) {
      out['M-Pesa'] = valueFor(endpoint, name, schema.additionalProperties, named, 0);
      return out;
    }
    const fields = named && named.size > 0 ? [...named.keys()] : (schema.required ?? []);
    for (const f of fields) {
      const sub = schema.properties?.[f];
      if (sub) out[f] = valueFor(endpoint, f, sub, named?.get(f) ?? null, index);
    }
    return out;
  }
  if (type === 'array') {
    const items = schema.items ?? {};
    if (typeOf(items) === 'string')
      return name.toLowerCase().includes('image')
        ? ['/assets/demo/receipt.svg']
        : ['Open the M-Pesa app.', 'Choose Pay Bill.'];
    // Lists the screen can live without stay empty; the ones it shows get two items.
    if (['orderList', 'recProducts', 'family', 'repayYetDetail', 'problemSonType'].includes(name))
      return [];
    return [0, 1].map((i) => valueFor(endpoint, name, items, named, i));
  }
  const sample = PER_ENDPOINT[endpoint]?.[name] ?? SAMPLES[name];
  if (type === 'integer' || type === 'number') {
    if (name === 'periodNo') return index + 1;
    if (name === 'canClick' || name === 'check') return index === 0 ? 1 : 0;
    if (name === 'value') return (typeof sample === 'number' ? sample : 1) + index;
    return typeof sample === 'number' ? sample : 1;
  }
  if (type === 'boolean') return true;
  if (schema.format === 'date-time') return ISO.replace('08', String(8 + index).padStart(2, '0'));
  if (name === 'title' && index > 0) return `${String(sample ?? 'Title')} ${index + 1}`;
  if (name === 'id' || name === 'code')
    return `${String(sample ?? name)}${index === 0 ? '' : index + 1}`;
  return typeof sample === 'string' ? sample : `${name} ${index + 1}`;
}

// ---------------------------------------------------------------- noise

const FLAG =
  /^(is[A-Z]\w*|inside|sendSms|cardNeedPop|showSubmitUtr|needValid|alipay|inputType|canClick|check|enabled)$/;

/**
 * The same meaning as a careless backend sends it: numbers as strings, a flag that is not 1 as a
 * value the app has never seen (2: still "not 1"), the optional fields it leaves out as null, and
 * a field the app does not know in every object.
 */
function noisy(value: unknown, schema: Schema, name = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => noisy(v, schema.items ?? {}, name));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const props = schema.properties ?? {};
    const values =
      typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    for (const [k, v] of Object.entries(value)) out[k] = noisy(v, props[k] ?? values ?? {}, k);
    for (const k of Object.keys(props))
      if (!(k in out) && !(schema.required ?? []).includes(k)) out[k] = null;
    if (!values) out.x_unknown_field = { note: 'a field this app does not know', n: 1 };
    return out;
  }
  if (typeof value === 'number') return FLAG.test(name) && value !== 1 ? '2' : String(value);
  return value;
}

// ---------------------------------------------------------------- output

interface Endpoint {
  response?: string;
  success: string;
  client: string;
}

export const SPEC_FIXTURE_DIR = 'tests/fixtures/spec-answers';

/** One file per endpoint: { minimal, noisy } envelopes. */
export function generateSpecFixtures(
  schemas: SchemaFile[],
  spec: string,
  endpoints: Record<string, Endpoint>,
): Record<string, string> {
  const out: Record<string, string> = {};
  const byId = new Map(schemas.map((f) => [f.id, f.schema as Schema]));
  for (const [endpoint, e] of Object.entries(endpoints).sort(([a], [b]) => a.localeCompare(b))) {
    if (e.client === 'image' || !e.response) continue;
    const schema = byId.get(`api/${e.response}.schema.json`);
    if (!schema) throw new Error(`genSpecFixtures: no schema ${e.response}`);
    const named = specFields(spec, endpoint, schema);
    const ours = SOURCES[endpoint] === 'ours';
    let data: unknown;
    if (typeOf(schema) === 'array')
      data = [0, 1].map((i) => valueFor(endpoint, '', schema.items ?? {}, named, i));
    else data = valueFor(endpoint, '', schema, ours ? null : named, 0);
    const code = e.success === '00' ? '00' : 0;
    const file = {
      $comment: `GENERATED by npm run gen from ${SPEC_FILE} (scripts/lib/genSpecFixtures.ts): ${endpoint} (${e.response}) with only the fields the spec names (minimal) and the same answer as a careless backend sends it (noisy).`,
      minimal: { code, message: 'success', data },
      noisy: {
        code: String(code),
        message: 'success',
        data: noisy(data, schema),
        x_unknown_envelope_field: true,
      },
    };
    out[`${SPEC_FIXTURE_DIR}/${endpoint}.json`] = `${JSON.stringify(file, null, 2)}\n`;
  }
  return out;
}
