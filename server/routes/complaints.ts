/** Complaints: init (types + orders), save, list with tabs, detail, rating. Text is plain text. */
import type { FastifyInstance } from 'fastify';
import type { ResponseOf } from '@kopa/contract';
import type { ServerContext } from '../http/context';
import { userEndpoint, type Handler } from '../http/endpoint';
import { badRequest, BusinessError, forbidden, notFound } from '../core/errors';
import { marketDateTime, formatLabelledAmount } from '../domain/format';
import { statusText } from '../domain/orders';
import { requireOrder, type SessionUser } from '../http/session';

export const MAX_COMPLAINT_TEXT = 200;
export const MAX_COMPLAINT_IMAGES = 9;
/** Orders with a loan out (collection complaints make sense only for them). */
const COLLECTION_STATUSES = new Set([170, 174, 180, 200]);
const UPLOAD_URL = /^\/uploads\/([a-f0-9]{32}\.(?:jpg|png|gif|webp))$/;

/** An order as the complaint start page lists it. */
type OrderSummary = ResponseOf<'problemInit'>['orderList'][number];

async function orderSummaries(ctx: ServerContext, user: SessionUser): Promise<OrderSummary[]> {
  const rows = await ctx.db
    .selectFrom('orders')
    .innerJoin('products', 'products.id', 'orders.product_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.amount',
      'orders.created_at',
      'products.name',
      'products.logo',
    ])
    .where('orders.user_id', '=', user.userId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id')
    .execute();
  return rows.map((r) => ({
    orderNo: r.id,
    productLogo: r.logo,
    productName: r.name,
    status: statusText(r.status).text,
    list: [
      { title: 'Loan amount', value: formatLabelledAmount(r.amount, ctx.cfg.currencyLabel) },
      { title: 'Apply time', value: marketDateTime(r.created_at) },
      { title: 'Order No.', value: r.id },
    ],
    isShow: COLLECTION_STATUSES.has(r.status) ? 1 : 0,
  }));
}

async function ownProblem(ctx: ServerContext, user: SessionUser, problemId: string) {
  const id = /^[0-9]{1,9}$/.test(problemId) ? Number(problemId) : NaN;
  const p = Number.isNaN(id)
    ? undefined
    : await ctx.db.selectFrom('problems').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) throw notFound('Complaint not found.');
  if (p.user_id !== user.userId) throw forbidden('This complaint belongs to another user.');
  return p;
}

async function typeTitles(ctx: ServerContext) {
  const rows = await ctx.db.selectFrom('problem_types').selectAll().orderBy('sort').execute();
  const title = (parent: number, value: number | null) =>
    rows.find((r) => r.parent_value === parent && r.value === value)?.title ?? '';
  return { rows, title };
}

/** Image URLs must be uploads of this borrower: no foreign or external URLs in stored data. */
async function checkImages(
  ctx: ServerContext,
  user: SessionUser,
  joined: string,
): Promise<string[]> {
  const urls = joined
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (urls.length > MAX_COMPLAINT_IMAGES)
    throw badRequest(`problemImage: at most ${MAX_COMPLAINT_IMAGES} images`);
  const names = urls.map((u) => UPLOAD_URL.exec(u)?.[1]);
  if (names.some((n) => !n))
    throw badRequest('problemImage: only images uploaded with upload-problem-img are accepted');
  if (names.length) {
    const own = await ctx.db
      .selectFrom('uploads')
      .select('name')
      .where('user_id', '=', user.userId)
      .where('name', 'in', names as string[])
      .execute();
    if (own.length !== new Set(names).size) throw badRequest('problemImage: unknown image');
  }
  return urls;
}

export function registerComplaints(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint(app, ctx, 'problemInit', problemInit(ctx));
  userEndpoint(app, ctx, 'problemSave', problemSave(ctx));
  userEndpoint(app, ctx, 'problemList', problemList(ctx));
  userEndpoint(app, ctx, 'problemDetail', problemDetail(ctx));
  userEndpoint(app, ctx, 'saveScore', saveScore(ctx));
}

const problemInit =
  (ctx: ServerContext): Handler<'problemInit', SessionUser> =>
  async ({ body, query, user }) => {
    const wanted = body.orderId || query.orderId;
    if (wanted) await requireOrder(ctx, user, wanted);
    const { rows } = await typeTitles(ctx);
    const orders = await orderSummaries(ctx, user);
    return {
      problemType: rows
        .filter((r) => r.parent_value === 0)
        .map((r) => ({ value: r.value, title: r.title })),
      problemSonType: rows
        .filter((r) => r.parent_value === 1)
        .map((r) => ({ value: r.value, title: r.title })),
      orderDetail: orders.find((o) => o.orderNo === wanted) ?? orders[0] ?? null,
      orderList: orders,
    };
  };

const problemSave =
  (ctx: ServerContext): Handler<'problemSave', SessionUser> =>
  async ({ body, user }) => {
    const content = body.problemDetail.trim();
    if (!content) throw badRequest('Please fill in your comments and suggestions');
    if ([...content].length > MAX_COMPLAINT_TEXT)
      throw badRequest(`problemDetail: at most ${MAX_COMPLAINT_TEXT} characters`);
    const { rows } = await typeTitles(ctx);
    if (!rows.some((r) => r.parent_value === 0 && r.value === body.problemType))
      throw badRequest('problemType: unknown type');
    const son = body.problemSonType ? body.problemSonType : null;
    if (body.problemType === 1 && !rows.some((r) => r.parent_value === 1 && r.value === son))
      throw badRequest('problemSonType: choose a sub-type');
    if (body.problemType !== 1 && son !== null)
      throw badRequest('problemSonType: only the collection type has sub-types');
    const orderNo = body.orderNo ?? '';
    if (orderNo) {
      const order = await requireOrder(ctx, user, orderNo);
      if (body.problemType === 1 && !COLLECTION_STATUSES.has(order.status)) {
        throw new BusinessError(
          '1003',
          'The selected order does not support sending collection types',
        );
      }
    }
    const images = await checkImages(ctx, user, body.problemImage ?? '');
    const row = await ctx.db
      .insertInto('problems')
      .values({
        user_id: user.userId,
        order_no: orderNo,
        problem_type: body.problemType,
        problem_son_type: son,
        content,
        images: JSON.stringify(images),
        dispose_detail: '',
        dispose_images: '[]',
        is_need_score: 0,
        score: null,
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { problemId: String(row.id) };
  };

const problemList =
  (ctx: ServerContext): Handler<'problemList', SessionUser> =>
  async ({ user }) => {
    const { title } = await typeTitles(ctx);
    const rows = await ctx.db
      .selectFrom('problems')
      .selectAll()
      .where('user_id', '=', user.userId)
      // Newest first by when it was filed (ids follow insertion, which imports and seeds do not keep in date order).
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const item = (p: (typeof rows)[number]) => ({
      id: String(p.id),
      time: p.created_at.toISOString(),
      type: title(0, p.problem_type),
      content: p.content,
    });
    return {
      tabs: [
        { title: 'All', list: rows.map(item) },
        {
          title: 'Processing',
          list: rows.filter((p) => !p.dispose_detail && p.dispose_images.length === 0).map(item),
        },
        {
          title: 'Processed',
          list: rows.filter((p) => p.dispose_detail || p.dispose_images.length > 0).map(item),
        },
      ],
    };
  };

const problemDetail =
  (ctx: ServerContext): Handler<'problemDetail', SessionUser> =>
  async ({ body, user }) => {
    const p = await ownProblem(ctx, user, body.problemId);
    const { title } = await typeTitles(ctx);
    return {
      problemId: String(p.id),
      type: p.problem_type,
      typeTitle: title(0, p.problem_type),
      sonType: p.problem_son_type,
      sonTypeTitle: p.problem_son_type === null ? '' : title(p.problem_type, p.problem_son_type),
      content: p.content,
      images: p.images,
      disposeDetail: p.dispose_detail,
      disposeImages: p.dispose_images,
      isNeedScore: p.score === null ? p.is_need_score : 0,
      score: p.score,
      time: p.created_at.toISOString(),
      orderNo: p.order_no,
    };
  };

const saveScore =
  (ctx: ServerContext): Handler<'saveScore', SessionUser> =>
  async ({ body, user }) => {
    const p = await ownProblem(ctx, user, body.problemId);
    await ctx.db
      .updateTable('problems')
      .set({ score: body.score, is_need_score: 0 })
      .where('id', '=', p.id)
      .execute();
    return { problemId: String(p.id), score: body.score };
  };
