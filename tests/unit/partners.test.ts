import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanPartnerForm,
  emptyPartnerForm,
  inquiryProblems,
  isHttpUrl,
  isMissingProblem,
  logoAccept,
  logoFileProblem,
  logoMaxBytes,
  multiLine,
  oneLine,
  type PartnerFormValues,
  parsePartnerDraft,
  partnerById,
  partnerDefinitions,
  partnerDraftKey,
  partnerFormFields,
  partnerFormProblems,
} from '../../src/shared/domain/partners';

const filled: PartnerFormValues = {
  ...emptyPartnerForm,
  organizationName: 'Northside Youth Hoops',
  contactPerson: 'Riley',
  email: 'riley@example.com',
  phone: '(202) 555-0188',
  address: '1 Court St',
};

describe('partner definitions', () => {
  it('are the three fixed partners, each with a name, colour and description', () => {
    expect(partnerDefinitions.map((p) => p.id)).toEqual(['sports-excellence', 'community-champions', 'future-stars']);
    for (const p of partnerDefinitions) {
      expect(p.name.length).toBeGreaterThan(3);
      expect(p.description.length).toBeGreaterThan(20);
      expect(p.color.hex).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(partnerById('future-stars')?.name).toBe('Future Stars Academy');
    for (const other of ['', 'Future-Stars', 'future-stars ', '__proto__', 'constructor', undefined]) {
      expect(partnerById(other)).toBeUndefined();
    }
    expect(partnerDraftKey('future-stars')).toBe('fangrid.partner-form.future-stars');
  });
});

describe('inquiryProblems', () => {
  const good = { name: 'Sam', email: 'sam@example.com', phone: '', organization: '', message: 'Hi' };
  it('needs name, email and message (trimmed); phone and organization are optional', () => {
    expect(inquiryProblems(good)).toEqual({});
    expect(inquiryProblems({ ...good, name: ' ', email: '', message: '\n\t' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      message: 'Message is required',
    });
    expect(Object.values(inquiryProblems({ ...good, name: '' })).every(isMissingProblem)).toBe(true);
  });
  it('checks the email format and the lengths', () => {
    expect(inquiryProblems({ ...good, email: 'sam@example' })).toEqual({ email: 'Please enter a valid email address' });
    expect(isMissingProblem('Please enter a valid email address')).toBe(false);
    expect(inquiryProblems({ ...good, message: 'x'.repeat(5000) })).toEqual({});
    expect(inquiryProblems({ ...good, message: 'x'.repeat(5001) })).toEqual({
      message: 'Message can be at most 5,000 characters',
    });
    expect(inquiryProblems({ ...good, organization: 'o'.repeat(201) })).toEqual({
      organization: 'Organization can be at most 200 characters',
    });
  });
  it('takes an optional phone only when it is a phone number', () => {
    expect(inquiryProblems({ ...good, phone: '+1 (202) 555-0123' })).toEqual({});
    expect(inquiryProblems({ ...good, phone: 'call me' })).toEqual({ phone: 'Enter a valid US phone number' });
    expect(partnerFormProblems({ ...filled, phone: '202-555-0123' })).toEqual({});
    expect(partnerFormProblems({ ...filled, phone: 'ext. 12' })).toEqual({
      phone: 'Enter a valid US phone number',
    });
  });
});

describe('partnerFormProblems', () => {
  it('gives the spec message for each required field', () => {
    expect(partnerFormProblems(emptyPartnerForm)).toEqual({
      organizationName: 'Organization name is required',
      contactPerson: 'Contact person is required',
      email: 'Valid email is required',
      phone: 'Phone number is required',
      address: 'Address is required',
    });
    expect(partnerFormProblems(filled)).toEqual({});
  });
  it('needs a valid email, no format check on the optional fields but the logo URL (http(s) only)', () => {
    expect(partnerFormProblems({ ...filled, email: 'riley@' })).toEqual({ email: 'Valid email is required' });
    expect(partnerFormProblems({ ...filled, website: 'not a url', brandColors: '???' })).toEqual({});
    expect(partnerFormProblems({ ...filled, logoUrl: 'javascript:alert(1)' })).toEqual({
      logoUrl: 'Enter a logo URL that starts with http:// or https://',
    });
    expect(partnerFormProblems({ ...filled, logoUrl: 'https://cdn.example/logo.png' })).toEqual({});
  });
});

describe('isHttpUrl', () => {
  it('takes http and https URLs only', () => {
    for (const ok of ['https://a.example/l.png', 'http://localhost:3000/uploads/x.svg'])
      expect(isHttpUrl(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AA',
      'ftp://a.example',
      '/uploads/x.png',
      'https://',
      'https://a b.example',
      '',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
    expect(isHttpUrl(`https://a.example/${'x'.repeat(2048)}`)).toBe(false);
  });
});

describe('oneLine and multiLine', () => {
  it('remove control characters (a run becomes one space) and trim', () => {
    expect(oneLine('  Eve\r\nBcc: x  ')).toBe('Eve Bcc: x');
    expect(multiLine(' a\r\nb\rc\u0000d\te ')).toBe('a\nb\ncd\te');
  });
  it('never leave a line break or control character in a one-line value (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = oneLine(s);
        // biome-ignore lint/suspicious/noControlCharactersInRegex: checking for them
        expect(out).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(out).toBe(out.trim());
        expect(oneLine(out)).toBe(out);
      }),
    );
  });
});

describe('cleanPartnerForm and parsePartnerDraft', () => {
  const formArb = fc.record(
    Object.fromEntries(partnerFormFields.map((f) => [f, fc.string({ maxLength: 60 })])) as Record<
      keyof PartnerFormValues,
      fc.Arbitrary<string>
    >,
  );
  it('cleaning is idempotent and never throws; the rules never throw (property)', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const clean = cleanPartnerForm(form);
        expect(cleanPartnerForm(clean)).toEqual(clean);
        expect(partnerFormProblems(form)).toEqual(partnerFormProblems(clean));
      }),
    );
  });
  it('reads any saved value back as a form of strings, keeping only known fields (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const draft = parsePartnerDraft(value);
        expect(Object.keys(draft)).toEqual([...partnerFormFields]);
        expect(Object.values(draft).every((v) => typeof v === 'string')).toBe(true);
      }),
    );
    expect(parsePartnerDraft({ ...filled, extra: 'x', memo: 42 })).toEqual({ ...filled, memo: '' });
    expect(parsePartnerDraft('{"organizationName":"x"}')).toEqual(emptyPartnerForm);
  });
});

describe('logoFileProblem (browser pre-check)', () => {
  it('takes the six extensions up to 5 MB, one file', () => {
    for (const name of ['a.jpeg', 'a.JPG', 'a.png', 'b.gif', 'c.webp', 'd.svg']) {
      expect(logoFileProblem({ name, size: 10 }), name).toBeNull();
    }
    expect(logoFileProblem({ name: 'a.png', size: logoMaxBytes })).toBeNull();
    expect(logoFileProblem({ name: 'a.png', size: logoMaxBytes + 1 })).toBe('The logo must be 5 MB or smaller.');
    expect(logoFileProblem({ name: 'a.png', size: 0 })).toBe('That file is empty.');
    for (const name of ['a.html', 'png', 'a.png.exe', 'a.bmp']) {
      expect(logoFileProblem({ name, size: 10 }), name).toBe('The logo must be a JPEG, PNG, GIF, WEBP or SVG image.');
    }
    expect(logoAccept).toContain('image/svg+xml');
    expect(logoAccept).toContain('.jpeg');
  });
});
