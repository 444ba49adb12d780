import { latestContactMessages } from '../modules/contact/repository';
import { defineCommand } from './command';
import { countOf, readOptions } from './options';
import { countLine } from './output';

const DEFAULT_LIST_LIMIT = 20;
const SUBJECT_WIDTH = 60;
const MESSAGE_WIDTH = 80;

/** One line of a table cell: line breaks and tabs shown as spaces, long text cut with an ellipsis. */
function cell(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

export const contactList = defineCommand({
  name: 'contact:list',
  usage: 'contact:list [--limit <n>]',
  summary: `lists contact form messages, newest first (default ${DEFAULT_LIST_LIMIT}): date, email, subject, sender, the message's start`,
  reason: 'none',
  auditsReads: 'always',
  parse: (args) => ({ limit: readOptions(args, { '--limit': countOf('messages') }, { repeated: 'last' })['--limit'] ?? DEFAULT_LIST_LIMIT }),
  async run({ db, out }, { limit }) {
    const messages = await latestContactMessages(db, limit);
    const rows = messages.map((message) => ({
      id: message.id,
      created_at: message.createdAt.toISOString(),
      email: message.email,
      subject: message.subject,
      name: message.name,
      user_id: message.userId,
      message: message.message,
    }));
    if (rows.length === 0) {
      out.line('No contact messages.');
      return rows;
    }
    out.table(
      ['id', 'date', 'email', 'subject', 'from', 'message'],
      rows.map((row) => [row.id, row.created_at, row.email, cell(row.subject, SUBJECT_WIDTH), cell(row.name, 40), cell(row.message, MESSAGE_WIDTH)]),
    );
    out.line(countLine(rows.length, limit, ['message', 'messages']));
    return rows;
  },
});
