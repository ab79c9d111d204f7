// The uploads feature's public surface: the only file other code may import.

export { uploadsFeature } from './module';
export { createUploadsRepo, type UploadsRepo } from './repo';
export { uploadRoutes } from './routes';
export { createUploadsService, type StoredImage, type UploadsService } from './service';
