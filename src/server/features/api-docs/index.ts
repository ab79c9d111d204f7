// The API documentation's public surface: the only file other code may import.
export { documentFor, registerApiDocs } from './routes';
