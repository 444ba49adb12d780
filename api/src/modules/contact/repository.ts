import { desc } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contactMessages } from '../../db/schema';

export type NewContactMessage = {
  name: string;
  email: string;
  subject: string;
  message: string;
  userId: number | null;
  ip: string | null;
};

export type StoredContactMessage = typeof contactMessages.$inferSelect;

export async function storeContactMessage(db: Database, input: NewContactMessage): Promise<number> {
  const [row] = await db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  return row!.id;
}

/** Newest first. */
export function latestContactMessages(db: Database, limit: number): Promise<StoredContactMessage[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
}
