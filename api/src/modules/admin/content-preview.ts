import type { FastifyRequest } from 'fastify';
import { PREVIEW_PARAM } from '@rewards/shared/content/content-preview';
import { isContentFile } from '@rewards/shared/content/content-schemas';
import type { Database } from '../../db/database';
import { readSessionToken } from '../../plugins/auth';
import type { ContentPreview } from '../../plugins/prerendered-page';
import { checkedContent, ContentRefused, findDraft } from '../content/service';
import { lookupSession } from '../session/session';
import { findStaffSession, hasConsoleCookie, twoFactorIsFresh } from './staff-session';

const DRAFT_ID = /^[1-9]\d{0,14}$/;

/** The draft id of `?preview=<id>`: exactly one, a whole number; anything else is no preview. */
export function previewedDraftId(url: string): number | null {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const values = new URLSearchParams(query).getAll(PREVIEW_PARAM);
  return values.length === 1 && DRAFT_ID.test(values[0]!) ? Number(values[0]) : null;
}

/**
 * The draft a page request asks to preview (`?preview=<draft id>`), for a signed-in, active staff member whose
 * console is open (its cookie) or whose second factor is fresh; null for anyone else, or without a draft that
 * still passes its schema, so the page is then exactly the page without the parameter.
 */
export function staffContentPreview(db: Database): (request: FastifyRequest) => Promise<ContentPreview | null> {
  return async (request) => {
    const id = previewedDraftId(request.url);
    if (id === null) return null;
    const found = await lookupSession(db, readSessionToken(request), findStaffSession);
    if (!found || found.user.status !== 'active') return null;
    if (!hasConsoleCookie(request, found) && !twoFactorIsFresh(found)) return null;
    const draft = await findDraft(db, id);
    if (!draft || !isContentFile(draft.file)) return null;
    try {
      return { key: `${draft.id}@${draft.updatedAt.getTime()}`, content: { [draft.file]: checkedContent(draft.file, draft.body, `draft ${draft.id}`) } };
    } catch (error) {
      if (error instanceof ContentRefused) return null;
      throw error;
    }
  };
}
