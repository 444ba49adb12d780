import { eq } from 'drizzle-orm';
import { TICKET_MESSAGES } from '@rewards/shared/contracts/ticket-types';
import { ticketMessages, tickets } from '../../db/schema';
import { bearer, signUp } from '../../test/accounts';
import { useTestApp } from '../../test/build-test-app';
import { DETAILS, dayOf, JPEG_START, multipartForm, pngImage, report, startOffer, WEBP_START } from '../../test/ticket-test-kit';
import { injectPostback, postbackFields } from '../../test/wall-test-kit';
import { MAX_OPEN_TICKETS } from './service';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const OFFER = 'dragon-forge-legends';

describe(`missing-credit tickets over HTTP on ${kind} (issue 29)`, () => {
  const { db, app } = useTestApp();

  /** A new user who started the sample offer two days ago. */
  async function userWithStartedOffer(offerId = OFFER, hoursAgo = 48) {
    const user = await signUp(app());
    await startOffer(app(), db(), user.token, user.user.id, offerId, hoursAgo);
    return user;
  }

  const catalogReport = (extra: Record<string, string> = {}) => ({ offer_id: OFFER, completed_at: dayOf(1), details: DETAILS, ...extra });
  const wallReport = (extra: Record<string, string> = {}) => ({ wall: 'notik', offer_name: 'Castle Quest', completed_at: dayOf(2), details: DETAILS, ...extra });

  const get = (token: string, url: string) => app().inject({ method: 'GET', url, headers: bearer(token) });

  describe('reporting (POST /api/tickets)', () => {
    it('opens a ticket for a started catalog offer: 201 with its id, awaiting', async () => {
      const { token, user } = await userWithStartedOffer();
      const response = await report(app(), token, catalogReport());
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body).toEqual({ status: 'success', data: { id: expect.any(Number), status: 'awaiting' } });
      const [row] = await db().select().from(tickets).where(eq(tickets.id, body.data.id));
      expect(row).toMatchObject({ userId: user.id, partnerOfferId: OFFER, wall: null, offerName: 'Dragon Forge Legends', completedOn: dayOf(1), details: DETAILS, screenshot: null });
    });

    it('opens a ticket for a partner wall offer named by the user, with a PNG screenshot stored as sent', async () => {
      const { token } = await signUp(app());
      const image = pngImage();
      const response = await report(app(), token, wallReport({ offer_name: '  Castle   Quest ' }), [{ filename: 'proof.png', type: 'image/png', bytes: image }]);
      expect(response.statusCode).toBe(201);
      const [row] = await db().select().from(tickets).where(eq(tickets.id, response.json().data.id));
      expect(row).toMatchObject({ wall: 'notik', partnerOfferId: null, offerName: 'Castle Quest', screenshotType: 'image/png' });
      expect(Buffer.compare(row!.screenshot!, image)).toBe(0);
    });

    it('takes a JPEG or a WebP by its content, whatever its name and declared type say', async () => {
      const { token, user } = await signUp(app());
      const jpeg = await report(app(), token, wallReport({ offer_name: 'Jpeg Quest' }), [{ filename: 'notes.txt', type: 'text/plain', bytes: JPEG_START }]);
      const webp = await report(app(), token, wallReport({ offer_name: 'Webp Quest' }), [{ filename: 'x', type: 'application/octet-stream', bytes: WEBP_START }]);
      expect([jpeg.statusCode, webp.statusCode]).toEqual([201, 201]);
      const types = await db().select({ type: tickets.screenshotType }).from(tickets).where(eq(tickets.userId, user.id));
      expect(types.map((row) => row.type).sort()).toEqual(['image/jpeg', 'image/webp']);
    });

    it('refuses a report sooner than 24 hours after the offer was started', async () => {
      const { token } = await userWithStartedOffer(OFFER, 23);
      const response = await report(app(), token, catalogReport());
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'ticket_too_early',
        params: { hours: 24 },
        message: 'You can report this offer 24 hours after you started it.',
        errors: { offer_id: ['You can report this offer 24 hours after you started it.'] },
        field_codes: { offer_id: [{ code: 'ticket_too_early', params: { hours: 24 } }] },
      });
    });

    it('refuses a wall offer completed today (the wait counts from the day it was completed)', async () => {
      const { token } = await signUp(app());
      const response = await report(app(), token, wallReport({ completed_at: dayOf(0) }));
      expect(response.json()).toMatchObject({ status: 'error', code: 'ticket_too_early', params: { hours: 24 }, message: 'You can report this offer 24 hours after you started it.' });
    });

    it('refuses an offer credited already: a completed catalog offer', async () => {
      const { token, user } = await userWithStartedOffer('solitaire-voyage');
      const credited = await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: 'solitaire-voyage' }));
      expect(credited.statusCode).toBe(200);
      const response = await report(app(), token, catalogReport({ offer_id: 'solitaire-voyage' }));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ message: 'This offer was credited already.', errors: { offer_id: ['This offer was credited already.'] } });
    });

    it('refuses an offer credited already: a wall offer whose credit names it (any case)', async () => {
      const { token, user } = await signUp(app());
      expect((await injectPostback(app(), postbackFields({ user_id: String(user.id), offer_id: OFFER }))).statusCode).toBe(200);
      const response = await report(app(), token, wallReport({ wall: 'demo', offer_name: 'dragon forge LEGENDS' }));
      expect(response.json()).toMatchObject({ status: 'error', code: 'ticket_offer_credited', message: 'This offer was credited already.', errors: { offer_name: ['This offer was credited already.'] } });
    });

    it('refuses a second open ticket for the same offer, also when both are sent at once', async () => {
      const { token } = await userWithStartedOffer();
      const answers = await Promise.all([report(app(), token, catalogReport()), report(app(), token, catalogReport())]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
      const refused = answers.find((answer) => answer.statusCode === 422)!;
      expect(refused.json()).toMatchObject({ message: 'You already have an open ticket for this offer.' });
      const again = await report(app(), token, catalogReport());
      expect(again.json()).toMatchObject({ message: 'You already have an open ticket for this offer.' });

      const { token: other } = await signUp(app());
      expect((await report(app(), other, wallReport())).statusCode).toBe(201);
      expect((await report(app(), other, wallReport({ offer_name: 'CASTLE quest' }))).json()).toMatchObject({ message: 'You already have an open ticket for this offer.' });
    });

    it.each([
      ['a text file named .png', { filename: 'proof.png', type: 'image/png', bytes: Buffer.from('not an image, honestly') }],
      ['a GIF', { filename: 'proof.gif', type: 'image/gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') }],
      ['an SVG that says it is a PNG', { filename: 'proof.png', type: 'image/png', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }],
      ['HTML behind a PNG signature without its header chunk', { filename: 'a.png', type: 'image/png', bytes: Buffer.concat([pngImage().subarray(0, 8), Buffer.from('<html>')]) }],
    ])('refuses a screenshot that lies about its type: %s', async (_name, file) => {
      const { token } = await signUp(app());
      const response = await report(app(), token, wallReport(), [file]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ status: 'error', code: 'ticket_screenshot_invalid', message: TICKET_MESSAGES.screenshot, errors: { screenshot: [TICKET_MESSAGES.screenshot] }, field_codes: { screenshot: [{ code: 'ticket_screenshot_invalid' }] } });
      expect((await get(token, '/api/tickets')).json().data).toEqual([]);
    });

    it('refuses a screenshot over 2 MB, and a request announcing more than that before reading it', async () => {
      const { token } = await signUp(app());
      const big = Buffer.concat([pngImage(), Buffer.alloc(2 * 1024 * 1024)]);
      const tooLarge = await report(app(), token, wallReport(), [{ filename: 'big.png', type: 'image/png', bytes: big }]);
      expect(tooLarge.statusCode).toBe(422);
      expect(tooLarge.json()).toMatchObject({ message: TICKET_MESSAGES.screenshot });

      const announced = await app().inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(50 * 1024 * 1024) },
        payload: '--x--\r\n',
      });
      expect(announced.statusCode).toBe(422);
      expect(announced.json()).toMatchObject({ message: TICKET_MESSAGES.screenshot });
      expect((await get(token, '/api/tickets')).json().data).toEqual([]);
    });

    it('takes a screenshot of exactly 2 MB, and refuses two screenshots', async () => {
      const { token } = await signUp(app());
      const image = pngImage();
      const exact = Buffer.concat([image, Buffer.alloc(2 * 1024 * 1024 - image.length)]);
      expect((await report(app(), token, wallReport(), [{ filename: 'a.png', type: 'image/png', bytes: exact }])).statusCode).toBe(201);
      const two = await report(app(), token, wallReport({ offer_name: 'Other' }), [
        { filename: 'a.png', type: 'image/png', bytes: image },
        { filename: 'b.png', type: 'image/png', bytes: image },
      ]);
      expect(two.json()).toMatchObject({ status: 'error', code: 'ticket_screenshot_invalid', message: TICKET_MESSAGES.screenshot });
    });

    it('reads an empty file part (a file input left empty) as no screenshot', async () => {
      const { token } = await signUp(app());
      const response = await report(app(), token, wallReport(), [{ filename: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) }]);
      expect(response.statusCode).toBe(201);
    });

    it.each([
      ['no offer at all', { completed_at: dayOf(1), details: DETAILS }, 'offer_id', TICKET_MESSAGES.chooseOffer],
      ['both an offer id and a wall', { offer_id: OFFER, wall: 'notik', offer_name: 'x', completed_at: dayOf(1), details: DETAILS }, 'offer_id', TICKET_MESSAGES.chooseOffer],
      ['an unknown wall', { wall: 'nosuchwall', offer_name: 'Castle Quest', completed_at: dayOf(1), details: DETAILS }, 'wall', TICKET_MESSAGES.unknownWall],
      ['a wall without an offer name', { wall: 'notik', completed_at: dayOf(1), details: DETAILS }, 'offer_name', TICKET_MESSAGES.offerName],
      ['an offer name of 201 characters', { wall: 'notik', offer_name: 'n'.repeat(201), completed_at: dayOf(1), details: DETAILS }, 'offer_name', TICKET_MESSAGES.offerName],
      ['an offer name with a line break', { wall: 'notik', offer_name: 'a\nb', completed_at: dayOf(1), details: DETAILS }, 'offer_name', TICKET_MESSAGES.offerName],
      ['details of 9 characters', { wall: 'notik', offer_name: 'Quest', completed_at: dayOf(1), details: 'too short' }, 'details', TICKET_MESSAGES.details],
      ['details of 2,001 characters', { wall: 'notik', offer_name: 'Quest', completed_at: dayOf(1), details: 'd'.repeat(2001) }, 'details', TICKET_MESSAGES.details],
      ['details holding a NUL', { wall: 'notik', offer_name: 'Quest', completed_at: dayOf(1), details: `${DETAILS}\u0000` }, 'details', TICKET_MESSAGES.details],
      ['no completion date', { wall: 'notik', offer_name: 'Quest', details: DETAILS }, 'completed_at', TICKET_MESSAGES.completedAt],
      ['a date in two days', { wall: 'notik', offer_name: 'Quest', completed_at: dayOf(-2), details: DETAILS }, 'completed_at', TICKET_MESSAGES.completedAt],
      ['a date that does not exist', { wall: 'notik', offer_name: 'Quest', completed_at: '2025-02-30', details: DETAILS }, 'completed_at', TICKET_MESSAGES.completedAt],
      ['a date as a timestamp', { wall: 'notik', offer_name: 'Quest', completed_at: '1700000000', details: DETAILS }, 'completed_at', TICKET_MESSAGES.completedAt],
      ['an offer id that is not one', { offer_id: '../../etc/passwd', completed_at: dayOf(1), details: DETAILS }, 'offer_id', TICKET_MESSAGES.unknownOffer],
      ['an offer not in the catalog', { offer_id: 'no-such-offer', completed_at: dayOf(1), details: DETAILS }, 'offer_id', TICKET_MESSAGES.unknownOffer],
      ['an offer never started', { offer_id: 'kingdom-clash-tactics', completed_at: dayOf(1), details: DETAILS }, 'offer_id', TICKET_MESSAGES.notStarted],
    ])('refuses %s with 422 under its field, and stores nothing', async (_name, fields, field, message) => {
      const { token } = await signUp(app());
      const response = await report(app(), token, fields as Record<string, string>);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: 'error', message, errors: { [field]: [message] } });
      expect((await get(token, '/api/tickets')).json().data).toEqual([]);
    });

    it('names every problem of a form at once', async () => {
      const { token } = await signUp(app());
      const response = await report(app(), token, { wall: 'nosuchwall', offer_name: '', details: 'short' });
      expect(response.json().errors).toEqual({
        wall: [TICKET_MESSAGES.unknownWall],
        offer_name: [TICKET_MESSAGES.offerName],
        completed_at: [TICKET_MESSAGES.completedAt],
        details: [TICKET_MESSAGES.details],
      });
    });

    it('refuses a field sent twice, a field over 16 KB, JSON instead of a form, and a malformed form, changing nothing', async () => {
      const { token } = await signUp(app());
      const twice = await report(app(), token, [['wall', 'notik'], ['wall', 'demo'], ['offer_name', 'Quest'], ['completed_at', dayOf(1)], ['details', DETAILS]]);
      expect(twice.statusCode).toBe(422);
      expect(twice.json().errors.wall).toEqual(['The field wall must be sent once, as text of at most 16384 bytes.']);
      const huge = await report(app(), token, wallReport({ details: 'x'.repeat(20_000) }));
      expect(huge.statusCode).toBe(422);
      const json = await app().inject({ method: 'POST', url: '/api/tickets', headers: bearer(token), payload: wallReport() });
      expect(json.json()).toEqual({ status: 'error', code: 'multipart_required', message: TICKET_MESSAGES.multipart });
      const cut = multipartForm(wallReport());
      const malformed = await app().inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { ...bearer(token), 'content-type': cut.contentType },
        payload: cut.payload.subarray(0, cut.payload.length - 20),
      });
      expect(malformed.statusCode).toBe(400);
      const noBoundary = await app().inject({ method: 'POST', url: '/api/tickets', headers: { ...bearer(token), 'content-type': 'multipart/form-data' }, payload: 'x' });
      expect(noBoundary.statusCode).toBe(400);
      const proto = await report(app(), token, [['__proto__', 'x'], ...Object.entries(wallReport())]);
      expect(proto.statusCode).toBe(400);
      expect((await get(token, '/api/tickets')).json().data).toEqual([]);
    });

    it(`refuses more than ${MAX_OPEN_TICKETS} open tickets at once`, async () => {
      const { token } = await signUp(app());
      for (let i = 0; i < MAX_OPEN_TICKETS; i++) expect((await report(app(), token, wallReport({ offer_name: `Quest ${i}` }))).statusCode).toBe(201);
      const more = await report(app(), token, wallReport({ offer_name: 'One more' }));
      expect(more.json()).toMatchObject({ status: 'error', code: 'too_many_open_tickets', params: { max: MAX_OPEN_TICKETS }, message: TICKET_MESSAGES.tooManyOpen(MAX_OPEN_TICKETS) });
    });

    it('answers 401 without a session, before reading the form', async () => {
      const { payload, contentType } = multipartForm(wallReport());
      const response = await app().inject({ method: 'POST', url: '/api/tickets', headers: { 'content-type': contentType }, payload });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('reading and replying', () => {
    it("lists the user's tickets newest first, and nobody else's", async () => {
      const { token } = await signUp(app());
      const first = (await report(app(), token, wallReport({ offer_name: 'First' }))).json().data.id;
      const second = (await report(app(), token, wallReport({ offer_name: 'Second' }))).json().data.id;
      const { token: other } = await signUp(app());
      await report(app(), other, wallReport({ offer_name: 'Not yours' }));
      const list = (await get(token, '/api/tickets')).json();
      expect(list.status).toBe('success');
      expect(list.data.map((ticket: { id: number }) => ticket.id)).toEqual([second, first]);
      expect(list.data[0]).toEqual({
        id: second,
        status: 'awaiting',
        offer_name: 'Second',
        offer_id: null,
        wall: 'notik',
        completed_at: dayOf(2),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        credited: null,
        resolution: null,
        partner_credited_later: false,
      });
    });

    it('shows one ticket with its details and thread; a reply is the user\'s, and 201', async () => {
      const { token } = await signUp(app());
      const id = (await report(app(), token, wallReport(), [{ filename: 'p.png', type: 'image/png', bytes: pngImage() }])).json().data.id;
      const reply = await app().inject({ method: 'POST', url: `/api/tickets/${id}/messages`, headers: bearer(token), payload: { text: '  Here is more: I played on Android.  ' } });
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toEqual({ status: 'success', data: { id: expect.any(Number), author: 'user', text: 'Here is more: I played on Android.', created_at: expect.any(String) } });
      const detail = (await get(token, `/api/tickets/${id}`)).json();
      expect(detail.data).toMatchObject({ id, status: 'awaiting', details: DETAILS, has_screenshot: true, messages: [{ author: 'user', text: 'Here is more: I played on Android.' }] });
    });

    it.each([
      ['no text', {}],
      ['an empty text', { text: '   ' }],
      ['a number', { text: 5 }],
      ['2,001 characters', { text: 'x'.repeat(2001) }],
      ['a NUL', { text: 'a\u0000b' }],
    ])('refuses a reply with %s (422)', async (_name, payload) => {
      const { token } = await signUp(app());
      const id = (await report(app(), token, wallReport())).json().data.id;
      const response = await app().inject({ method: 'POST', url: `/api/tickets/${id}/messages`, headers: bearer(token), payload });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: 'error', message: TICKET_MESSAGES.message });
    });

    it("answers 404 for another user's ticket, a ticket that does not exist and ids that are not numbers, everywhere", async () => {
      const { token: owner } = await signUp(app());
      const id = (await report(app(), owner, wallReport(), [{ filename: 'p.png', type: 'image/png', bytes: pngImage() }])).json().data.id;
      const { token: stranger } = await signUp(app());
      for (const ticket of [String(id), '999999999', '0', '-1', 'abc', '1e3', '0x10', '99999999999999999999', '%20']) {
        for (const url of [`/api/tickets/${ticket}`, `/api/tickets/${ticket}/screenshot`]) {
          const response = await get(stranger, url);
          expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 404, body: { status: 'error', code: 'ticket_not_found', message: expect.any(String) } });
        }
        const reply = await app().inject({ method: 'POST', url: `/api/tickets/${ticket}/messages`, headers: bearer(stranger), payload: { text: 'hello' } });
        expect(reply.statusCode).toBe(404);
      }
      expect((await get(owner, `/api/tickets/${id}`)).json().data.messages).toEqual([]);
    });
  });

  it("deleting the account removes what the user wrote and their screenshots from their tickets, and keeps the tickets' facts", async () => {
    const { token, user } = await signUp(app());
    const id = (await report(app(), token, wallReport(), [{ filename: 'p.png', type: 'image/png', bytes: pngImage() }])).json().data.id;
    await app().inject({ method: 'POST', url: `/api/tickets/${id}/messages`, headers: bearer(token), payload: { text: 'My phone number is 555-0100' } });
    expect((await app().inject({ method: 'POST', url: '/api/user/DeleteAccount', headers: bearer(token) })).statusCode).toBe(200);
    const [row] = await db().select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ userId: user.id, offerName: 'Castle Quest', details: '(removed with the account)', screenshot: null, screenshotType: null });
    const texts = await db().select({ text: ticketMessages.text }).from(ticketMessages).where(eq(ticketMessages.ticketId, id));
    expect(texts).toEqual([{ text: '(removed with the account)' }]);
  });

  describe('the screenshot', () => {
    it('is served to its owner only, with its real type and nosniff', async () => {
      const { token } = await signUp(app());
      const image = pngImage(3, 3);
      // Declared a GIF, named .html: served as what it is.
      const id = (await report(app(), token, wallReport(), [{ filename: 'page.html', type: 'text/html', bytes: image }])).json().data.id;
      const response = await get(token, `/api/tickets/${id}/screenshot`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('private, max-age=3600');
      expect(Buffer.compare(response.rawPayload, image)).toBe(0);

      const { token: stranger } = await signUp(app());
      expect((await get(stranger, `/api/tickets/${id}/screenshot`)).statusCode).toBe(404);
      expect((await app().inject({ method: 'GET', url: `/api/tickets/${id}/screenshot` })).statusCode).toBe(401);
    });

    it('is not found for a ticket without one', async () => {
      const { token } = await signUp(app());
      const id = (await report(app(), token, wallReport())).json().data.id;
      expect((await get(token, `/api/tickets/${id}/screenshot`)).statusCode).toBe(404);
    });
  });
});
