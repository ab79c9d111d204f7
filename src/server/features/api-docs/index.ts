// The API documentation's public surface: the only file other code may import.
export { type ApiGroup, apiGroupNames, apiGroups } from './groups';
export { documentFor, registerApiDocs } from './routes';
