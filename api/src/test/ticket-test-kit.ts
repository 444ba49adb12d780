import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/executor';
import { bearer } from './accounts';

/** Helpers the ticket tests share: images, multipart forms, a started offer, POST /api/tickets. */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real PNG, `width` × `height`, one colour: browsers show it. */
export function pngImage(width = 2, height = 2, rgb: [number, number, number] = [34, 197, 94]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The first bytes of a JPEG (start of image, a JFIF segment): what the content check reads. */
export const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

/** The first bytes of a lossless WebP. */
export const WEBP_START = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8L', 'latin1'), Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0])]);

export type FormFile = { name?: string; filename: string; type: string; bytes: Buffer };

/** A multipart/form-data body by hand: the fields in order (a field may repeat), then the files. */
export function multipartForm(fields: ReadonlyArray<readonly [string, string]> | Record<string, string>, files: readonly FormFile[] = []) {
  const boundary = `----ticket-test-${randomUUID()}`;
  const parts: Buffer[] = [];
  const entries = Array.isArray(fields) ? fields : Object.entries(fields);
  for (const [name, value] of entries) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'screenshot'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`, 'utf8'),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const DETAILS = 'I finished level 10 yesterday and the reward never arrived.';

/** Today's date (UTC) as the form sends it, `daysAgo` days back. */
export function dayOf(daysAgo = 0): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** POST /api/tickets with these fields (and files), as the signed-in user. */
export function report(app: FastifyInstance, token: string, fields: ReadonlyArray<readonly [string, string]> | Record<string, string>, files: readonly FormFile[] = []) {
  const { payload, contentType } = multipartForm(fields, files);
  return app.inject({ method: 'POST', url: '/api/tickets', headers: { ...bearer(token), 'content-type': contentType }, payload });
}

/** Offers/start for the user, then moves its start back `hoursAgo` hours (the report waits TICKET_WAIT_HOURS). */
export async function startOffer(app: FastifyInstance, db: Executor, token: string, userId: number, offerId: string, hoursAgo = 48): Promise<void> {
  const started = await app.inject({ method: 'POST', url: '/api/Offers/start', headers: bearer(token), payload: { offer_id: offerId } });
  if (started.statusCode !== 200) throw new Error(`Offers/start failed: ${started.statusCode} ${started.body}`);
  await db.execute(
    sql`update user_offers set started_at = now() - make_interval(hours => ${hoursAgo}::int) where user_id = ${userId} and offer_id = (select id from offers where partner_offer_id = ${offerId})`,
  );
}
