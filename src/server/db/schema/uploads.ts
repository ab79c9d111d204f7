import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * Files stored through the storage platform (disk or S3) and served at /uploads/<name>. The name is
 * made by the server (random UUID + the extension of the type found in the bytes); the client's file
 * name is never kept.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    name: text('name').notNull().unique(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** What it was uploaded for, e.g. 'partner-logo'. */
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_created_idx').on(t.createdAt)],
);
