/**
 * Complaint image upload (multipart field problemImage, success "00") and serving them back.
 * The client's name is never used as a path: files are stored under a random hex name with the
 * extension of the type found by magic bytes.
 */
import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../http/context';
import { userEndpoint } from '../http/endpoint';
import { badRequest, notFound } from '../core/errors';
import { imageDimensions, dimensionProblem } from '../domain/imageSize';
import { looksLikeSvg, MIME_BY_EXT, imageTypeOf } from '../domain/images';
import { randomId } from '../domain/tokens';
import { reserveUpload } from '../domain/uploadQuota';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const NAME_RE = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;

async function readImage(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart())
    throw badRequest('Send multipart/form-data with an image in the field "problemImage".');
  let file;
  try {
    file = await req.file({
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
      preservePath: true,
    });
  } catch (err) {
    // busboy's parse errors (no boundary, truncated parts) carry no status: they are the client's.
    const status = (err as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status < 500) throw err;
    throw badRequest(
      'Malformed multipart/form-data body: send the image in the field "problemImage".',
    );
  }
  if (!file) throw badRequest('No file received: put the image in the field "problemImage".');
  if (file.fieldname !== 'problemImage')
    throw badRequest('The image must be sent in the field "problemImage".');
  const name = file.filename ?? '';
  if (/[/\\]|\.\.|\0/.test(name)) throw badRequest('The file name must not contain a path.');
  if (/\.svgz?$/i.test(name) || file.mimetype === 'image/svg+xml')
    throw badRequest('SVG images are not allowed; use JPEG, PNG, GIF or WebP.');
  let buf: Buffer;
  try {
    buf = await file.toBuffer();
  } catch {
    throw badRequest('The image is larger than 5 MB.');
  }
  if (file.file.truncated) throw badRequest('The image is larger than 5 MB.');
  if (buf.length === 0) throw badRequest('The image is empty (0 bytes).');
  return buf;
}

export function registerUploads(app: FastifyInstance, ctx: ServerContext): void {
  userEndpoint(
    app,
    ctx,
    'uploadProblemImg',
    async ({ req, user }) => {
      const buf = await readImage(req);
      if (looksLikeSvg(buf))
        throw badRequest('SVG images are not allowed; use JPEG, PNG, GIF or WebP.');
      const kind = imageTypeOf(buf);
      if (!kind) throw badRequest('Not an image: only JPEG, PNG, GIF or WebP files are accepted.');
      const tooBig = dimensionProblem(imageDimensions(buf, kind));
      if (tooBig) throw badRequest(tooBig);
      const name = `${randomId('', 16)}.${kind.ext}`;
      // The quota is checked (and the name reserved) before anything is written to disk.
      await reserveUpload(ctx.db, ctx.uploadQuota, {
        name,
        userId: user.userId,
        mime: kind.mime,
        size: buf.length,
        at: ctx.now(),
      });
      try {
        await writeFile(join(ctx.uploadsDir, name), buf, { flag: 'wx' });
      } catch (err) {
        await ctx.db.deleteFrom('uploads').where('name', '=', name).execute();
        throw err;
      }
      return { url: `/uploads/${name}` };
    },
    { rawBody: true },
  );

  // Deliberately no session check: the app shows these images with a plain <img src>, which
  // carries no session parameters. The 128-bit random name is the capability; it is only ever
  // given to the uploader and to the complaint it is attached to.
  app.get<{ Params: { name: string } }>('/uploads/:name', async (req, reply) => {
    const m = NAME_RE.exec(req.params.name);
    if (!m) throw notFound('No such upload.');
    const row = await ctx.db
      .selectFrom('uploads')
      .select('name')
      .where('name', '=', req.params.name)
      .executeTakeFirst();
    if (!row) throw notFound('No such upload.');
    let file;
    try {
      file = await open(join(ctx.uploadsDir, row.name), 'r');
    } catch {
      throw notFound('No such upload.'); // recorded, but the file is gone from disk
    }
    return reply
      .header('Content-Type', MIME_BY_EXT[m[1] ?? ''] ?? 'application/octet-stream')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'private, max-age=86400')
      .send(file.createReadStream());
  });
}
