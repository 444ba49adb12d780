import { latestContactMessages } from '../modules/contact/repository';
import { defineCommand, UsageError } from './command';

const DEFAULT_LIST_LIMIT = 20;
const SUBJECT_WIDTH = 60;

/** One line of a table cell: line breaks and tabs shown as spaces, long text cut with an ellipsis. */
function cell(text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

export const contactList = defineCommand({
  name: 'contact:list',
  usage: 'contact:list [--limit <n>]',
  summary: `lists contact form messages, newest first (default ${DEFAULT_LIST_LIMIT}): date, email, subject, then the message`,
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
    if (messages.length === 0) {
      out.line('No contact messages.');
      return;
    }
    for (const message of messages) {
      out.line(`#${message.id}  ${message.createdAt.toISOString()}  ${message.email}  ${cell(message.subject, SUBJECT_WIDTH)}`);
      out.line(`    from ${cell(message.name, 100)}${message.userId ? ` (user ${message.userId})` : ''}`);
      for (const line of message.message.split(/\r?\n/).slice(0, 5)) out.line(`    ${cell(line, 200)}`);
      out.line('');
    }
    const more = messages.length === limit ? ` (the newest ${limit}; --limit shows more)` : '';
    out.line(`${messages.length} ${messages.length === 1 ? 'message' : 'messages'}${more}`);
  },
});
