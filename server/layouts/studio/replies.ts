/**
 * The small pieces every studio API route shares: the success envelope, the 422 that carries a
 * draft's issues, and reading a layout name or a text field from a request.
 */
import { ApiError, notFound } from '../../core/errors';
import { LAYOUT_NAME } from '../store';

export const ok = (data: unknown) => ({ code: 0, message: 'success', data });

export function refused(message: string, issues: unknown): ApiError {
  return Object.assign(new ApiError(422, '422', message), { data: { issues } });
}

export function layoutName(params: { name?: string }): string {
  const name = params.name ?? '';
  if (!LAYOUT_NAME.test(name)) throw notFound('No such layout.');
  return name;
}

/** A string field of a JSON body ('' when it is missing or not a string). */
export function text(body: unknown, key: string): string {
  const v = (body as Record<string, unknown> | null)?.[key];
  return typeof v === 'string' ? v : '';
}
