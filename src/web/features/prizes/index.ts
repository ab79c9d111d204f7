/**
 * The prizes feature's public surface: a winner claims a prize through the link they were sent.
 * The route table imports its page (pages/claim-page) lazily and directly, so the screen stays a chunk of its
 * own; nothing else in the app uses this feature's code, so nothing is exported.
 */
export {};
