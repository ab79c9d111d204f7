// The organizations' public pages feature's public surface: the only file other code may import.
export { orgPagesFeature } from './module';
