/**
 * The payments feature's public surface: donations, tips and the checkout.
 * Code outside this folder imports only this file. The route table (src/web/app/router.tsx) is the one
 * exception: it imports this feature's page modules (pages/*) lazily and directly, so each screen stays a chunk
 * of its own. Pages are never exported here: a static import of this file would pull them into its chunk.
 */
// The donation form: an organization's public page takes gifts with it.
export { DonationForm } from './components/donation-form';
