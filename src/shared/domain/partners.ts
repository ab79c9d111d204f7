/**
 * Partners: the three fixed partner definitions, the partnership inquiry and the partner
 * detail form with their rules and messages, and the logo limits. Shared by the API contract, the server
 * and the forms, so every side says the same thing.
 */

import { formatInteger } from './en-us';
import { normalizePhone, phoneFormatProblem } from './phone';
import { toMultiLine, toSingleLine } from './text';

export interface PartnerDefinition {
  id: string;
  name: string;
  /** The partner's colour: a design-system accent for the page, its hex for emails. */
  color: { accent: 'blue' | 'green' | 'purple'; hex: string };
  description: string;
}

/** 'Partner definitions are fixed: name, color, description per id'. */
export const partnerDefinitions: readonly PartnerDefinition[] = [
  {
    id: 'sports-excellence',
    name: 'Sports Excellence Foundation',
    color: { accent: 'blue', hex: '#2563eb' },
    description: 'Supporting youth athletics and sports education programs in underserved communities.',
  },
  {
    id: 'community-champions',
    name: 'Community Champions',
    color: { accent: 'green', hex: '#15803d' },
    description: 'Building stronger neighborhoods through local leagues, coaching clinics and recreation programs.',
  },
  {
    id: 'future-stars',
    name: 'Future Stars Academy',
    color: { accent: 'purple', hex: '#9333ea' },
    description: "Developing tomorrow's athletes through training, mentorship and scholarships.",
  },
];

export const partnerIds = partnerDefinitions.map((p) => p.id);

/** The partner with this id, or undefined for any other id (the 'Partner Not Found' page). */
export function partnerById(id: string | undefined): PartnerDefinition | undefined {
  return partnerDefinitions.find((p) => p.id === id);
}

/** A simple, permissive address check (one @, a dot in the domain, no spaces), as sign-up uses. */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => value.length <= 254 && emailPattern.test(value);

/** http(s) URLs only: a manual logo URL must not be javascript:, data: or a file path. */
export function isHttpUrl(value: string): boolean {
  if (value.length > partnerFormLimits.logoUrl || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A one-line field as stored: each run of refused characters (line breaks too) becomes one space; trimmed. */
export const oneLine = toSingleLine;

/** Multi-line text as stored: line breaks as \n, tabs kept, no other refused character; trimmed. */
export const multiLine = toMultiLine;

// ---------------------------------------------------------------------------------------------------
// Partnership inquiry (docs/product.md#partners)

export const inquiryFields = ['name', 'email', 'phone', 'organization', 'message'] as const;
export type InquiryField = (typeof inquiryFields)[number];
export type InquiryValues = Record<InquiryField, string>;

export const inquiryLimits: Record<InquiryField, number> = {
  name: 120,
  email: 254,
  phone: 40,
  organization: 200,
  message: 5000,
};

const inquiryLabels: Record<InquiryField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  organization: 'Organization',
  message: 'Message',
};

export const inquiryMessages = {
  /** 'Missing Information' variant. */
  missing: { title: 'Missing Information', message: 'Please fill in all required fields' },
  required: (field: InquiryField) => `${inquiryLabels[field]} is required`,
  tooLong: (field: InquiryField) =>
    `${inquiryLabels[field]} can be at most ${formatInteger(inquiryLimits[field])} characters`,
  email: 'Please enter a valid email address',
  /** Success. */
  submitted: { title: 'Inquiry Submitted!', message: "We'll get back to you within 24 hours" },
} as const;

/** A valid US phone in its stored form (E.164); anything else as typed, for the rules to refuse. */
const cleanPhone = (value: string) => normalizePhone(value) ?? oneLine(value);

/** The inquiry as stored: one-line fields cleaned, the message trimmed, the phone in E.164. */
export function cleanInquiry(input: InquiryValues): InquiryValues {
  return {
    name: oneLine(input.name),
    email: oneLine(input.email),
    phone: cleanPhone(input.phone),
    organization: oneLine(input.organization),
    message: multiLine(input.message),
  };
}

/** Name, email and message required; phone and organization optional. Problems by field. */
export function inquiryProblems(input: InquiryValues): Partial<Record<InquiryField, string>> {
  const values = cleanInquiry(input);
  const problems: Partial<Record<InquiryField, string>> = {};
  for (const field of inquiryFields) {
    const value = values[field];
    const required = field === 'name' || field === 'email' || field === 'message';
    if (required && value.length === 0) problems[field] = inquiryMessages.required(field);
    else if (value.length > inquiryLimits[field]) problems[field] = inquiryMessages.tooLong(field);
    else if (field === 'email' && !isEmail(value)) problems[field] = inquiryMessages.email;
    else if (field === 'phone' && phoneFormatProblem(value)) problems[field] = phoneFormatProblem(value);
  }
  return problems;
}

/** True when a problem is a missing required field (the 'Missing Information' case). */
export const isMissingProblem = (problem: string | undefined) => problem?.endsWith(' is required') ?? false;

// ---------------------------------------------------------------------------------------------------
// Partner detail form (docs/product.md#partners)

export const partnerFormFields = [
  'organizationName',
  'contactPerson',
  'email',
  'phone',
  'address',
  'website',
  'memo',
  'currentSponsorships',
  'brandColors',
  'brandDescription',
  'logoUrl',
] as const;
export type PartnerFormField = (typeof partnerFormFields)[number];
export type PartnerFormValues = Record<PartnerFormField, string>;

export const requiredPartnerFields = ['organizationName', 'contactPerson', 'email', 'phone', 'address'] as const;

export const partnerFormLimits: Record<PartnerFormField, number> = {
  organizationName: 200,
  contactPerson: 120,
  email: 254,
  phone: 40,
  address: 500,
  website: 2048,
  memo: 5000,
  currentSponsorships: 5000,
  brandColors: 500,
  brandDescription: 5000,
  logoUrl: 2048,
};

/** Fields written on one line (the rest keep their line breaks). */
const oneLineFields: ReadonlySet<PartnerFormField> = new Set([
  'organizationName',
  'contactPerson',
  'email',
  'phone',
  'website',
  'brandColors',
  'logoUrl',
]);

export const partnerFormLabels: Record<PartnerFormField, string> = {
  organizationName: 'Organization name',
  contactPerson: 'Contact person',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  website: 'Website',
  memo: 'Memo & notes',
  currentSponsorships: 'Current sponsorships',
  brandColors: 'Brand colors',
  brandDescription: 'Brand description',
  logoUrl: 'Logo URL',
};

export const partnerFormMessages = {
  /** The required-field messages, word for word (docs/product.md#partners). */
  organizationName: 'Organization name is required',
  contactPerson: 'Contact person is required',
  email: 'Valid email is required',
  phone: 'Phone number is required',
  address: 'Address is required',
  logoUrl: 'Enter a logo URL that starts with http:// or https://',
  tooLong: (field: PartnerFormField) =>
    `${partnerFormLabels[field]} can be at most ${formatInteger(partnerFormLimits[field])} characters`,
  invalid: 'Please fix the highlighted fields.',
  /** Success and failure texts (alerts in the old app; dialogs here). */
  saved: 'Partner information saved successfully!',
  emailSent: 'Confirmation email sent successfully!',
  emailFailed: 'Error sending confirmation email. Please try again.',
  notFound: { title: 'Partner Not Found', message: 'We could not find a partner with that id.' },
  submissionNotFound: 'We could not find that saved partner form. Please save it again.',
  tooManyConfirmations: 'The confirmation email for this form was already sent. Save the form again to send another.',
} as const;

export const emptyPartnerForm: PartnerFormValues = Object.fromEntries(
  partnerFormFields.map((field) => [field, '']),
) as PartnerFormValues;

/** The form as stored: every field trimmed, one-line fields without line breaks. */
export function cleanPartnerForm(input: PartnerFormValues): PartnerFormValues {
  const out = { ...emptyPartnerForm };
  for (const field of partnerFormFields) {
    const value = input[field] ?? '';
    out[field] = oneLineFields.has(field) ? oneLine(value) : multiLine(value);
  }
  out.phone = cleanPhone(out.phone);
  return out;
}

/**
 * Partner form rules, by field: the five required fields with their messages (email must be
 * valid), the rest optional with no format check except the logo URL (http(s) only), and length limits.
 */
export function partnerFormProblems(input: PartnerFormValues): Partial<Record<PartnerFormField, string>> {
  const values = cleanPartnerForm(input);
  const problems: Partial<Record<PartnerFormField, string>> = {};
  for (const field of partnerFormFields) {
    const value = values[field];
    if ((requiredPartnerFields as readonly string[]).includes(field) && value.length === 0) {
      problems[field] = partnerFormMessages[field as (typeof requiredPartnerFields)[number]];
    } else if (field === 'email' && !isEmail(value)) {
      problems[field] = partnerFormMessages.email;
    } else if (value.length > partnerFormLimits[field]) {
      problems[field] = partnerFormMessages.tooLong(field);
    } else if (field === 'logoUrl' && value.length > 0 && !isHttpUrl(value)) {
      problems[field] = partnerFormMessages.logoUrl;
    } else if (field === 'phone' && phoneFormatProblem(value)) {
      problems[field] = phoneFormatProblem(value);
    }
  }
  return problems;
}

/** Reads a saved local draft back: unknown shapes read as an empty form, unknown keys are dropped. */
export function parsePartnerDraft(value: unknown): PartnerFormValues {
  const out = { ...emptyPartnerForm };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return out;
  for (const field of partnerFormFields) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === 'string') out[field] = v.slice(0, partnerFormLimits[field]);
  }
  return out;
}

/** The browser key holding one partner's draft (a per-partnerId key, loaded on open). */
export const partnerDraftKey = (partnerId: string) => `fangrid.partner-form.${partnerId}`;

// ---------------------------------------------------------------------------------------------------
// Logo (docs/product.md#partners)

/** At most 5 MB (5,242,880 bytes), one file. */
export const logoMaxBytes = 5_242_880;
/** jpeg, jpg, png, gif, webp, svg. */
export const logoExtensions = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'svg'] as const;
export const logoMimeTypes = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
/** The file picker's `accept`: both the types and the extensions, for platforms that know only one. */
export const logoAccept = [...logoMimeTypes, ...logoExtensions.map((e) => `.${e}`)].join(',');

export const logoMessages = {
  /** The upload failure text, shown for any failed upload (with the reason below it when there is one). */
  failed: 'Error uploading logo. Please try again.',
  uploading: 'Uploading logo...',
  dropHere: 'Drop the logo here...',
  noFile: 'Choose a logo file to upload.',
  oneFile: 'Upload one logo at a time.',
  tooLarge: 'The logo must be 5 MB or smaller.',
  wrongType: 'The logo must be a JPEG, PNG, GIF, WEBP or SVG image.',
  badSvg: 'That SVG could not be read as an image.',
  empty: 'That file is empty.',
} as const;

/**
 * A quick check in the browser before uploading (by name and size; the server decides by the bytes).
 * Returns the reason a file cannot be a logo, or null.
 */
export function logoFileProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) return logoMessages.empty;
  if (file.size > logoMaxBytes) return logoMessages.tooLarge;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(logoExtensions as readonly string[]).includes(ext)) return logoMessages.wrongType;
  return null;
}

/** 'Generic' rate limit text for the public partner endpoints. */
export const partnerRateLimitMessage = 'Too many requests from your network. Please wait a while and try again.';
