// `npm run admin:hash -- <passcode> <phrase>`: prints the two environment lines for the admin gate.
// The phrase is hashed lower-cased, because the gate compares it case-insensitively.
import { hash } from '@node-rs/argon2';

const [passcode, ...phraseWords] = process.argv.slice(2);
const phrase = phraseWords.join(' ');
if (passcode?.length !== 8 || !phrase) {
  console.error('usage: npm run admin:hash -- <8-character passcode> <second phrase>');
  process.exit(1);
}
const options = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };
console.log(`ADMIN_PASSCODE_HASH='${await hash(passcode, options)}'`);
console.log(`ADMIN_PHRASE_HASH='${await hash(phrase.trim().toLowerCase(), options)}'`);
