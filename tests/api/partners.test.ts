import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, partnerInquiries, partnerSubmissions, uploads } from '../../src/server/db/schema';
import { maxConfirmationsPerSubmission } from '../../src/server/features/partners/service';
import type { Mailer } from '../../src/server/platform/mail/mailer';
import { createDiskStorage } from '../../src/server/platform/storage';
import type { SavedSubmission, UploadedLogo } from '../../src/shared/contracts/partners';
import { apiPaths } from '../../src/shared/contracts/paths';
import { partnerFormMessages } from '../../src/shared/domain/partners';
import { type FilePart, multipart, pngOfSize, tinyGif, tinyJpeg, tinyPng, tinyWebp } from '../support/files';
import { Client, latestMailTo, ORIGIN } from '../support/http';
import { createTestApp, type TestContext } from '../support/test-app';

let ctx: TestContext;
/** A folder of this file's own holding only the upload folder: a file written beside it would show. */
let uploadParent: string;
let uploadDir: string;
const inbox = 'partners-desk@fangrid.test';
let nextIp = 1;
/** A client on an IP of its own, so the per-IP limits of one test never touch another. */
const fresh = () => new Client(ctx.app, `10.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`);

beforeAll(async () => {
  uploadParent = mkdtempSync(path.join(tmpdir(), 'fangrid-partner-uploads-'));
  uploadDir = path.join(uploadParent, 'uploads');
  mkdirSync(uploadDir);
  ctx = await createTestApp({
    storage: createDiskStorage(uploadDir),
    settings: { partnersInbox: inbox, publicUrl: ORIGIN },
  });
});
afterAll(async () => {
  await ctx.close();
  rmSync(uploadParent, { recursive: true, force: true });
});

const inquiry = {
  name: 'Riley Coach',
  email: 'riley@clubs.example',
  phone: '+1 202 555 0123',
  organization: 'Northside Youth Hoops',
  message: 'We would love to run a 1v49 board for our fall fundraiser.',
};

const partnerForm = {
  organizationName: 'Northside Youth Hoops',
  contactPerson: 'Riley Coach',
  email: 'riley@clubs.example',
  phone: '+1 202 555 0123',
  address: '12 Court Street\nSpringfield',
  website: 'https://northside.example',
  memo: 'Fall season fundraiser',
  currentSponsorships: 'Local bakery',
  brandColors: 'Navy, gold',
  brandDescription: 'Friendly neighborhood club',
  logoUrl: '',
};

const countRows = async (table: typeof partnerInquiries | typeof partnerSubmissions | typeof uploads) =>
  (await ctx.database.db.select().from(table)).length;

describe('POST /api/partners/inquiries', () => {
  const url = apiPaths.partners.inquiries;

  it('stores the inquiry, emails the partners inbox and answers with no personal data', async () => {
    const res = await fresh().post(url, inquiry);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'id']);
    expect(body.createdAt).toBe('2025-06-11T16:00:00.000Z');
    const [row] = await ctx.database.db.select().from(partnerInquiries).where(eq(partnerInquiries.id, body.id));
    // The phone is kept in its one stored form (E.164).
    expect(row).toMatchObject({ ...inquiry, phone: '+12025550123', notifiedAt: new Date('2025-06-11T16:00:00Z') });
    const mail = await latestMailTo(ctx.database.db, inbox);
    expect(mail?.subject).toBe('New partnership inquiry from Riley Coach');
    expect(mail?.text).toContain('Northside Youth Hoops');
    expect(mail?.text).toContain('We would love to run a 1v49 board');
    expect(mail?.text).toContain('riley@clubs.example');
  });

  it('takes phone and organization as optional', async () => {
    const res = await fresh().post(url, { name: 'Sam', email: 'sam@example.com', message: 'Hello' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db.select().from(partnerInquiries).where(eq(partnerInquiries.id, res.json().id));
    expect(row).toMatchObject({ phone: '', organization: '' });
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['message', 'Message is required'],
  ] as const)('refuses a missing %s with the spec message and stores nothing', async (field, fieldMessage) => {
    const before = await countRows(partnerInquiries);
    for (const value of ['', '   ', undefined]) {
      const res = await fresh().post(url, { ...inquiry, [field]: value });
      expect(res.statusCode, `${field}=${JSON.stringify(value)}`).toBe(400);
      if (value !== undefined) {
        expect(res.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: 'Please fill in all required fields',
          fields: { [field]: fieldMessage },
        });
      }
    }
    expect(await countRows(partnerInquiries)).toBe(before);
  });

  it('refuses a malformed email, too-long text and wrong types', async () => {
    const bad = await fresh().post(url, { ...inquiry, email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ email: 'Please enter a valid email address' });
    const long = await fresh().post(url, { ...inquiry, message: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ message: 'Message can be at most 5,000 characters' });
    const wrongType = await fresh().post(url, { ...inquiry, name: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toHaveProperty('name');
  });

  it('refuses line breaks in one-line fields (no header injection into the staff email), storing nothing', async () => {
    const before = await countRows(partnerInquiries);
    const mailBefore = await latestMailTo(ctx.database.db, inbox);
    for (const name of ['Eve\r\nBcc: victim@example.com', 'Eve\nBcc: victim@example.com', 'Eve\u2028Bcc: x']) {
      const res = await fresh().post(url, { ...inquiry, name });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ name: 'Name contains characters that are not allowed' });
    }
    expect(await countRows(partnerInquiries)).toBe(before);
    expect((await latestMailTo(ctx.database.db, inbox))?.id).toBe(mailBefore?.id);
    // The message is several lines: its line breaks are kept.
    expect((await fresh().post(url, { ...inquiry, message: 'Line one\r\nLine two\n\tindented' })).statusCode).toBe(201);
  });

  it('refuses a request from another site (CSRF)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url,
      payload: inquiry,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('limits each IP to 20 inquiries an hour', async () => {
    const client = fresh();
    for (let i = 0; i < 20; i++) expect((await client.post(url, inquiry)).statusCode).toBe(201);
    const limited = await client.post(url, inquiry);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fresh().post(url, inquiry)).statusCode).toBe(201);
    ctx.clock.advance(60 * 60_000);
    expect((await client.post(url, inquiry)).statusCode).toBe(201);
  });
});

describe('partner forms: POST /api/partners/:partnerId/submissions', () => {
  it('saves a submission per partner (trimmed) and returns only its id and a receipt', async () => {
    const res = await fresh().post(apiPaths.partners.submissions('future-stars'), {
      ...partnerForm,
      organizationName: '  Northside Youth Hoops  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<SavedSubmission>();
    expect(saved.submission.partnerId).toBe('future-stars');
    expect(saved.receipt).toMatch(/^[\w-]{43}$/);
    expect(JSON.stringify(saved)).not.toContain('riley@clubs.example');
    const [row] = await ctx.database.db
      .select()
      .from(partnerSubmissions)
      .where(eq(partnerSubmissions.id, saved.submission.id));
    expect(row).toMatchObject({
      ...partnerForm,
      phone: '+12025550123',
      partnerId: 'future-stars',
      confirmationsSent: 0,
    });
    expect(row?.receiptHash).not.toBe(saved.receipt);
  });

  it('never reads a saved form back (no endpoint lists or returns submissions)', async () => {
    for (const url of ['/api/partners/future-stars/submissions', '/api/partners/submissions']) {
      const res = await fresh().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('riley@clubs.example');
    }
  });

  it('answers 404 Partner Not Found for any other partner id', async () => {
    for (const id of ['unknown', 'SPORTS-EXCELLENCE', '..%2Fsports-excellence']) {
      const res = await fresh().post(`/api/partners/${id}/submissions`, partnerForm);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.code).toBe('PARTNER_NOT_FOUND');
    }
  });

  it.each([
    ['organizationName', 'Organization name is required'],
    ['contactPerson', 'Contact person is required'],
    ['email', 'Valid email is required'],
    ['phone', 'Phone number is required'],
    ['address', 'Address is required'],
  ] as const)('requires %s with the spec message', async (field, message) => {
    const before = await countRows(partnerSubmissions);
    const res = await fresh().post(apiPaths.partners.submissions('sports-excellence'), {
      ...partnerForm,
      [field]: ' ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: message } });
    expect(Object.keys(res.json().error.fields)).toEqual([field]);
    expect(await countRows(partnerSubmissions)).toBe(before);
  });

  it('needs a valid email and phone, takes the six optional fields as empty, checks the logo URL format', async () => {
    const url = apiPaths.partners.submissions('community-champions');
    const bad = await fresh().post(url, { ...partnerForm, email: 'riley@' });
    expect(bad.json().error.fields).toEqual({ email: 'Valid email is required' });
    const minimal = await fresh().post(url, {
      organizationName: 'A',
      contactPerson: 'B',
      email: 'b@example.com',
      phone: 'call the office',
      address: 'C',
    });
    expect(minimal.statusCode).toBe(400);
    expect(minimal.json().error.fields).toEqual({ phone: 'Enter a valid US phone number' });
    const minimalOk = await fresh().post(url, {
      organizationName: 'A',
      contactPerson: 'B',
      email: 'b@example.com',
      phone: '(202) 555-0123',
      address: 'C',
    });
    expect(minimalOk.statusCode, minimalOk.body).toBe(201);
    for (const logoUrl of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '/uploads/x.png',
      'ftp://x.example/a.png',
    ]) {
      const res = await fresh().post(url, { ...partnerForm, logoUrl });
      expect(res.statusCode, logoUrl).toBe(400);
      expect(res.json().error.fields).toEqual({ logoUrl: partnerFormMessages.logoUrl });
    }
    const ok = await fresh().post(url, {
      ...partnerForm,
      logoUrl: 'https://cdn.example/logo.png',
      website: 'not checked',
    });
    expect(ok.statusCode).toBe(201);
    const long = await fresh().post(url, { ...partnerForm, memo: 'm'.repeat(5001) });
    expect(long.json().error.fields).toEqual({ memo: 'Memo & notes can be at most 5,000 characters' });
    const wrongType = await fresh().post(url, { ...partnerForm, phone: 2025550123 });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('partner confirmation email: POST /api/partners/submissions/:id/confirmation', () => {
  async function save(partnerId = 'sports-excellence', form = partnerForm) {
    const res = await fresh().post(apiPaths.partners.submissions(partnerId), form);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SavedSubmission>();
  }

  it('emails every saved field to the contact, with the partner named, for the receipt holder', async () => {
    const email = 'confirm-me@clubs.example';
    const saved = await save('sports-excellence', { ...partnerForm, email, logoUrl: 'https://cdn.example/l.png' });
    const res = await fresh().post(apiPaths.partners.confirmation(saved.submission.id), { receipt: saved.receipt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sentTo: email });
    const mail = await latestMailTo(ctx.database.db, email);
    expect(mail?.subject).toBe('Sports Excellence Foundation: we received your partner details');
    for (const value of [
      'Riley Coach',
      'Northside Youth Hoops',
      '12 Court Street',
      'Navy, gold',
      'https://cdn.example/l.png',
    ]) {
      expect(mail?.text).toContain(value);
    }
    expect(mail?.html).toContain('#2563eb');
  });

  it('escapes what the partner typed in the HTML email', async () => {
    const email = 'html@clubs.example';
    const saved = await save('future-stars', { ...partnerForm, email, memo: '<img src=x onerror=alert(1)>' });
    await fresh().post(apiPaths.partners.confirmation(saved.submission.id), { receipt: saved.receipt });
    const mail = await latestMailTo(ctx.database.db, email);
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail?.html).not.toContain('<img');
  });

  it('reads a wrong receipt, another submission’s receipt or a bad id as not found, and sends nothing', async () => {
    const a = await save();
    const b = await save();
    const before = (await ctx.database.db.select().from(devOutbox)).length;
    const attempts = [
      [a.submission.id, b.receipt],
      [a.submission.id, 'x'.repeat(43)],
      ['not-a-uuid', a.receipt],
      ['00000000-0000-4000-8000-000000000000', a.receipt],
    ] as const;
    for (const [id, receipt] of attempts) {
      const res = await fresh().post(apiPaths.partners.confirmation(id), { receipt });
      expect(res.statusCode, `${id} ${receipt}`).toBe(404);
    }
    expect((await fresh().post(apiPaths.partners.confirmation(a.submission.id), {})).statusCode).toBe(400);
    expect((await ctx.database.db.select().from(devOutbox)).length).toBe(before);
  });

  it(`sends at most ${maxConfirmationsPerSubmission} times per saved form, even when asked concurrently`, async () => {
    const email = 'concurrent@clubs.example';
    const saved = await save('community-champions', { ...partnerForm, email });
    const url = apiPaths.partners.confirmation(saved.submission.id);
    const results = await Promise.all(Array.from({ length: 6 }, () => fresh().post(url, { receipt: saved.receipt })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = results.find((r) => r.statusCode === 429);
    expect(refused?.json().error.code).toBe('ALREADY_CONFIRMED');
    const sent = await ctx.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
    expect(sent).toHaveLength(3);
  });
});

describe('confirmation email when the mail platform fails', () => {
  let broken: TestContext;
  let failing = true;
  const sent: string[] = [];
  const flakyMailer: Mailer = {
    kind: 'smtp',
    async send(message) {
      if (failing) throw new Error('SMTP down');
      sent.push(message.to);
    },
  };
  beforeAll(async () => {
    broken = await createTestApp({ mailer: flakyMailer, settings: { partnersInbox: inbox } });
  });
  afterAll(() => broken.close());

  it('answers 502 with the spec message, keeps the form, and lets the sender try again', async () => {
    const client = new Client(broken.app, '10.78.0.1');
    const saved = (
      await client.post(apiPaths.partners.submissions('future-stars'), partnerForm)
    ).json<SavedSubmission>();
    const url = apiPaths.partners.confirmation(saved.submission.id);
    for (let i = 0; i < 4; i++) {
      const res = await client.post(url, { receipt: saved.receipt });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'MAIL_FAILED',
        message: 'Error sending confirmation email. Please try again.',
      });
    }
    const [row] = await broken.database.db
      .select()
      .from(partnerSubmissions)
      .where(eq(partnerSubmissions.id, saved.submission.id));
    expect(row?.confirmationsSent).toBe(0);
    failing = false;
    const retried = await client.post(url, { receipt: saved.receipt });
    expect(retried.statusCode).toBe(200);
    expect(sent).toEqual([partnerForm.email]);
  });

  it('still stores an inquiry when the staff email fails (marked not notified)', async () => {
    failing = true;
    const res = await new Client(broken.app, '10.78.0.2').post(apiPaths.partners.inquiries, inquiry);
    expect(res.statusCode).toBe(201);
    const [row] = await broken.database.db
      .select()
      .from(partnerInquiries)
      .where(eq(partnerInquiries.id, res.json().id));
    expect(row?.notifiedAt).toBeNull();
  });
});

describe('logo upload: POST /api/partners/logos', () => {
  const url = apiPaths.partners.logos;
  const upload = (client: Client, parts: FilePart[]) => {
    const { payload, headers } = multipart(parts);
    return client.post(url, payload, headers);
  };
  const logo = (content: Buffer | string, filename: string, contentType: string): FilePart => ({
    name: 'logo',
    filename,
    contentType,
    content,
  });
  const storedFiles = () => readdirSync(uploadDir).sort();

  it('stores a PNG under a random name and serves it with its type, nosniff and a sandboxing CSP', async () => {
    const png = tinyPng();
    const res = await upload(fresh(), [logo(png, 'team logo.png', 'image/png')]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<UploadedLogo>();
    expect(body.path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(body).toEqual({
      url: `${ORIGIN}${body.path}`,
      path: body.path,
      contentType: 'image/png',
      bytes: png.length,
    });
    expect(storedFiles()).toContain(body.path.slice('/uploads/'.length));

    const served = await ctx.app.inject({ method: 'GET', url: body.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it.each([
    ['jpg', tinyJpeg(), 'image/jpeg'],
    ['gif', tinyGif(), 'image/gif'],
    ['webp', tinyWebp(), 'image/webp'],
  ] as const)('takes a %s by its bytes', async (ext, bytes, type) => {
    const res = await upload(fresh(), [logo(bytes, `logo.${ext}`, type)]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<UploadedLogo>()).toMatchObject({
      contentType: type,
      path: expect.stringMatching(new RegExp(`\\.${ext}$`)),
    });
  });

  it('takes exactly 5 MB and refuses 5 MB + 1 byte (413), storing nothing', async () => {
    const atLimit = await upload(fresh(), [logo(pngOfSize(5_242_880), 'big.png', 'image/png')]);
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json().bytes).toBe(5_242_880);
    const files = storedFiles();
    const rows = await countRows(uploads);
    const over = await upload(fresh(), [logo(pngOfSize(5_242_881), 'big.png', 'image/png')]);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({ code: 'FILE_TOO_LARGE', message: 'The logo must be 5 MB or smaller.' });
    expect(storedFiles()).toEqual(files);
    expect(await countRows(uploads)).toBe(rows);
  });

  it('refuses a body declared far over the limit before reading it', async () => {
    const res = await fresh().post(url, 'x', {
      'content-type': 'multipart/form-data; boundary=abc',
      'content-length': String(6 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
  });

  it('stores a PNG renamed .svg (declared image/svg+xml) as the PNG it is', async () => {
    const res = await upload(fresh(), [logo(tinyPng(), 'logo.svg', 'image/svg+xml')]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<UploadedLogo>();
    expect(body.contentType).toBe('image/png');
    expect(body.path).toMatch(/\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: body.path });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses an HTML file renamed .png (declared image/png) with 422 and stores nothing', async () => {
    const files = storedFiles();
    for (const html of [
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
      '<html xmlns="http://www.w3.org/1999/xhtml"><body onload="alert(1)"/></html>',
      '<script>alert(1)</script>',
      'GIF8 but not really',
    ]) {
      const res = await upload(fresh(), [logo(html, 'logo.png', 'image/png')]);
      expect(res.statusCode, html).toBe(422);
      expect(res.json().error).toEqual({
        code: 'UNSUPPORTED_FILE',
        message: 'The logo must be a JPEG, PNG, GIF, WEBP or SVG image.',
      });
    }
    expect(storedFiles()).toEqual(files);
  });

  it('stores an SVG with a script, an onload handler, foreignObject and external links clean', async () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="alert('onload')">
  <script type="text/javascript">alert('script')</script>
  <defs><linearGradient id="brand"><stop offset="0" stop-color="#f97316"/></linearGradient></defs>
  <circle cx="50" cy="50" r="40" fill="url(#brand)" onclick="steal()" style="stroke:url(https://evil.example/x)"/>
  <foreignObject width="100" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <a xlink:href="javascript:alert(1)"><text x="10" y="90">FanGrid</text></a>
  <use href="https://evil.example/sprite.svg#icon"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
</svg>`;
    const res = await upload(fresh(), [logo(svg, 'logo.svg', 'image/svg+xml')]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<UploadedLogo>();
    expect(body.contentType).toBe('image/svg+xml');
    const served = await ctx.app.inject({ method: 'GET', url: body.path, headers: { 'accept-encoding': 'identity' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    const stored = served.body;
    for (const banned of [
      '<script',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'javascript:',
      'evil.example',
      '<image',
    ]) {
      expect(stored, banned).not.toContain(banned);
    }
    expect(stored).toContain('<circle cx="50" cy="50" r="40" fill="url(#brand)"/>');
    expect(stored).toContain('<text x="10" y="90">FanGrid</text>');
    expect(body.bytes).toBe(Buffer.byteLength(stored));
  });

  it('refuses malformed SVG and SVG with entity declarations (no billion laughs)', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&lol2;</text></svg>`;
    for (const svg of ['<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', laughs]) {
      const res = await upload(fresh(), [logo(svg, 'logo.svg', 'image/svg+xml')]);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe('That SVG could not be read as an image.');
    }
  });

  it('ignores a path-traversal file name: the file lands in the upload folder under a random name', async () => {
    const before = readdirSync(uploadParent).sort();
    for (const filename of ['../../../../etc/passwd.png', '..\\..\\evil.png', '/tmp/evil.png', 'logo.png%00.svg']) {
      const res = await upload(fresh(), [logo(tinyPng(), filename, 'image/png')]);
      expect(res.statusCode, filename).toBe(201);
      const name = res.json<UploadedLogo>().path.slice('/uploads/'.length);
      expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
      expect(existsSync(path.join(uploadDir, name))).toBe(true);
    }
    expect(readdirSync(uploadParent).sort()).toEqual(before);
    expect(existsSync('/tmp/evil.png')).toBe(false);
    expect(storedFiles().every((f) => /^[0-9a-f-]{36}\.(png|jpg|gif|webp|svg)$/.test(f))).toBe(true);
  });

  it('refuses an upload with no file, an empty file, or two files', async () => {
    const noFile = await upload(fresh(), [{ name: 'note', content: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error).toEqual({ code: 'NO_FILE', message: 'Choose a logo file to upload.' });
    const nothingChosen = await upload(fresh(), [logo('', '', 'application/octet-stream')]);
    expect(nothingChosen.json().error.message).toBe('Choose a logo file to upload.');
    const emptyFile = await upload(fresh(), [logo('', 'logo.png', 'image/png')]);
    expect(emptyFile.statusCode).toBe(400);
    expect(emptyFile.json().error.message).toBe('That file is empty.');
    const json = await fresh().post(url, { logo: 'not a file' });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe('Choose a logo file to upload.');
    const two = await upload(fresh(), [logo(tinyPng(), 'a.png', 'image/png'), logo(tinyPng(), 'b.png', 'image/png')]);
    expect(two.statusCode).toBe(400);
    expect(two.json().error).toEqual({ code: 'TOO_MANY_FILES', message: 'Upload one logo at a time.' });
  });

  it('refuses a cut-off multipart body and one without a boundary (400, nothing stored)', async () => {
    const files = storedFiles();
    const { payload, headers } = multipart([logo(tinyPng(), 'a.png', 'image/png')]);
    const cut = await fresh().post(url, payload.subarray(0, payload.length - 30), headers);
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.message).toBe('The upload could not be read. Please try again.');
    const noBoundary = await fresh().post(url, payload, { 'content-type': 'multipart/form-data' });
    expect(noBoundary.statusCode).toBe(400);
    expect(storedFiles()).toEqual(files);
  });

  it('limits each IP to 20 uploads an hour', async () => {
    const client = fresh();
    for (let i = 0; i < 20; i++) {
      expect((await upload(client, [logo(tinyPng(), 'a.png', 'image/png')])).statusCode).toBe(201);
    }
    const limited = await upload(client, [logo(tinyPng(), 'a.png', 'image/png')]);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('GET /uploads/:name', () => {
  it('answers 404 for names that are not stored uploads, without touching the disk outside', async () => {
    for (const url of [
      '/uploads/0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f.png',
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/../package.json',
      '/uploads/abc.exe',
      '/uploads/',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('"name"');
    }
  });
});
