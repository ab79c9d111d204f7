// Phone numbers for tests, seeds and benchmarks: valid US numbers in the 555-0100…555-0199 range set aside
// for fiction, under real area codes (100 numbers per area code). Tests that write a number out use
// 202, 212, 312, 415 and 617; `fictionPhone(n)` counts through the other area codes below, so a generated
// number never equals a written-out one.

/** Real area codes `fictionPhone` counts through (the five written-out ones are left out). */
export const FICTION_AREA_CODES = [
  213, 214, 215, 303, 305, 310, 313, 404, 407, 412, 414, 469, 480, 503, 504, 512, 513, 602, 612, 614, 615, 619, 646,
  702, 704, 713, 718, 720, 732, 773, 786, 801, 813, 816, 818, 832, 858, 901, 913, 916, 917, 919, 925, 949, 972, 206,
  210, 216, 301, 314,
];

/** How many distinct numbers `fictionPhone` gives before it starts again. */
export const FICTION_PHONE_COUNT = FICTION_AREA_CODES.length * 100;

/**
 * The n-th fiction number in E.164 (`fictionPhone(0)` = +12135550100, `fictionPhone(100)` = +12145550100):
 * distinct for n below FICTION_PHONE_COUNT, then around again.
 */
export function fictionPhone(n) {
  const i = ((Math.trunc(n) % FICTION_PHONE_COUNT) + FICTION_PHONE_COUNT) % FICTION_PHONE_COUNT;
  const area = FICTION_AREA_CODES[Math.floor(i / 100)];
  return `+1${area}55501${String(i % 100).padStart(2, '0')}`;
}
