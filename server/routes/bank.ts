/**
 * Bind bank page: card-init (form items), save-bank-info and card-change. The server owns the
 * rules the client does not show: required fields, digits-only numeric items, valid options.
 */
import type { FastifyInstance } from 'fastify';
import type { RequestOf, ResponseOf } from '@kopa/contract';
import type { ServerContext } from '../http/context';
import type { Db } from '../db';
import { userEndpoint } from '../http/endpoint';
import { badRequest, notFound } from '../core/errors';
import type { SessionUser } from '../http/session';
import { flag } from '../domain/flags';
import { randomId } from '../domain/tokens';

/** save-bank-info and card-change take the same form. */
type SaveBody = RequestOf<'saveBankInfo'> | RequestOf<'cardChange'>;

type FormItem = ResponseOf<'cardInit'>['items'][number];
const CATES: ReadonlyArray<FormItem['cate']> = ['text', 'citySelect', 'day', 'enum'];

/** The column is free text; a kind the page does not know is shown as a text item. */
function cateOf(cate: string): FormItem['cate'] {
  return CATES.find((c) => c === cate) ?? 'text';
}

export const DEFAULT_CHANNEL = '90006';

async function formItems(db: Db) {
  return db.selectFrom('bank_form_items').selectAll().orderBy('sort').execute();
}

type Item = Awaited<ReturnType<typeof formItems>>[number];

/** The item applies to the chosen card type (0/null = all) and channel (card type 1 only). */
function applies(item: Item, cardType: number, channel: string): boolean {
  if (item.card_type_mi !== null && item.card_type_mi !== 0 && item.card_type_mi !== cardType)
    return false;
  if (item.channel_number !== null && (cardType !== 1 || item.channel_number !== channel))
    return false;
  return true;
}

function checkFields(
  items: Item[],
  body: SaveBody,
): { channel: string; values: Record<string, string> } {
  const channelItem = items.find((i) => i.code === 'channelNumber');
  const channel =
    body.cardType === 1 ? body.channelNumber || body.fields.channelNumber || DEFAULT_CHANNEL : '';
  if (body.cardType === 1 && channelItem && !channelItem.note.some((o) => o.type === channel)) {
    throw badRequest(`channelNumber: ${channel} is not an available channel`);
  }
  const known = new Set(items.map((i) => i.code));
  for (const code of Object.keys(body.fields))
    if (!known.has(code)) throw badRequest(`fields.${code}: unknown field`);
  const values: Record<string, string> = {};
  for (const item of items) {
    if (
      item.code === 'cardType' ||
      item.code === 'channelNumber' ||
      !applies(item, body.cardType, channel)
    )
      continue;
    const value = (body.fields[item.code] ?? '').trim();
    if (!value) {
      if (item.required) throw badRequest(`"${item.title}" is required`);
      continue;
    }
    if (item.input_type === 1 && !/^[0-9]+$/.test(value))
      throw badRequest(`"${item.title}" must contain digits only`);
    if (item.cate === 'day' && !(Number(value) >= 1 && Number(value) <= 31))
      throw badRequest(`"${item.title}" must be a day of the month (1-31)`);
    if (
      (item.cate === 'enum' || item.cate === 'citySelect') &&
      !item.note.some((o) => o.type === value)
    ) {
      throw badRequest(`"${item.title}": choose one of the options`);
    }
    values[item.code] = value;
  }
  return { channel, values };
}

/** Stores the entered account and makes it the borrower's repayment card. */
async function save(
  ctx: ServerContext,
  user: SessionUser,
  body: SaveBody,
  kind: 'save' | 'change',
) {
  const product = await ctx.db
    .selectFrom('products')
    .select('id')
    .where('id', '=', body.product_id)
    .executeTakeFirst();
  if (!product) throw notFound('Product not found.');
  const items = await formItems(ctx.db);
  const { channel, values } = checkFields(items, body);
  const nameOf = (code: string, type: string) =>
    items.find((i) => i.code === code)?.note.find((o) => o.type === type)?.name ?? '';
  const bankName =
    body.cardType === 1
      ? nameOf('channelNumber', channel)
      : nameOf('bankName', values.bankName ?? '');
  const cardNo = body.cardType === 1 ? (values.walletPhone ?? '') : (values.cardNo ?? '');
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bank_accounts')
      .values({
        user_id: user.userId,
        product_id: body.product_id,
        kind,
        card_type: body.cardType,
        channel_number: channel,
        fields: JSON.stringify(values),
      })
      .execute();
    if (cardNo) {
      await trx
        .insertInto('cards')
        .values({
          id: randomId('C'),
          user_id: user.userId,
          bank_name: bankName,
          bank_node: values.bankCity ?? '',
          card_no: cardNo,
          bank_code: body.cardType === 1 ? channel : (values.bankName ?? ''),
          sms_required: body.cardType === 1 ? 0 : 1, // bank accounts (2) confirm card repayments by SMS; wallets (1) do not
          created_at: ctx.now(),
        })
        .execute();
    }
  });
  return { ok: true };
}

export function registerBank(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint(app, ctx, 'cardInit', async ({ body, user }) => {
    const product = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('id', '=', body.product_id)
      .executeTakeFirst();
    if (!product) throw notFound('Product not found.');
    const last = await ctx.db
      .selectFrom('bank_accounts')
      .select('fields')
      .where('user_id', '=', user.userId)
      .where('product_id', '=', body.product_id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const saved = last?.fields ?? {};
    // An enum item's type is the option the page presets (spec 3): after a save, the saved option.
    const isChoice = (cate: string) => cate === 'enum' || cate === 'citySelect';
    const items = (await formItems(ctx.db)).map((i): FormItem => ({
      code: i.code,
      title: i.title,
      subtitle: i.subtitle,
      cate: cateOf(i.cate),
      type: (isChoice(i.cate) ? saved[i.code] : undefined) || i.type,
      value: saved[i.code] ?? i.value,
      note: i.note,
      inputType: flag(i.input_type),
      cardTypeMi: i.card_type_mi,
      channelNumber: i.channel_number,
      required: i.required,
    }));
    return { items, product_id: body.product_id };
  });
  userEndpoint(app, ctx, 'saveBankInfo', async ({ body, user }) => save(ctx, user, body, 'save'));
  userEndpoint(app, ctx, 'cardChange', async ({ body, user }) => save(ctx, user, body, 'change'));
}
