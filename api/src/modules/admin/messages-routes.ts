import { desc, lt } from 'drizzle-orm';
import { contactMessages } from '../../db/schema';
import type { ZodPlugin } from '../../plugins/zod-schemas';
import type { StaffRole } from '../staff/roles';
import { decodeCursor, pageOf } from './pagination';
import { recordRead } from './read-audit';
import { pageQuery, query } from './schemas';

const support = { staff: { roles: ['support'] as readonly StaffRole[] } };

/** The contact form's messages, newest first (support); each page is recorded as a read, like contact:list. */
export const messageRoutes: ZodPlugin = async (app) => {
  app.get('/messages', { config: support, schema: { querystring: query(pageQuery) } }, async (request) => {
    const { limit, cursor } = request.query;
    const before = decodeCursor(cursor, ['id'] as const)?.[0];
    const rows = await app.db
      .select()
      .from(contactMessages)
      .where(before === undefined ? undefined : lt(contactMessages.id, before))
      .orderBy(desc(contactMessages.id))
      .limit(limit + 1);
    const page = pageOf(rows, limit, (row) => [row.id], (message) => ({
      id: message.id,
      created_at: message.createdAt.toISOString(),
      email: message.email,
      subject: message.subject,
      name: message.name,
      user_id: message.userId,
      message: message.message,
    }));
    await recordRead(app.db, request, { command: 'contact:list', args: ['--limit', limit], ids: page.items.map((item) => item.id) });
    return { status: 'success' as const, data: page };
  });
};
