export { createDiskStorage } from './disk';
export { createS3Storage, type S3Settings } from './s3';
export { assertStorageKey, type BlobStorage, isStorageKey, type StoredObject } from './storage';
