/*
 * The pseudo-locale's text (ADR 0062): each letter of an English message accented and the whole
 * bracketed, so text that went through the catalogs reads "⟦Šîĝñ îñ⟧" and any plain ASCII word left on
 * a page is one that did not. ICU syntax stays as it is: only text at an even depth of braces (the
 * message's own, a plural case's) changes, never an argument's name, `#`, or a `<tag>`'s name.
 */
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'áƀçðéƒĝĥîĵķļɱñöþǫŕšŧûṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŦÛṼŴẊÝŽ'][index] as string,
  ]),
);

export function pseudoMessage(message: string): string {
  let depth = 0;
  let inTag = false;
  let out = '';
  for (const character of message) {
    if (character === '{') depth++;
    else if (character === '}') depth--;
    else if (depth % 2 === 0 && character === '<') inTag = true;
    else if (inTag && character === '>') inTag = false;
    else if (depth % 2 === 0 && !inTag) {
      out += ACCENTED[character] ?? character;
      continue;
    }
    out += character;
  }
  return `⟦${out}⟧`;
}
