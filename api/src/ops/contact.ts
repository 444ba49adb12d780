import { latestContactMessages } from '../modules/contact/repository';
import { defineCommand, UsageError } from './command';

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
  parse: (args) => {
    let limit = DEFAULT_LIST_LIMIT;
    for (let i = 0; i < args.length; i += 2) {
      const [flag, value] = [args[i], args[i + 1]];
      if (flag !== '--limit') throw new UsageError(`unknown option "${flag}"`);
      if (!value || !/^\d{1,5}$/.test(value) || Number(value) < 1) throw new UsageError(`--limit takes a number of messages, got "${value ?? ''}"`);
      limit = Number(value);
    }
    return { limit };
  },
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
    const more = rows.length === limit ? ` (the newest ${limit}; --limit shows more)` : '';
    out.line(`${rows.length} ${rows.length === 1 ? 'message' : 'messages'}${more}`);
    return rows;
  },
});
