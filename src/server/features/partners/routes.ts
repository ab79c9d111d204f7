import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partnerPaths } from '../../../shared/contracts/api-paths/partners';
import {
  confirmationRequestSchema,
  confirmationSentSchema,
  createInquirySchema,
  inquiryReceiptSchema,
  partnerErrorCodes,
  partnerFormSchema,
  partnerParamsSchema,
  savedSubmissionSchema,
  submissionParamsSchema,
  uploadedLogoSchema,
} from '../../../shared/contracts/partners';
import { logoMaxBytes, logoMessages, partnerRateLimitMessage } from '../../../shared/domain/partners';
import { AppError, errorBody, retryAfterSeconds } from '../../http/errors';
import type { Clock } from '../../platform/clock';
import type { RateLimiter, Window } from '../../platform/rate-limit';
import type { UploadsService } from '../uploads';
import type { PartnersService } from './service';

/** Room for the multipart boundaries and part headers around a logo of the maximum size. */
const multipartOverhead = 64 * 1024;

const uploadRefusals = {
  empty: [400, partnerErrorCodes.noFile, logoMessages.empty],
  'wrong-type': [422, partnerErrorCodes.unsupportedFile, logoMessages.wrongType],
  'bad-svg': [422, partnerErrorCodes.unsupportedFile, logoMessages.badSvg],
  'too-large': [413, partnerErrorCodes.fileTooLarge, logoMessages.tooLarge],
} as const;

/** Multipart parser failures in FanGrid's words. */
function uploadError(err: unknown): AppError {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError(413, partnerErrorCodes.fileTooLarge, logoMessages.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new AppError(400, partnerErrorCodes.tooManyFiles, logoMessages.oneFile);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(400, partnerErrorCodes.tooManyFiles, logoMessages.oneFile);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError(400, partnerErrorCodes.noFile, logoMessages.noFile);
  // Anything else thrown while reading parts is the body itself: cut off, no boundary, bad part headers.
  return new AppError(400, partnerErrorCodes.noFile, 'The upload could not be read. Please try again.');
}

/**
 * The public partner endpoints: inquiries, partner forms and their confirmation emails, and logo uploads.
 * Each is limited per IP (PARTNERS_RATE_LIMIT_PER_HOUR, counted in PostgreSQL) before any work is done.
 */
export const partnerRoutes: FastifyPluginAsyncZod<{
  service: PartnersService;
  uploads: UploadsService;
  limiter: RateLimiter;
  clock: Clock;
  perHour: number;
}> = async (app, { service, uploads, limiter, clock, perHour }) => {
  // Multipart only in this plugin: other routes keep refusing it. The parser itself stops at 5 MB.
  await app.register(multipart, {
    limits: { fileSize: logoMaxBytes, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 20 },
    throwFileSizeLimit: true,
  });

  const window: Window = { max: perHour, windowMs: 60 * 60_000 };
  /** Each action's route declares its per-address limit (route config perAddressLimit). */
  const limited = (action: string) => ({ perAddressLimit: { scope: `partners-${action}`, max: window.max } });

  async function withinLimit(action: string, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const { allowed, retryAt } = await limiter.hit(`partners-${action}:${req.client}`, window);
    if (allowed) return true;
    reply.header('retry-after', retryAfterSeconds(retryAt, clock.now()));
    await reply.code(429).send(errorBody(partnerErrorCodes.rateLimited, partnerRateLimitMessage));
    return false;
  }

  app.post(
    partnerPaths.inquiries,
    { schema: { body: createInquirySchema, response: { 201: inquiryReceiptSchema } }, config: limited('inquiry') },
    async (req, reply) => {
      if (!(await withinLimit('inquiry', req, reply))) return reply;
      const receipt = await service.submitInquiry(req.body);
      return reply.code(201).send(receipt);
    },
  );

  app.post(
    partnerPaths.submissions.pattern,
    {
      schema: { params: partnerParamsSchema, body: partnerFormSchema, response: { 201: savedSubmissionSchema } },
      config: limited('save'),
    },
    async (req, reply) => {
      if (!(await withinLimit('save', req, reply))) return reply;
      const saved = await service.saveSubmission(req.params.partnerId, req.body);
      return reply.code(201).header('cache-control', 'no-store').send(saved);
    },
  );

  app.post(
    partnerPaths.confirmation.pattern,
    {
      schema: {
        params: submissionParamsSchema,
        body: confirmationRequestSchema,
        response: { 200: confirmationSentSchema },
      },
      config: limited('email'),
    },
    async (req, reply) => {
      if (!(await withinLimit('email', req, reply))) return reply;
      return reply
        .header('cache-control', 'no-store')
        .send(await service.sendConfirmation(req.params.submissionId, req.body.receipt));
    },
  );

  /** One logo file (multipart, any field name), checked by its bytes and stored under a random name. */
  app.post(
    partnerPaths.logos,
    { schema: { response: { 201: uploadedLogoSchema } }, config: limited('logo') },
    async (req, reply) => {
      if (!(await withinLimit('logo', req, reply))) return reply;
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > logoMaxBytes + multipartOverhead) {
        throw new AppError(413, partnerErrorCodes.fileTooLarge, logoMessages.tooLarge);
      }
      if (!req.isMultipart()) throw new AppError(400, partnerErrorCodes.noFile, logoMessages.noFile);
      let file: Buffer | undefined;
      try {
        for await (const part of req.parts()) {
          if (part.type !== 'file') continue;
          const bytes = await part.toBuffer();
          // A form submitted with no file chosen still sends an empty, nameless file part.
          if (part.filename || bytes.length > 0) file = bytes;
        }
      } catch (err) {
        throw err instanceof AppError ? err : uploadError(err);
      }
      if (!file) throw new AppError(400, partnerErrorCodes.noFile, logoMessages.noFile);
      const stored = await uploads.storeImage(file, 'partner-logo');
      if (!stored.ok) {
        const [status, code, message] = uploadRefusals[stored.reason];
        throw new AppError(status, code, message);
      }
      const { url, path, contentType, bytes } = stored.image;
      return reply.code(201).header('cache-control', 'no-store').send({ url, path, contentType, bytes });
    },
  );
};
