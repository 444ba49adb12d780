import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentDraft, ContentFileRow, ContentVersionRow } from '@rewards/shared/contracts/admin-types';
import { page, refusal, success } from '../../test/admin-fixtures';
import { renderConsole } from '../../test/render-console';

afterEach(() => jest.restoreAllMocks());

const FAQ_TEXT = '{\n  "lead": "Short and honest."\n}\n';
const version = (overrides: Partial<ContentVersionRow> = {}): ContentVersionRow => ({
  version: 7,
  file: 'faq.json',
  hash: 'abc',
  operator: 'repository',
  reason: 'the content file in the repository',
  source: 'repository',
  restored_from: null,
  created_at: '2026-11-20T08:00:00.000Z',
  shown: true,
  ...overrides,
});
const files: ContentFileRow[] = [
  { file: 'landing.json', text: '{}', version: version({ version: 1, file: 'landing.json' }) },
  { file: 'faq.json', text: FAQ_TEXT, version: version() },
];
const draft = (overrides: Partial<ContentDraft> = {}): ContentDraft => ({
  id: 12,
  file: 'faq.json',
  text: FAQ_TEXT,
  author: 'grace@example.com',
  based_on: 7,
  published_version: null,
  created_at: '2026-11-27T08:00:00.000Z',
  updated_at: '2026-11-27T08:00:00.000Z',
  preview_path: '/faq?preview=12',
  ...overrides,
});
const answers = {
  'GET /admin/content': success({ items: files }),
  'GET /admin/content/versions': page([version({ version: 9, source: 'publish', operator: 'grace@example.com', reason: 'clearer', shown: true }), version({ shown: false })]),
};

async function openFaq() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'faq.json' }));
  return user;
}

describe('Content (admin)', () => {
  it('lists the files; a chosen file opens in a labelled editor with its versions', async () => {
    renderConsole('/admin/content', answers);
    expect(await screen.findByRole('button', { name: 'landing.json' })).toBeInTheDocument();
    await openFaq();
    expect(screen.getByLabelText('JSON of faq.json')).toHaveValue(FAQ_TEXT);
    const table = await screen.findByRole('table', { name: 'Versions of faq.json' });
    expect(within(table).getByRole('rowheader', { name: '9 (shown)' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Restore version 9' })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Restore version 7' })).toBeInTheDocument();
  });

  it('shows the problems of a refused draft with their line and column', async () => {
    renderConsole('/admin/content', {
      ...answers,
      'POST /admin/content/drafts': refusal(422, 'content_refused', 'Refused, the draft was not saved', {
        errors: { text: ['line 2, column 11: lead: must be a string', 'line 3, column 1: not valid JSON'] },
      }),
    });
    const user = await openFaq();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('line 2, column 11: lead: must be a string');
    expect(alert).toHaveTextContent('line 3, column 1: not valid JSON');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('saves a draft, previews it on its page in a new tab and publishes it with a reason', async () => {
    const { api } = renderConsole('/admin/content', {
      ...answers,
      'POST /admin/content/drafts': success(draft({ text: `${FAQ_TEXT} ` })),
      'POST /admin/content/drafts/12/publish': success(version({ version: 10, source: 'publish', shown: false })),
    });
    const user = await openFaq();
    const editor = screen.getByLabelText('JSON of faq.json');
    await user.type(editor, ' ');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft 12 of faq.json saved. Preview it, then publish it.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/content/drafts')).toEqual({ file: 'faq.json', text: `${FAQ_TEXT} `, based_on: 7 });
    const preview = screen.getByRole('link', { name: 'Preview' });
    expect(preview).toHaveAttribute('href', '/faq?preview=12');
    expect(preview).toHaveAttribute('target', '_blank');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish draft 12 of faq.json' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Clearer lead');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published faq.json as version 10.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/content/drafts/12/publish')).toEqual({ reason: 'Clearer lead' });
  });

  it('does not preview or publish a draft edited since it was saved', async () => {
    renderConsole('/admin/content', { ...answers, 'POST /admin/content/drafts': success(draft()) });
    const user = await openFaq();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('link', { name: 'Preview' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('JSON of faq.json'), 'x');
    expect(screen.queryByRole('link', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('restores an earlier version with a reason', async () => {
    const { api } = renderConsole('/admin/content', {
      ...answers,
      'POST /admin/content/restore': success(version({ version: 11, source: 'restore', restored_from: 7, shown: false })),
    });
    const user = await openFaq();
    await user.click(await screen.findByRole('button', { name: 'Restore version 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore version 7 of faq.json' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Back to the old answer');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Restored version 7 of faq.json as version 11.')).toBeInTheDocument();
    expect(await api.lastBody('POST /admin/content/restore')).toEqual({ version: 7, reason: 'Back to the old answer' });
  });
});
